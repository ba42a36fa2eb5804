/**
 * The renewal plan as a section of the Markdown audit: a heading per day a certificate expires,
 * what stops working then, a table of certificates with their renewal step and what to do after,
 * and the plan's commands as one shell block to paste. The same plan as `--format plan`.
 */
import { renewalPlan } from "../plan/renewal-plan";
import type { RenewalDay, RenewalItem } from "../plan/types";
import type { Report } from "../report";
import { countNoun, EXPIRY_STATE_LABEL, expiryPhrase } from "./labels";
import { codeSpan, escapeMarkdown, tableRow } from "./markdown-text";
import { dayEarliest, type ProcedureGroup, procedureGroups } from "./plan-view";

/** Render the renewal plan of `report` as a `## Renewal plan` section. */
export function renewalPlanSection(report: Report): string {
  const plan = renewalPlan(report);
  if (plan.days.length === 0) return "## Renewal plan\n\nNo certificates in the input: nothing to renew.";
  const parts = [
    "## Renewal plan",
    "",
    "Every certificate by the UTC day it expires, earliest first, with the step that renews it. Commands " +
      "run as root on the node; kubeadm's on every control-plane node.",
  ];
  for (const day of plan.days) parts.push("", dayBlock(report, day));
  parts.push("", "### Commands, in order", "");
  if (plan.commands.length === 0) parts.push("None: every step above is a procedure.");
  else parts.push("```sh", ...plan.commands, "```");
  const procedures = procedureGroups(plan.days.flatMap((day) => day.items));
  if (procedures.length > 0) parts.push("", "Not commands:", "", ...procedures.map(procedureLine));
  return parts.join("\n");
}

function dayBlock(report: Report, day: RenewalDay): string {
  const lines = [
    `### ${day.date} — ${escapeMarkdown(expiryPhrase(report.now, dayEarliest(day)))} (${EXPIRY_STATE_LABEL[day.state]}, ${countNoun(day.items.length, "certificate")})`,
    "",
    `If not renewed: ${escapeMarkdown(day.impact)}.`,
    "",
    tableRow(["Certificate", "Renewal", "Afterwards"]),
    "| --- | --- | --- |",
    ...day.items.map((item) =>
      tableRow([
        codeSpan(item.label),
        item.runnable ? codeSpan(item.command) : escapeMarkdown(item.command),
        escapeMarkdown(item.restart.join("; ")),
      ]),
    ),
  ];
  const notes = notesOf(day.items);
  const guides = [...new Set(day.items.flatMap((item) => (item.docUrl === undefined ? [] : [item.docUrl])))];
  if (notes.length > 0 || guides.length > 0) lines.push("");
  lines.push(...notes, ...guides.map((url) => `- Guide: <${url}>`));
  return lines.join("\n");
}

function procedureLine(group: ProcedureGroup): string {
  const names = group.days
    .map(({ date, labels }) => `${labels.map(codeSpan).join(", ")} (${date})`)
    .join("; ");
  const guide = group.docUrl === undefined ? "" : ` — <${group.docUrl}>`;
  return `- ${group.title}: ${names}${guide}`;
}

/** Each distinct note once, naming every certificate it is about. */
function notesOf(items: RenewalItem[]): string[] {
  const notes = new Map<string, string[]>();
  for (const item of items)
    if (item.note !== undefined) notes.set(item.note, [...(notes.get(item.note) ?? []), item.label]);
  return [...notes.entries()].map(
    ([note, labels]) => `- ${labels.map(codeSpan).join(", ")}: ${escapeMarkdown(note)}`,
  );
}
