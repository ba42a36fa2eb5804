/**
 * The renewal plan as a section of the Markdown audit: a heading per day a certificate expires,
 * what stops working then, a table of certificates with their renewal step and what to do after,
 * and the plan's commands as one shell block to paste. The same plan as `--format plan`.
 */
import { renewalPlan } from "../plan/renewal-plan";
import type { RenewalDay } from "../plan/types";
import type { Report } from "../report";
import { inertReport } from "./inert-report";
import { countNoun, EXPIRY_STATE_LABEL, expiryPhrase } from "./labels";
import { codeBlock, codeSpan, escapeMarkdown, tableRow } from "./markdown-text";
import { nodesPhrase } from "./node-fold";
import { type PlanRow, planRows } from "./plan-rows";
import { dayEarliest, type ProcedureGroup, procedureGroups } from "./plan-view";
import { pushAll } from "../shared/collections";

/** Render the renewal plan of `report` as a `## Renewal plan` section, its input text inert (`inertReport`). */
export function renewalPlanSection(input: Report): string {
  const report = inertReport(input);
  const plan = renewalPlan(report);
  if (plan.days.length === 0) return "## Renewal plan\n\nNo certificates in the input: nothing to renew.";
  const parts = [
    "## Renewal plan",
    "",
    "Every certificate by the UTC day it expires, earliest first, with the step that renews it. Commands " +
      "run as root on the node; kubeadm's on every control-plane node.",
  ];
  const rows = plan.days.map((day) => planRows(report, day.items));
  plan.days.forEach((day, index) => parts.push("", dayBlock(report, day, rows[index] ?? [])));
  parts.push("", "### Commands, in order", "");
  if (plan.commands.length === 0) parts.push("None: every step above is a procedure.");
  else {
    pushAll(parts, codeBlock(plan.commands, "sh"));
  }
  const procedures = procedureGroups(rows.flat());
  if (procedures.length > 0) {
    parts.push("", "Not commands:", "");
    pushAll(parts, procedures.map(procedureLine));
  }
  return parts.join("\n");
}

function dayBlock(report: Report, day: RenewalDay, rows: PlanRow[]): string {
  const lines = [
    `### ${day.date} — ${escapeMarkdown(expiryPhrase(report.now, dayEarliest(day)))} (${EXPIRY_STATE_LABEL[day.state]}, ${countNoun(day.items.length, "certificate")})`,
    "",
    `If not renewed: ${escapeMarkdown(day.impact)}.`,
    "",
    tableRow(["Certificate", "Renewal", "Afterwards"]),
    "| --- | --- | --- |",
    ...rows.map(({ item, label, nodes, restart }) =>
      tableRow([
        nodes.length === 0 ? codeSpan(label) : `${codeSpan(label)} (${escapeMarkdown(nodesPhrase(nodes))})`,
        item.runnable ? codeSpan(item.command) : escapeMarkdown(item.command),
        escapeMarkdown(restart.join("; ")),
      ]),
    ),
  ];
  const notes = notesOf(rows);
  const guides = [...new Set(day.items.flatMap((item) => (item.docUrl === undefined ? [] : [item.docUrl])))];
  if (notes.length > 0 || guides.length > 0) lines.push("");
  pushAll(lines, notes);
  pushAll(
    lines,
    guides.map((url) => `- Guide: <${url}>`),
  );
  return lines.join("\n");
}

function procedureLine(group: ProcedureGroup): string {
  const names = group.days
    .map(({ date, labels }) => `${labels.map(codeSpan).join(", ")} (${date})`)
    .join("; ");
  const guide = group.docUrl === undefined ? "" : ` — <${group.docUrl}>`;
  return `- ${group.title}: ${names}${guide}`;
}

/** Each distinct note once, naming every certificate (or file on many nodes) it is about. */
function notesOf(rows: PlanRow[]): string[] {
  const notes = new Map<string, PlanRow[]>();
  for (const row of rows) {
    const { note } = row.item;
    if (note !== undefined) notes.set(note, [...(notes.get(note) ?? []), row]);
  }
  return [...notes.entries()].map(([note, named]) => {
    const names = named.map(({ label, nodes }) =>
      nodes.length === 0 ? codeSpan(label) : `${codeSpan(label)} (${escapeMarkdown(nodesPhrase(nodes))})`,
    );
    return `- ${names.join(", ")}: ${escapeMarkdown(note)}`;
  });
}
