/**
 * Aligned plain-text tables for the terminal: text columns left-aligned, number columns right-aligned,
 * columns separated by two spaces, a rule under the header.
 */

/**
 * Renders the header and rows; a short row is padded with empty cells. `leftColumns` says how many
 * leading columns hold text (left-aligned); the rest hold numbers.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  leftColumns = 1,
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => {
        const cell = cells[column] ?? "";
        return column < leftColumns ? cell.padEnd(width) : cell.padStart(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** Milliseconds with a precision that suits their size: 0.42, 12.3, 1234. */
export function formatMs(ms: number): string {
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return ms.toFixed(0);
}
