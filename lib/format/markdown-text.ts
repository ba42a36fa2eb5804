/**
 * Escaping for Markdown built from the user's own data (subjects, paths, finding details), so a
 * subject like `CN=*.example.com` or `O=a|b` renders as written instead of as emphasis or as a
 * broken table.
 */
import { maxOf } from "../collections";

/**
 * Backslash-escape the characters CommonMark/GFM give meaning to inside running text. Balanced
 * backtick spans are kept as they are: finding details and fixes mark commands and flags that way
 * (`kubeadm certs renew`), and a code span can carry no other markup.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\`*_[\]<>#~]/g, (char) => `\\${char}`)))
    .join("");
}

/**
 * Make already-rendered Markdown safe as one GFM table cell: `|` would end the cell and a line
 * break would end the row, so pipes are escaped (also inside code spans, where GFM honours `\|`)
 * and newlines become spaces. An empty cell gets "—" so the table reads as deliberate.
 */
export function tableCell(markdown: string): string {
  const flat = markdown.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
  return flat === "" ? "—" : flat;
}

/** A table row from cells (each passed through `tableCell`). */
export function tableRow(cells: string[]): string {
  return `| ${cells.map(tableCell).join(" | ")} |`;
}

/** Render `text` as an inline code span, with a fence longer than any backtick run inside it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, maxOf((text.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}
