/**
 * `explain`'s answer as text for a terminal, as Markdown, or as JSON. Everything that came from the
 * paste or the drop (paths, subjects, hosts) is made inert first: a control or bidi character in a
 * file name or a pasted line is shown escaped, never acted on.
 */
import { inertText } from "../format/inert-text";
import { escapeMarkdown, tableRow } from "../format/markdown-text";
import { pushAll } from "../shared/collections";
import type { ExplainAnswer } from "./answer";

export const EXPLAIN_FORMATS = ["table", "markdown", "json"] as const;
export type ExplainFormat = (typeof EXPLAIN_FORMATS)[number];

function recognisedLines(answer: ExplainAnswer): string[] {
  const lines: string[] = [];
  if (answer.alert)
    lines.push(
      `${answer.alert.name}: ${answer.alert.metric} below ${answer.alert.windowSeconds / 86_400} days` +
        (answer.alert.node ? `, node ${answer.alert.node}` : "") +
        (answer.alert.instance ? `, instance ${answer.alert.instance}` : ""),
    );
  for (const pattern of answer.patterns)
    lines.push(
      `${pattern.id} (${pattern.source.project} ${pattern.source.file}, printed by the ${pattern.side === "either" ? "client or the server" : pattern.side}): ${pattern.title}`,
    );
  return lines;
}

/** The answer for a terminal. */
export function formatAnswerText(answer: ExplainAnswer): string {
  const out: string[] = [answer.why, ""];
  const recognised = recognisedLines(answer);
  if (recognised.length > 0) pushAll(out, ["Recognised:", ...recognised.map((line) => `  ${line}`), ""]);
  if (answer.certificates.length > 0) {
    out.push("Certificates, best fit first:");
    for (const item of answer.certificates)
      out.push(
        `  ${item.rank === 0 ? "*" : "-"} ${item.path}  (${item.subject}, until ${item.notAfter})`,
        `      ${item.why}`,
      );
    if (answer.omitted) out.push(`  … and ${answer.omitted} more`);
    out.push("");
  }
  if (answer.relationships.length > 0) out.push(`Relationships: ${answer.relationships.join(", ")}`, "");
  if (answer.next.length > 0)
    pushAll(out, ["Where to look next:", ...answer.next.map((line) => `  - ${line}`), ""]);
  if (answer.truncated) out.push("Only the first 64 KiB of the text was read.", "");
  return `${out.map(inertText).join("\n").trimEnd()}\n`;
}

/** The answer as Markdown (a ticket, a runbook). */
export function formatAnswerMarkdown(answer: ExplainAnswer): string {
  const md = (text: string) => escapeMarkdown(inertText(text));
  const out: string[] = ["## What this error means in the drop", "", md(answer.why), ""];
  const recognised = recognisedLines(answer);
  if (recognised.length > 0) pushAll(out, [...recognised.map((line) => `- ${md(line)}`), ""]);
  if (answer.certificates.length > 0) {
    out.push(
      tableRow(["Certificate", "Subject", "Not after", "Why"]),
      tableRow(["---", "---", "---", "---"]),
    );
    for (const item of answer.certificates)
      out.push(tableRow([md(item.path), md(item.subject), item.notAfter, md(item.why)]));
    out.push("");
  }
  if (answer.relationships.length > 0)
    out.push(`Relationships: ${answer.relationships.map(md).join(", ")}`, "");
  if (answer.next.length > 0)
    pushAll(out, ["### Where to look next", "", ...answer.next.map((line) => `- ${md(line)}`), ""]);
  return `${out.join("\n").trimEnd()}\n`;
}

/** The answer in the format asked for. */
export function formatAnswer(answer: ExplainAnswer, format: ExplainFormat): string {
  if (format === "json") return `${JSON.stringify(answer, null, 2)}\n`;
  return format === "markdown" ? formatAnswerMarkdown(answer) : formatAnswerText(answer);
}
