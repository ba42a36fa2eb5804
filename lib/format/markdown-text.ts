/**
 * Escaping for Markdown built from the user's own data (subjects, paths, finding details), so a
 * subject like `CN=*.example.com` or `O=a|b` renders as written instead of as emphasis or as a
 * broken table, and one like `<img src=x onerror=…>` stays text where GitHub renders the report.
 * The text reaching these functions is already inert (`inertReport`): no line break or control
 * character is left in it to end a line, a row or a code span early.
 */
import { maxOf } from "../shared/collections";

/**
 * A line that starts with these is a list item, a thematic break or a setext underline, not a
 * paragraph: `- x`, `+ x`, `=`, `1. x`, `1) x`.
 */
const BLOCK_START = /^(\s{0,3})([-+=]|\d{1,9}[.)])/;

/**
 * Backslash-escape the characters CommonMark/GFM give meaning to inside running text: emphasis,
 * links and images, raw HTML, entities (`&rlm;` would write a bidi mark, `&lt;` a tag's text), and
 * GitHub's `$…$` math; and a list or heading marker at the start, where a finding's detail begins a
 * paragraph with a path. Balanced backtick spans are kept as they are: finding details and fixes
 * mark commands and flags that way (`kubeadm certs renew`), and a code span can carry no other markup.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const escaped = part.replace(/[\\`*_[\]<>#~&$]/g, (char) => `\\${char}`);
      return index === 0
        ? escaped.replace(BLOCK_START, (_, space: string, marker: string) =>
            marker.length === 1
              ? `${space}\\${marker}`
              : `${space}${marker.slice(0, -1)}\\${marker.slice(-1)}`,
          )
        : escaped;
    })
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

/**
 * Lines as a fenced code block with the `info` string (`sh`), fenced by more backticks than any
 * line holds in a row, so no line can close the block early.
 */
export function codeBlock(lines: readonly string[], info = ""): string[] {
  const runs = lines.join("\n").match(/`+/g) ?? [];
  const longest = Math.max(0, maxOf(runs.map((run) => run.length)));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...lines, fence];
}
