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

const BLOCK = /-----BEGIN ([^\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** Every complete PEM block in the text. */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const start = match.index ?? 0;
    const bodyStart = start + match[0].length - (match[2] ?? "").length - `-----END ${match[1]}-----`.length;
    const bodyEnd = bodyStart + (match[2] ?? "").length;
    blocks.push({ label: match[1] ?? "", start, end: start + match[0].length, bodyStart, bodyEnd });
  }
  return blocks;
}

/** Base64 wrapped at 64 columns, as PEM writers emit it. */
export function wrap64(base64: string): string {
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 64) lines.push(base64.slice(i, i + 64));
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}
