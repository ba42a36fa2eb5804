/**
 * Strict base64 decoding with a reason on failure. `atob` accepts too much and says too little;
 * a PEM body or kubeconfig `*-data` field with a stray character must become a problem that
 * names the character, not silently different bytes.
 */
import { fail, ok, type Result } from "./result";

const STANDARD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function lookupTable(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}

const TABLES = { standard: lookupTable(STANDARD), url: lookupTable(URL_SAFE) };

/**
 * Decode base64 (whitespace ignored, padding optional). `url` selects the base64url alphabet used
 * by JWK. Fails on any other character, on data after padding, and on an impossible length.
 */
export function decodeBase64(text: string, variant: "standard" | "url" = "standard"): Result<Uint8Array> {
  const table = TABLES[variant];
  const clean = text.replace(/[\s]+/g, "");
  const body = clean.replace(/=+$/, "");
  if (clean.length - body.length > 2) return fail("invalid base64: too much padding");
  if (body.length % 4 === 1) return fail(`invalid base64: impossible length ${body.length}`);
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let pos = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const digit = code < 128 ? (table[code] ?? -1) : -1;
    if (digit < 0) {
      const shown = body[i] === "=" ? "'=' before the end" : JSON.stringify(body[i]);
      return fail(`invalid base64: unexpected character ${shown} at position ${i}`);
    }
    value = ((value << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[pos++] = (value >> bits) & 0xff;
    }
  }
  return ok(out);
}
