/**
 * The texts of the input that must never be shown: private key bodies, kubeconfig key data,
 * tokens and encryption secrets. They are collected as the files are read, whatever the parse
 * makes of them, so that a report string which came to hold a piece of one — a corrupted
 * kubeconfig whose key data slid into a user name — can be found and redacted afterwards
 * (`redactSecrets`). Only the texts are kept, never decoded key bytes.
 */

import { opaqueRuns, WINDOW } from "./opaque-runs";

const PRIVATE_KEY_LINE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/g;
const END_LINE = "-----END ";

/**
 * The registry. Its texts live in a private field, so the holder serialises as `{}`: an inventory
 * or report written out, logged or posted can never carry them.
 */
export class SecretTexts {
  readonly #seen = new Set<string>();
  /** Readings already scanned: a file whose content repeats one before it adds nothing new. */
  readonly #scanned = new WeakSet<object>();

  /** Every text registered so far, in order. */
  get texts(): readonly string[] {
    return [...this.#seen];
  }

  /**
   * Register one secret value as it was written (a `client-key-data` value, a token). It is kept as
   * a copy of its own: a piece cut from a file's text would otherwise keep the whole text alive, and
   * a fleet's ten thousand key files with it.
   */
  add(value: string): void {
    if (value.length >= WINDOW && !this.#seen.has(value)) this.#seen.add(ownCopy(value));
  }

  /** `addFromText` once per `reading` (a file's prepared form, shared by files of the same content). */
  addFromReading(text: string, reading: object | undefined): void {
    if (reading) {
      if (this.#scanned.has(reading)) return;
      this.#scanned.add(reading);
    }
    this.addFromText(text);
  }

  /**
   * Register what `text` (a file or decoded field) holds that must not be shown: the body of each
   * PEM private key block, complete or not; and, in text without PEM blocks (kubeconfigs and other
   * YAML, environment files), every random-looking base64 run wherever it sits, since a damaged
   * file may have moved key data into any field, and the field's name with it. Certificate data
   * and tokens are noted too; none of it is ever meant to be shown. Linear in the text.
   */
  addFromText(text: string): void {
    PRIVATE_KEY_LINE.lastIndex = 0;
    for (const match of text.matchAll(PRIVATE_KEY_LINE)) {
      // The body ends at its END line or, when that is missing, at the next block: searched only
      // up to the next BEGIN, so a file of BEGIN lines costs one pass.
      const start = match.index + match[0].length;
      const nextBegin = text.indexOf("-----BEGIN ", start);
      const segment = text.slice(start, nextBegin < 0 ? text.length : nextBegin);
      const end = segment.indexOf(END_LINE);
      this.add(withoutWhitespace(end < 0 ? segment : segment.slice(0, end)));
    }
    if (text.includes("-----BEGIN ")) return;
    for (const run of opaqueRuns(text, "noted")) this.add(run.text);
  }
}

/** What `\s` matches, as code units. */
const WHITESPACE = new Set(
  [..."\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"].map((c) => c.charCodeAt(0)),
);
for (let c = 0x2000; c <= 0x200a; c++) WHITESPACE.add(c);

/** `text` without what `\s` matches, as one flat string of its own. */
function withoutWhitespace(text: string): string {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!WHITESPACE.has(c)) codes.push(c);
  }
  return fromCodes(codes);
}

/** A copy of `text` that shares no memory with it (nor with the file it was cut from). */
function ownCopy(text: string): string {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
  return fromCodes(codes);
}

function fromCodes(codes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < codes.length; i += 4096) out += String.fromCharCode(...codes.slice(i, i + 4096));
  return out;
}
