/**
 * PEM as people actually keep it: any number of blocks, CRLF or LF, indentation (PEM pasted into
 * YAML), and text before, between and after blocks (`openssl x509 -text` output, comments). Each
 * block is decoded on its own, so one bad block does not hide the others.
 */
import { decodeBase64 } from "../shared/base64";

export interface PemBlock {
  /** 1-based position among the file's blocks. */
  index: number;
  type: string;
  /** RFC 1421 headers such as `Proc-Type: 4,ENCRYPTED` (legacy OpenSSL key encryption). */
  headers: Record<string, string>;
  der?: Uint8Array;
  /** Why the block could not be decoded (bad base64, no END line). */
  error?: string;
}

const BEGIN = /-----BEGIN ([A-Z0-9][A-Z0-9 #_-]*?)-----/g;

/** True when the text contains at least one PEM BEGIN line. */
export function hasPemBlock(text: string): boolean {
  BEGIN.lastIndex = 0;
  return BEGIN.test(text);
}

function decodeBody(body: string): Pick<PemBlock, "headers" | "der" | "error"> {
  const headers: Record<string, string> = {};
  const lines = body.split(/\r?\n/).map((line) => line.trim());
  let start = 0;
  while (start < lines.length && (lines[start] === "" || /^[A-Za-z-]+:/.test(lines[start] ?? ""))) {
    const match = /^([A-Za-z-]+):\s*(.*)$/.exec(lines[start] ?? "");
    if (match?.[1] !== undefined) headers[match[1]] = match[2] ?? "";
    start++;
  }
  const decoded = decodeBase64(lines.slice(start).join(""));
  if (!decoded.ok) return { headers, error: decoded.reason };
  if (decoded.value.length === 0) return { headers, error: "empty block" };
  return { headers, der: decoded.value };
}

/** Blocks read from one file; past it the rest of the file is named as not read, not parsed. */
export const MAX_PEM_BLOCKS = 10_000;

/**
 * The first `marker` in text[from, before + marker.length), or -1: a search that cannot run past
 * the next BEGIN line, so a file of BEGIN lines without END lines costs one pass, not one pass per
 * line (a bounded `indexOf` over a slice of the segment between two BEGIN lines).
 */
function indexBefore(text: string, marker: string, from: number, before: number): number {
  const found = text.slice(from, Math.min(text.length, before + marker.length)).indexOf(marker);
  return found < 0 || from + found >= before ? -1 : from + found;
}

/**
 * Every PEM block in the text, in order, decoded or with the reason it could not be. Linear in
 * the text's length whatever its shape; after MAX_PEM_BLOCKS blocks, one more block stands for the
 * rest of the file with the limit as its error.
 */
export function parsePem(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  let from = 0;
  for (;;) {
    BEGIN.lastIndex = from;
    const match = BEGIN.exec(text);
    if (match === null) break;
    const type = match[1] ?? "";
    const index = blocks.length + 1;
    if (index > MAX_PEM_BLOCKS) {
      const error = `the file holds more than ${MAX_PEM_BLOCKS} PEM blocks (block limit): this block and the rest of the file were not read`;
      blocks.push({ index, type, headers: {}, error });
      break;
    }
    const bodyStart = match.index + match[0].length;
    const endMarker = `-----END ${type}-----`;
    const nextBegin = text.indexOf("-----BEGIN ", bodyStart);
    const end = indexBefore(text, endMarker, bodyStart, nextBegin < 0 ? text.length : nextBegin);
    if (end < 0) {
      blocks.push({ index, type, headers: {}, error: `no "${endMarker}" line` });
      from = bodyStart;
      continue;
    }
    blocks.push({ index, type, ...decodeBody(text.slice(bodyStart, end)) });
    from = end + endMarker.length;
  }
  return blocks;
}
