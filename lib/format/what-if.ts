/**
 * A what-if result (whatif/what-if.ts) as text and Markdown: marked as simulated first, then the
 * verdict before, each action with what it did and which relationships changed colour, and what is
 * still broken after the last one. Names from the input are made inert.
 */
import type { WhatIfResult } from "../whatif/what-if";
import { inertText } from "./inert-text";
import { escapeMarkdown } from "./markdown-text";

export const SIMULATED_BANNER =
  "SIMULATED — a what-if on a copy of the files in memory: no file was changed and nothing here happened to the cluster.";

function counts(summary: WhatIfResult["before"]["summary"]): string {
  return `${summary.error} error${summary.error === 1 ? "" : "s"}, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}`;
}

function lines(result: WhatIfResult): { heading: string; items: string[] }[] {
  const sections: { heading: string; items: string[] }[] = [];
  sections.push({
    heading: `Before: ${counts(result.before.summary)} (judged at ${result.before.now.slice(0, 10)})`,
    items: [],
  });
  result.steps.forEach((step, index) => {
    const items: string[] = [];
    for (const done of step.done) items.push(inertText(done));
    for (const problem of step.problems) items.push(`not done: ${inertText(problem)}`);
    for (const change of step.changes) items.push(`${inertText(change.key)}: ${change.from} → ${change.to}`);
    for (const finding of step.removed) items.push(`gone: ${finding.code} ${inertText(finding.title)}`);
    for (const finding of step.added)
      items.push(`new: ${finding.severity} ${finding.code} ${inertText(finding.title)}`);
    if (step.changes.length === 0 && step.added.length === 0 && step.removed.length === 0)
      items.push("no relationship changed colour");
    sections.push({
      heading: `${index + 1}. ${inertText(step.label)} → ${counts(step.summary)}`,
      items,
    });
  });
  sections.push({
    heading:
      result.stillBroken.length === 0
        ? "After: nothing broken"
        : `Still broken after: ${result.stillBroken.length} relationship${result.stillBroken.length === 1 ? "" : "s"}`,
    items: result.stillBroken.map((r) => `${inertText(r.key)} ${r.status} (${r.findings.join(", ")})`),
  });
  return sections;
}

export function formatWhatIfText(result: WhatIfResult): string {
  const out = [SIMULATED_BANNER, ""];
  for (const section of lines(result)) {
    out.push(section.heading);
    for (const item of section.items) out.push(`  ${item}`);
  }
  return `${out.join("\n")}\n`;
}

export function formatWhatIfMarkdown(result: WhatIfResult): string {
  const out = ["# What-if (simulated)", "", `> ${escapeMarkdown(SIMULATED_BANNER)}`, ""];
  for (const section of lines(result)) {
    out.push(`## ${escapeMarkdown(section.heading)}`, "");
    for (const item of section.items) out.push(`- ${escapeMarkdown(item)}`);
    out.push("");
  }
  return out.join("\n");
}
