/**
 * Test support (not part of the core): a fixture tree as a collector that copies no secret would
 * hand it over. Every private key block of every file becomes the key's public half, in place, as
 * `openssl pkey -pubout` writes it; every kubeconfig `client-key-data` becomes the base64 of that
 * public PEM. Real openssl, so the public keys are the real halves of the fixture's keys.
 */
import { spawnSync } from "node:child_process";
import type { InputFile } from "../inventory";

const PRIVATE_KEY_BLOCK = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
const CLIENT_KEY_DATA = /(client-key-data:[ \t]*)([A-Za-z0-9+/=]+)/g;

const halves = new Map<string, string>();

/** The public half of one PEM private key block, from `openssl pkey -pubout` (cached by block). */
export function publicHalfPem(privatePem: string): string {
  const known = halves.get(privatePem);
  if (known !== undefined) return known;
  const run = spawnSync("openssl", ["pkey", "-pubout"], { input: `${privatePem}\n`, encoding: "utf8" });
  if (run.status !== 0 || !run.stdout.startsWith("-----BEGIN PUBLIC KEY-----"))
    throw new Error(`openssl pkey -pubout failed: ${run.stderr}`);
  const pem = run.stdout.trimEnd();
  halves.set(privatePem, pem);
  return pem;
}

/** `text` with every private key block replaced by its public half; `count` says how many there were. */
export function replacePrivateKeys(text: string): { text: string; count: number } {
  let count = 0;
  const replaced = text.replace(PRIVATE_KEY_BLOCK, (block) => {
    count++;
    return publicHalfPem(block);
  });
  return { text: replaced, count };
}

/** The tree in public-halves form, and how many private keys were replaced (files and kubeconfig data). */
export function toPublicHalves(files: readonly InputFile[]): { files: InputFile[]; converted: number } {
  let converted = 0;
  const out = files.map((file) => {
    const original = Buffer.from(file.bytes).toString("utf8");
    const blocks = replacePrivateKeys(original);
    const text = blocks.text.replace(CLIENT_KEY_DATA, (_, field: string, data: string) => {
      const pem = replacePrivateKeys(Buffer.from(data, "base64").toString("utf8"));
      converted += pem.count;
      return `${field}${Buffer.from(pem.text, "utf8").toString("base64")}`;
    });
    converted += blocks.count;
    if (text === original) return file;
    return { ...file, bytes: new Uint8Array(Buffer.from(text, "utf8")) };
  });
  return { files: out, converted };
}
