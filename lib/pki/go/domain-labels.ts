/**
 * Go's readers of names in certificates and name constraints (crypto/x509 verify.go):
 * `domainToReverseLabels`, `parseRFC2821Mailbox` and the IA5String test, kept exact because
 * a name one of them refuses is a parse error or a constraint violation in Go.
 */
import { charCodes } from "./go-text";

/** Go's `isIA5String`: every rune is ASCII (an invalid byte reads as U+FFFD, not ASCII). */
export function isIa5(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A domain's labels, last first; undefined where Go's `domainToReverseLabels` says !ok. */
export function domainToReverseLabels(domain: string): string[] | undefined {
  const labels: string[] = [];
  let rest = domain;
  while (rest.length > 0) {
    const dot = rest.lastIndexOf(".");
    if (dot === -1) {
      labels.push(rest);
      rest = "";
    } else {
      labels.push(rest.slice(dot + 1));
      rest = rest.slice(0, dot);
      if (dot === 0) labels.push("");
    }
  }
  if (labels.length > 0 && labels[0]?.length === 0) return undefined;
  for (const label of labels) {
    if (label.length === 0) return undefined;
    for (const char of label) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 33 || code > 126) return undefined;
    }
  }
  return labels;
}

export interface Mailbox {
  local: string;
  domain: string;
}

const ATEXT = /[0-9a-zA-Z!#$%&'*+\-/=?^_`{|}~.]/;

/** Go's `parseRFC2821Mailbox`, on the bytes of the string. */
export function parseMailbox(input: string): Mailbox | undefined {
  if (input.length === 0) return undefined;
  const bytes = new TextEncoder().encode(input);
  let at = 0;
  const local: number[] = [];
  if (bytes[0] === 0x22) {
    at = 1;
    for (;;) {
      if (at >= bytes.length) return undefined;
      const c = bytes[at++] ?? 0;
      if (c === 0x22) break;
      if (c === 0x5c) {
        if (at >= bytes.length) return undefined;
        const next = bytes[at] ?? 0;
        if (next === 11 || next === 12 || (next >= 1 && next <= 9) || (next >= 14 && next <= 127)) {
          local.push(next);
          at++;
        } else return undefined;
      } else if (
        c === 11 ||
        c === 12 ||
        c === 32 ||
        c === 33 ||
        c === 127 ||
        (c >= 1 && c <= 8) ||
        (c >= 14 && c <= 31) ||
        (c >= 35 && c <= 91) ||
        (c >= 93 && c <= 126)
      )
        local.push(c);
      else return undefined;
    }
  } else {
    while (at < bytes.length) {
      let c = bytes[at] ?? 0;
      if (c === 0x5c) {
        at++;
        if (at >= bytes.length) return undefined;
        c = 0x5c;
        local.push(bytes[at] ?? 0);
        at++;
        continue;
      }
      if (!ATEXT.test(String.fromCharCode(c)) || c > 0x7f) break;
      local.push(c);
      at++;
    }
    if (local.length === 0) return undefined;
    const text = charCodes(local);
    if (text.startsWith(".") || text.endsWith(".") || text.includes("..")) return undefined;
  }
  if (at >= bytes.length || bytes[at] !== 0x40) return undefined;
  const domain = new TextDecoder().decode(bytes.subarray(at + 1));
  if (!domainToReverseLabels(domain)) return undefined;
  return { local: new TextDecoder().decode(new Uint8Array(local)), domain };
}
