/**
 * PEM as people actually keep it: any number of blocks, CRLF or LF, indentation (PEM pasted into
 * YAML), and text before, between and after blocks (`openssl x509 -text` output, comments). Each
 * block is decoded on its own, so one bad block does not hide the others.
 */
import { decodeBase64 } from "../pki/base64";

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

/** Every PEM block in the text, in order, decoded or with the reason it could not be. */
export function parsePem(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  BEGIN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = BEGIN.exec(text)) !== null) {
    const type = match[1] ?? "";
    const bodyStart = match.index + match[0].length;
    const endMarker = `-----END ${type}-----`;
    const end = text.indexOf(endMarker, bodyStart);
    const nextBegin = text.indexOf("-----BEGIN ", bodyStart);
    const index = blocks.length + 1;
    if (end < 0 || (nextBegin >= 0 && nextBegin < end)) {
      blocks.push({ index, type, headers: {}, error: `no "${endMarker}" line` });
      continue;
    }
    blocks.push({ index, type, ...decodeBody(text.slice(bodyStart, end)) });
    BEGIN.lastIndex = end + endMarker.length;
  }
  return blocks;
}
