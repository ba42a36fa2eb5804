/**
 * A report crosses from the Worker to the page in slices. A browser copies a message's data in one
 * piece on the receiving thread; a 5,000-node cluster's report is tens of megabytes, and copied in one
 * piece it freezes the page for a fifth of a second. In slices of a few hundred entries each copy is a
 * few milliseconds, and the page paints and takes clicks between them.
 */
import type { Report } from "../report";

/** The lists of a report that grow with the cluster; everything else travels in the head. */
export const REPORT_LISTS = [
  "certificates",
  "components",
  "trustAnchors",
  "relationships",
  "findings",
] as const;

export type ReportList = (typeof REPORT_LISTS)[number];

/** The report without its long lists (and without its skipped files, which travel as a list too). */
export type ReportHead = Omit<Report, ReportList>;

/** One message's worth of a report: its head, or a slice of one of its lists. */
export type ReportPart =
  /** `order`: the report's keys as they were, so the copy serialises to the same JSON. */
  | { kind: "head"; head: ReportHead; order: string[] }
  | { [L in ReportList]: { kind: "slice"; list: L; items: Report[L] } }[ReportList]
  | { kind: "slice"; list: "skipped"; items: Report["inputs"]["skipped"] };

/** Entries per slice: a few hundred relationships or certificates are well under a megabyte. */
export const ITEMS_PER_PART = 400;

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * Cut a report into parts: the head first, then each list in slices of at most `size` entries.
 * {@link assembleReport} puts them back together into a report equal to the one given.
 */
export function splitReport(report: Report, size = ITEMS_PER_PART): ReportPart[] {
  const { certificates, components, trustAnchors, relationships, findings, ...rest } = report;
  const head: ReportHead = { ...rest, inputs: { ...rest.inputs, skipped: [] } };
  const parts: ReportPart[] = [{ kind: "head", head, order: Object.keys(report) }];
  for (const items of slices(report.inputs.skipped, size))
    parts.push({ kind: "slice", list: "skipped", items });
  for (const items of slices(certificates, size)) parts.push({ kind: "slice", list: "certificates", items });
  for (const items of slices(components, size)) parts.push({ kind: "slice", list: "components", items });
  for (const items of slices(trustAnchors, size)) parts.push({ kind: "slice", list: "trustAnchors", items });
  for (const items of slices(relationships, size))
    parts.push({ kind: "slice", list: "relationships", items });
  for (const items of slices(findings, size)) parts.push({ kind: "slice", list: "findings", items });
  return parts;
}

/**
 * Collects the parts of one report as they arrive. The lists keep the report's order because the
 * parts of one report arrive in the order they were posted.
 */
export class ReportAssembler {
  private head: ReportHead | undefined;
  private order: string[] = [];
  private readonly skipped: Report["inputs"]["skipped"] = [];
  private readonly lists: { [L in ReportList]: Report[L] } = {
    certificates: [],
    components: [],
    trustAnchors: [],
    relationships: [],
    findings: [],
  };

  /** Adds one part; slices append to their list. */
  add(part: ReportPart): void {
    if (part.kind === "head") {
      this.head = part.head;
      this.order = part.order;
      return;
    }
    // Looping rather than spreading: a spread of thousands of arguments can overflow the stack.
    const into: unknown[] = part.list === "skipped" ? this.skipped : this.lists[part.list];
    for (const item of part.items) into.push(item);
  }

  /** The whole report, or undefined when no head arrived (a bug on the sending side). */
  report(): Report | undefined {
    if (!this.head) return undefined;
    const fields: Record<string, unknown> = {
      ...this.head,
      inputs: { ...this.head.inputs, skipped: this.skipped },
      ...this.lists,
    };
    const report: Record<string, unknown> = {};
    // The sender's order first; a field it did not name (none today) still comes along.
    for (const key of [...this.order, ...Object.keys(fields)])
      if (!(key in report) && key in fields) report[key] = fields[key];
    return report as unknown as Report;
  }
}

/** The report the parts make up, in one call (tests, and hosts that get every part at once). */
export function assembleReport(parts: readonly ReportPart[]): Report | undefined {
  const assembler = new ReportAssembler();
  for (const part of parts) assembler.add(part);
  return assembler.report();
}
