/**
 * A node's secrets and where an archive still holds one: each private key reduced to a slice of
 * its secret scalar (which no public half contains), tokens, passwords and encryption secrets, and
 * the search of every archive entry for them, plain, in PEM and in base64.
 */
import { createPrivateKey } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TarEntry } from "../../lib/ingest/read-tar";

/** Base64 runs long enough to hold key material, in text. */
const BASE64_RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** Every base64 run of a text, decoded (invalid ones decode to noise, which is harmless here). */
function decodedRuns(text: string): Buffer[] {
  return [...text.matchAll(BASE64_RUN)].map((match) => Buffer.from(match[0], "base64"));
}

/** What a node's secrets are: the private part of each key, and its tokens and passwords. */
export interface NodeSecrets {
  /** 16 bytes from the middle of each private key's secret scalar (RSA d, EC d, Ed25519 d). */
  keyParts: Buffer[];
  /** Token, password and encryption secret values, as written. */
  values: string[];
}

/** The text of every file below `root`, links left aside (their targets are files below it too). */
function textsBelow(root: string): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const info = lstatSync(full);
      if (info.isDirectory()) walk(full);
      else if (info.isFile()) texts.push(readFileSync(full, "latin1"));
    }
  };
  walk(root);
  return texts;
}

/**
 * The secrets of the node tree at `root`: each private key (in PEM files, and in base64 values
 * that decode to PEM) reduced to a slice of its secret scalar, which no public half contains; and
 * every token, password and encryption secret in its configuration (a bootstrap token by its
 * secret half).
 */
export function secretsOf(root: string): NodeSecrets {
  const keyParts = new Map<string, Buffer>();
  const values = new Set<string>();
  const keysIn = (text: string) => {
    for (const block of text.matchAll(PEM_BLOCK)) {
      if (!(block[1] ?? "").endsWith("PRIVATE KEY")) continue;
      let jwk;
      try {
        jwk = createPrivateKey(block[0]).export({ format: "jwk" });
      } catch (error) {
        // An encrypted or unreadable key: the archive must not hold its PEM either (checked apart).
        if (error instanceof Error) continue;
        throw error;
      }
      const scalar = Buffer.from(jwk.d ?? "", "base64url");
      const middle = Math.max(0, Math.floor(scalar.length / 2) - 8);
      if (scalar.length >= 16)
        keyParts.set(scalar.toString("hex"), Buffer.from(scalar.subarray(middle, middle + 16)));
    }
  };
  for (const text of textsBelow(root)) {
    keysIn(text);
    for (const decoded of decodedRuns(text)) keysIn(decoded.toString("latin1"));
    for (const value of text.matchAll(
      /(?:^|[\s{,"'])(?:token|agent-token|secret|password|certificateKey)["']?\s*:\s*["']?([^\s"',}]+)/g,
    )) {
      const secret = (value[1] ?? "").replace(/^[a-z0-9]{6}\.(?=[a-z0-9]{16}$)/, "");
      if (secret.length >= 8) values.add(secret);
    }
  }
  return { keyParts: [...keyParts.values()], values: [...values] };
}

/** The bytes an entry holds, plain and decoded: its own, each PEM body's, each base64 run's. */
function blobsOf(bytes: Uint8Array): Buffer[] {
  const raw = Buffer.from(bytes);
  const blobs: Buffer[] = [raw];
  const texts = [raw.toString("latin1")];
  for (const run of decodedRuns(texts[0] ?? "")) {
    blobs.push(run);
    texts.push(run.toString("latin1"));
  }
  for (const text of texts)
    for (const block of text.matchAll(PEM_BLOCK))
      blobs.push(
        Buffer.from((block[2] ?? "").replace(/^[A-Za-z-]+:.*$/gm, "").replace(/\s+/g, ""), "base64"),
      );
  return blobs;
}

/**
 * Where an archive still holds a private key or one of `secrets`: a PEM private key block (in an
 * entry or in a base64 value), a DER private key, a slice of a key's secret scalar in any of the
 * bytes, a token or password. One line per finding.
 */
export function leaksIn(entries: TarEntry[], secrets: NodeSecrets): string[] {
  const leaks: string[] = [];
  for (const entry of entries) {
    if (entry.type !== "file") continue;
    const blobs = blobsOf(entry.bytes);
    const texts = blobs.map((blob) => blob.toString("latin1"));
    if (texts.some((text) => /PRIVATE KEY/.test(text))) leaks.push(`${entry.path}: a PEM private key`);
    if (blobs.some(isDerPrivateKey)) leaks.push(`${entry.path}: a DER private key`);
    for (const part of secrets.keyParts)
      if (blobs.some((blob) => blob.includes(part))) leaks.push(`${entry.path}: a private key's secret part`);
    for (const value of secrets.values)
      if (texts.some((text) => text.includes(value)))
        leaks.push(`${entry.path}: holds ${value.slice(0, 6)}…`);
  }
  return leaks;
}

function isDerPrivateKey(bytes: Uint8Array): boolean {
  for (const type of ["pkcs8", "pkcs1", "sec1"] as const) {
    try {
      createPrivateKey({ key: Buffer.from(bytes), format: "der", type });
      return true;
    } catch (error) {
      // Not a key of this encoding: what every certificate, kubeconfig and text file gives.
      if (!(error instanceof Error)) throw error;
    }
  }
  return false;
}
