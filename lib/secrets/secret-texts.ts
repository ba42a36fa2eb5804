/**
 * The texts of the input that must never be shown: private key bodies, kubeconfig key data,
 * tokens and encryption secrets. They are collected as the files are read, whatever the parse
 * makes of them, so that a report string which came to hold a piece of one — a corrupted
 * kubeconfig whose key data slid into a user name — can be found and redacted afterwards
 * (`redactSecrets`). Only the texts are kept, never decoded key bytes.
 */

/** Runs of the base64 alphabet without `/`: paths split there, key text rarely (1 in 64). */
export const OPAQUE_RUN = /[A-Za-z0-9+=]{16,}/g;

const PRIVATE_KEY_LINE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/g;
const END_LINE = "-----END ";
/** YAML fields that hold secrets (kubeconfig key data and tokens, encryption config secrets). */
const SECRET_FIELD = /(key-data|token|secret|password)/i;
const HEX = /^[0-9a-fA-F]+$/;

/** Two of upper case, lower case and digits: random base64, not a word or a number. */
function looksRandom(run: string): boolean {
  if (HEX.test(run)) return false;
  const classes = Number(/[A-Z]/.test(run)) + Number(/[a-z]/.test(run)) + Number(/[0-9]/.test(run));
  return classes >= 2;
}

/**
 * The registry. Its texts live in a private field, so the holder serialises as `{}`: an inventory
 * or report written out, logged or posted can never carry them.
 */
export class SecretTexts {
  readonly #seen = new Set<string>();

  /** Every text registered so far, in order. */
  get texts(): readonly string[] {
    return [...this.#seen];
  }

  /** Register one secret value as it was written (a `client-key-data` value, a token). */
  add(value: string): void {
    if (value.length >= 16) this.#seen.add(value);
  }

  /**
   * Register what `text` (a file or decoded field) holds that must not be shown: the body of each
   * PEM private key block, complete or not; and, in YAML that has secret-holding fields, every
   * random-looking base64 run wherever it sits, since a damaged file may have moved key data
   * into another field. Linear in the text.
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
    if (!SECRET_FIELD.test(text)) return;
    for (const match of text.matchAll(OPAQUE_RUN)) if (looksRandom(match[0])) this.add(match[0]);
  }
}
