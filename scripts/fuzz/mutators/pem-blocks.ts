/**
 * PEM blocks located in text, as mutators need them: where the armour lines and the body are, so a
 * body can be damaged or re-encoded without disturbing the rest of the file.
 */

export interface PemBlock {
  label: string;
  /** Offset of `-----BEGIN`. */
  start: number;
  /** Offset just past the END line's dashes. */
  end: number;
  /** Offset of the body (after the BEGIN line's newline) and just before the END line. */
  bodyStart: number;
  bodyEnd: number;
}

/** Finds `needle` at or after a position that only moves forward: one scan of the text in all. */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || (found >= from && found !== -2)) return found;
    found = text.indexOf(needle, from);
    return found;
  };
}

/**
 * Every complete PEM block in the text: a BEGIN line whose END comes before the next BEGIN. Linear
 * however many BEGIN lines lack their END (a regex with a lazy body would scan to the end of the
 * text from each of them).
 */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  const nextBegin = forwardFinder(text, "-----BEGIN ");
  const nextNewline = forwardFinder(text, "\n");
  const nextEnd = forwardFinder(text, "-----END ");
  let start = nextBegin(0);
  while (start >= 0) {
    const next = nextBegin(start + 1);
    const limit = next < 0 ? text.length : next;
    const newline = nextNewline(start);
    const line = newline >= 0 && newline < limit ? text.slice(start, newline).replace(/\r$/, "") : "";
    const label = /^-----BEGIN ([^\n-]*)-----$/.exec(line)?.[1];
    const end = nextEnd(Math.max(start, newline));
    if (label !== undefined && end >= 0 && end < limit) {
      const footer = `-----END ${label}-----`;
      if (text.startsWith(footer, end))
        blocks.push({ label, start, end: end + footer.length, bodyStart: newline + 1, bodyEnd: end });
    }
    start = next;
  }
  return blocks;
}

/** Base64 wrapped at 64 columns, as PEM writers emit it. */
export function wrap64(base64: string): string {
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 64) lines.push(base64.slice(i, i + 64));
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}
