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

  /** Register one secret value as it was written (a `client-key-data` value, a token). */
  add(value: string): void {
    if (value.length >= WINDOW) this.#seen.add(value);
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
      this.add((end < 0 ? segment : segment.slice(0, end)).replace(/\s+/g, ""));
    }
    if (text.includes("-----BEGIN ")) return;
    for (const run of opaqueRuns(text, "noted")) this.add(run.text);
  }
}
