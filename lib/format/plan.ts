/**
 * The renewal plan for a terminal (`k8s-pki audit --format plan`): one block per day a certificate
 * expires, earliest first, each naming what stops working that day, every certificate with the step
 * that renews it, and what to restart; then the whole plan as commands to paste, and the steps that
 * are procedures rather than commands. Commands are never wrapped, so each stays one copyable line.
 * Pure: the CLI decides colour and width and prints the string.
 */
import type { ExpiryState } from "../expiry";
import { renewalPlan } from "../plan/renewal-plan";
import type { RenewalDay } from "../plan/types";
import type { Report } from "../report";
import { createStyler, type Style, type Styler } from "./ansi";
import { countNoun, EXPIRY_STATE_LABEL, expiryPhrase, formatUtc, thresholdsPhrase } from "./labels";
import { nodesPhrase } from "./node-fold";
import { foldPhrases, type PlanRow, planRows } from "./plan-rows";
import { dayEarliest, procedureGroups } from "./plan-view";
import { inertReport } from "./inert-report";
import { fitColumns, padEnd, textWidth, truncate, wrap } from "./text-layout";
import { pushAll } from "../shared/collections";

export interface PlanOptions {
  /** ANSI colours; the CLI passes `isTTY && !NO_COLOR && !--no-color`. */
  color: boolean;
  /** Terminal columns to stay within where possible (default 100); commands are never cut. */
  width?: number;
}

const DEFAULT_WIDTH = 100;
const INDENT = "  ";
const NOTE_INDENT = "    ";
/** The widest a certificate's name column gets before it is cut in the middle. */
const LABEL_MAX = 40;

/**
 * Render the renewal plan of `report` as plain text. Every state carries a symbol and a word, so
 * colour is never the only cue; colour codes appear only when `options.color` is true. Paths and
 * names from the input, in commands too, are printed inert (`inertReport`).
 */
export function formatPlan(input: Report, options: PlanOptions): string {
  const report = inertReport(input);
  const width = options.width ?? DEFAULT_WIDTH;
  const style = createStyler(options.color);
  const plan = renewalPlan(report);
  const lines = header(report, plan.days, width, style);
  if (plan.days.length === 0)
    return [...lines, "", "No certificates in the input: nothing to renew."].join("\n") + "\n";
  const rows = new Map(plan.days.map((day) => [day, planRows(report, day.items)]));
  const labelWidth = Math.min(
    LABEL_MAX,
    fitColumns(
      [...rows.values()].flatMap((dayRows) => dayRows.map((row) => [row.label])),
      LABEL_MAX,
      [0],
    )[0] ?? 0,
  );
  for (const day of plan.days) {
    lines.push("");
    pushAll(lines, dayBlock(report, day, rows.get(day) ?? [], { labelWidth, width, style }));
  }
  lines.push("");
  pushAll(lines, commandSection(plan.commands, width, style));
  const procedures = procedureLines([...rows.values()].flat(), width, style);
  if (procedures.length > 0) {
    lines.push("", style.bold("Not commands"));
    pushAll(lines, procedures);
  }
  return lines.join("\n") + "\n";
}

function header(report: Report, days: RenewalDay[], width: number, style: Styler): string[] {
  const lines = [
    ...wrap(`K8s PKI renewal plan · judged at ${formatUtc(report.now)}`, width, "", "  ").map(style.bold),
    ...wrap(thresholdsPhrase(report), width, "", "  "),
  ];
  const first = days[0];
  if (first) {
    const count = days.reduce((sum, day) => sum + day.items.length, 0);
    const next = `${countNoun(count, "certificate")} on ${countNoun(days.length, "day")}; the first: ${first.date}, ${dayDistance(report, first)}.`;
    pushAll(lines, wrap(next, width, "", "  "));
  }
  return lines;
}

interface DayLayout {
  labelWidth: number;
  width: number;
  style: Styler;
}

function dayBlock(report: Report, day: RenewalDay, rows: PlanRow[], layout: DayLayout): string[] {
  const { labelWidth, width, style } = layout;
  const heading = `${day.date} · ${dayDistance(report, day)} · ${EXPIRY_STATE_LABEL[day.state]} · ${countNoun(day.items.length, "certificate")}`;
  const lines = [stateStyle(day.state, style)(style.bold(heading))];
  pushAll(lines, wrap(`If not renewed: ${day.impact}.`, width, INDENT, NOTE_INDENT));
  const notes = new Set<string>();
  for (const row of rows) {
    const { item } = row;
    lines.push(itemLine(row, labelWidth, width, style));
    if (row.nodes.length > 0) pushAll(lines, dimWrap(`on ${nodesPhrase(row.nodes)}`, width, style));
    // One explanation per day: ten kubeadm certificates or three CAs share theirs.
    if (item.note !== undefined && !notes.has(item.note)) {
      notes.add(item.note);
      pushAll(lines, dimWrap(item.note, width, style));
    }
  }
  // One restart per node reads as one restart on all of them.
  const afterwards = foldPhrases(report, day.afterwards ?? []);
  if (afterwards.length > 0)
    pushAll(lines, wrap(`Afterwards: ${afterwards.join("; ")}.`, width, INDENT, NOTE_INDENT));
  for (const url of new Set(day.items.flatMap((item) => (item.docUrl === undefined ? [] : [item.docUrl]))))
    lines.push(`${INDENT}${style.dim("Guide:")} ${url}`);
  return lines;
}

/** A note under a certificate, dimmed, indented past the certificate column's start. */
function dimWrap(text: string, width: number, style: Styler): string[] {
  return wrap(text, width, NOTE_INDENT).map(
    (line) => NOTE_INDENT + style.dim(line.slice(NOTE_INDENT.length)),
  );
}

/** A certificate and its step; a command stays on one line, a procedure wraps under it. */
function itemLine(row: PlanRow, labelWidth: number, width: number, style: Styler): string {
  const { item } = row;
  const label = padEnd(truncate(row.label, labelWidth, true), labelWidth);
  const lead = `${INDENT}${label}  `;
  if (item.runnable) return `${lead}${style.cyan(item.command)}`;
  const wrapped = wrap(item.command, width, lead, " ".repeat(textWidth(lead)));
  return wrapped.join("\n");
}

function commandSection(commands: string[], width: number, style: Styler): string[] {
  const title = "Commands, in order (as root on the node; kubeadm's on every control-plane node)";
  if (commands.length === 0)
    return [style.bold(title), `${INDENT}${style.dim("none: every step below is a procedure")}`];
  return [
    ...wrap(title, width).map(style.bold),
    ...commands.map((command) => `${INDENT}${style.cyan(command)}`),
  ];
}

/** The steps that are not commands, one line per kind, naming the certificates by day. */
function procedureLines(rows: PlanRow[], width: number, style: Styler): string[] {
  return procedureGroups(rows).flatMap((group) => {
    const names = group.days.map(({ date, labels }) => `${labels.join(", ")} (${date})`).join("; ");
    const lines = wrap(`${group.title}: ${names}`, width, INDENT, NOTE_INDENT);
    return group.docUrl === undefined
      ? lines
      : [...lines, `${NOTE_INDENT}${style.dim("Guide:")} ${group.docUrl}`];
  });
}

/** "in 356 days", "expired 31 days ago": the day told from the report's instant by its earliest expiry. */
function dayDistance(report: Report, day: RenewalDay): string {
  return expiryPhrase(report.now, dayEarliest(day)).replace(/^expires /, "");
}

function stateStyle(state: ExpiryState, style: Styler): Style {
  return { expired: style.red, "not-yet-valid": style.red, soon: style.yellow, ok: style.green }[state];
}
