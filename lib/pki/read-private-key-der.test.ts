import { createPrivateKey, createPublicKey } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { decodeBase64 } from "../shared/base64";
import { fromHex, toHex } from "../shared/bytes";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";
import { readPrivateKeyDer } from "./read-private-key-der";

const FIXTURES = join(__dirname, "../../e2e/fixtures");
const FORMATS = { "RSA PRIVATE KEY": "pkcs1", "EC PRIVATE KEY": "sec1", "PRIVATE KEY": "pkcs8" } as const;

interface FixtureKey {
  where: string;
  pem: string;
  format: "pkcs1" | "sec1" | "pkcs8";
  der: Uint8Array;
}

function fixtureKeys(): FixtureKey[] {
  const keys: FixtureKey[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const info = statSync(full, { throwIfNoEntry: false });
      if (info?.isDirectory()) walk(full);
      else if (info && info.size < 1_000_000) {
        const text = readFileSync(full, "latin1");
        for (const match of text.matchAll(
          /-----BEGIN (RSA PRIVATE KEY|EC PRIVATE KEY|PRIVATE KEY)-----([\s\S]*?)-----END \1-----/g,
        )) {
          const der = decodeBase64(match[2] ?? "");
          const label = match[1] as keyof typeof FORMATS;
          if (der.ok) keys.push({ where: full, pem: match[0], format: FORMATS[label], der: der.value });
        }
      }
    }
  };
  walk(FIXTURES);
  return keys;
}

/** OpenSSL's view of the public half, in the canonical form PublicKeyInfo uses. */
function canonicalByOpenssl(pem: string): string | undefined {
  let jwk: { kty?: string; n?: string; e?: string; crv?: string; x?: string; y?: string };
  try {
    jwk = createPublicKey(createPrivateKey(pem)).export({ format: "jwk" });
  } catch {
    return undefined; // a deliberately broken fixture key
  }
  const hex = (value = "") => {
    const bytes = decodeBase64(value, "url");
    if (!bytes.ok) throw new Error(bytes.reason);
    return toHex(bytes.value);
  };
  if (jwk.kty === "RSA") return `rsa:${hex(jwk.n).replace(/^(00)+/, "")}:${hex(jwk.e).replace(/^(00)+/, "")}`;
  if (jwk.kty === "EC") return `ec:${jwk.crv}:04${hex(jwk.x)}${hex(jwk.y)}`;
  return undefined;
}

describe("readPrivateKeyDer", () => {
  const keys = fixtureKeys();

  it("reads the fixtures' keys with the public half OpenSSL finds in them", () => {
    expect(keys.length).toBeGreaterThan(100);
    let read = 0;
    for (const key of keys) {
      const parsed = readPrivateKeyDer(key.der, key.format);
      if (!parsed) continue;
      read++;
      expect(parsed.format, key.where).toBe(key.format);
      expect(parsed.publicKey?.canonical, key.where).toBe(canonicalByOpenssl(key.pem));
    }
    expect(read).toBeGreaterThan(keys.length * 0.9);
  });

  it("declines an EC key without its public point, which must be derived", () => {
    const dir = tempDir();
    openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "k.pem"], dir);
    openssl(["ec", "-in", "k.pem", "-no_public", "-outform", "DER", "-out", "k.der"], dir);
    expect(readPrivateKeyDer(readBytes(dir, "k.der"), "sec1")).toBeUndefined();
  });

  it.each([
    ["a key cut short", "sec1", (der: Uint8Array) => der.subarray(0, der.length - 1)],
    ["a PKCS#1 key read as SEC1", "sec1", () => fromHex("3003020100")],
    ["trailing bytes", "pkcs8", (der: Uint8Array) => Uint8Array.from([...der, 0])],
  ] as const)("declines %s", (_, format, damage) => {
    const key = keys.find((k) => k.format === "sec1");
    if (!key) throw new Error("no SEC1 fixture key");
    expect(readPrivateKeyDer(damage(key.der), format)).toBeUndefined();
  });
});
