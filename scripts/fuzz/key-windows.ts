/**
 * Private key text as a set of short windows: every WINDOW-character slice, at every offset, of
 * every private key's base64 (PEM bodies, kubeconfig `client-key-data` values and the PEM bodies
 * they decode to). An output holding any of them shows at least WINDOW characters of a key.
 */
import { Buffer } from "node:buffer";
import type { InputFile } from "../../lib/inventory";

/** Characters of key base64 an output may not contain in a row. */
export const WINDOW = 12;

const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY)-----([\s\S]*?)-----END \1-----/g;
const KEY_DATA = /["']?client-key-data["']?\s*:\s*["']?([A-Za-z0-9+/=]+)/g;
const BASE64_RUN = /[A-Za-z0-9+/]{12,}/g;

/** Where a key's text came from and the text itself (base64, no whitespace). */
export interface KeyMaterial {
  path: string;
  text: string;
}

function pemKeyBodies(text: string, path: string, out: KeyMaterial[]): void {
  for (const match of text.matchAll(PEM_PRIVATE_KEY)) {
    // Header lines of encrypted PEM (Proc-Type, DEK-Info) are not key bytes.
    const body = (match[2] ?? "")
      .split(/\r?\n/)
      .filter((line) => !line.includes(":"))
      .join("")
      .replace(/\s+/g, "");
    if (body.length >= WINDOW) out.push({ path, text: body });
  }
}

/**
 * The part of a base64 value that encodes only bytes in [start, end) of what it decodes to: the
 * characters of whole 3-byte groups inside the range.
 */
function encodingOf(value: string, start: number, end: number): string {
  return value.slice(Math.ceil(start / 3) * 4, Math.floor(end / 3) * 4);
}

/**
 * Every private key's text in the files. For `client-key-data` that is the part of the value that
 * encodes the key's body — the part encoding its `-----BEGIN … PRIVATE KEY-----` armour is the
 * same in every kubeconfig and shows nothing — and the body itself.
 */
export function keyMaterial(files: readonly InputFile[]): KeyMaterial[] {
  const out: KeyMaterial[] = [];
  for (const file of files) {
    const text = Buffer.from(file.bytes).toString("latin1");
    pemKeyBodies(text, file.path, out);
    for (const match of text.matchAll(KEY_DATA)) {
      const data = (match[1] ?? "").replace(/=+$/, "");
      const path = `${file.path}#client-key-data`;
      const pem = Buffer.from(data, "base64").toString("latin1");
      for (const block of pem.matchAll(PEM_PRIVATE_KEY)) {
        const bodyStart = (block.index ?? 0) + block[0].indexOf("\n") + 1;
        const bodyEnd = (block.index ?? 0) + block[0].lastIndexOf("-----END");
        const encoded = encodingOf(data, bodyStart, bodyEnd);
        if (encoded.length >= WINDOW) out.push({ path, text: encoded });
      }
      pemKeyBodies(pem, path, out);
    }
  }
  return out;
}

const PUBLIC_DATA =
  /["']?(?:client-certificate|certificate-authority)-data["']?\s*:\s*["']?([A-Za-z0-9+/=]+)/g;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]*)-----([\s\S]*?)-----END \1-----/g;

/** Base64 text of the files that is public: certificates and other non-key PEM, CA and client certificate data. */
export function publicMaterial(files: readonly InputFile[]): string[] {
  const out: string[] = [];
  const blocks = (text: string) => {
    for (const match of text.matchAll(PEM_BLOCK))
      if (!(match[1] ?? "").includes("PRIVATE KEY")) out.push((match[2] ?? "").replace(/\s+/g, ""));
  };
  for (const file of files) {
    const text = Buffer.from(file.bytes).toString("latin1");
    blocks(text);
    for (const match of text.matchAll(PUBLIC_DATA)) {
      out.push(match[1] ?? "");
      blocks(Buffer.from(match[1] ?? "", "base64").toString("latin1"));
    }
  }
  return out;
}

/**
 * The windows of key text, each mapped to the key it came from; a window that also occurs in public
 * text (a certificate) proves nothing and is left out.
 */
export function keyWindows(
  material: readonly KeyMaterial[],
  publicText: readonly string[] = [],
): Map<string, string> {
  const windows = new Map<string, string>();
  for (const { path, text } of material)
    for (let offset = 0; offset + WINDOW <= text.length; offset++)
      windows.set(text.slice(offset, offset + WINDOW), path);
  for (const text of publicText)
    for (let offset = 0; offset + WINDOW <= text.length; offset++)
      windows.delete(text.slice(offset, offset + WINDOW));
  return windows;
}

/** A window of key text found in an output, with where it was found and whose key it is. */
export interface KeyLeak {
  window: string;
  keyPath: string;
  offset: number;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const CODES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i;

/** A bit per 24-bit code of four base64 characters: set for the first four of some window. */
const prefixes = new WeakMap<ReadonlyMap<string, string>, Uint8Array>();

function prefixBits(windows: ReadonlyMap<string, string>): Uint8Array {
  let bits = prefixes.get(windows);
  if (!bits) {
    bits = new Uint8Array(1 << 21);
    for (const window of windows.keys()) {
      let code = 0;
      for (let i = 0; i < 4; i++) code = (code << 6) | (CODES[window.charCodeAt(i)] ?? 0);
      bits[code >>> 3] = (bits[code >>> 3] ?? 0) | (1 << (code & 7));
    }
    prefixes.set(windows, bits);
  }
  return bits;
}

/**
 * The first piece of key text in `output`, or undefined. Only runs of base64 characters at least
 * WINDOW long can hold one, and only where four characters begin some window is a window looked
 * up, so megabytes of output are scanned without a string made per offset.
 */
export function findKeyLeak(output: string, windows: ReadonlyMap<string, string>): KeyLeak | undefined {
  const bits = prefixBits(windows);
  for (const run of output.matchAll(BASE64_RUN)) {
    const text = run[0];
    let code = 0;
    for (let end = 0; end < text.length; end++) {
      code = ((code << 6) | (CODES[text.charCodeAt(end)] ?? 0)) & 0xffffff;
      const offset = end - 3;
      if (offset < 0 || offset + WINDOW > text.length) continue;
      if (((bits[code >>> 3] ?? 0) & (1 << (code & 7))) === 0) continue;
      const window = text.slice(offset, offset + WINDOW);
      const keyPath = windows.get(window);
      if (keyPath !== undefined) return { window, keyPath, offset: (run.index ?? 0) + offset };
    }
  }
  return undefined;
}
