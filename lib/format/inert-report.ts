/**
 * The report as the text formats read it. Subjects, SANs, file paths, kubeconfig entry names and
 * node names are whatever the input holds, and a finding's detail or a plan's command quotes them;
 * the table, the plan and the Markdown report are built from this copy, in which every string has
 * gone through `inertText` once. So no line they print can carry a character a terminal acts on,
 * and the widths they measure are those of the text printed. JSON is written from the report itself,
 * exact.
 */
import type { Report } from "../report";
import { inertText } from "./inert-text";

/** `value` with every string in it made inert; the same object where nothing needed rewriting. */
function inertValue(value: unknown): unknown {
  if (typeof value === "string") return inertText(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const inert = inertValue(item);
      if (inert === item) continue;
      copy ??= [...value];
      copy[index] = inert;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // The report's keys are its own field names, never text from the input.
  for (const key in record) {
    const item = record[key];
    const inert = inertValue(item);
    if (inert === item) continue;
    copy ??= { ...record };
    copy[key] = inert;
  }
  return copy ?? value;
}

const inertReports = new WeakMap<Report, Report>();

/**
 * `report` with every string written by `inertText` (control, bidi and invisible characters as
 * visible escapes), for the text formats. A report without such characters — nearly every one — is
 * returned as it is, and a part without them is shared, not copied; the same report asked twice
 * (the Markdown report and its renewal plan) is walked once. Ids and keys are rewritten alike, so
 * every reference inside the copy still finds what it names.
 */
export function inertReport(report: Report): Report {
  const known = inertReports.get(report);
  if (known) return known;
  const inert = inertValue(report) as Report;
  inertReports.set(report, inert);
  inertReports.set(inert, inert);
  return inert;
}
