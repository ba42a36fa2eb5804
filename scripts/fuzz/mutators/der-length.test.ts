import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";

import { fixtureDir, readTree } from "../../../lib/test-support/fixtures";
import { Prng } from "../prng";
import { lengthFields, tamperDer } from "./der-length";

const pem = (path: string) => {
  const file = readTree(fixtureDir("healthy")).find((candidate) => candidate.path === path);
  if (!file) throw new Error(`healthy has no ${path}`);
  const body = new TextDecoder()
    .decode(file.bytes)
    .split("\n")
    .filter((line) => line && !line.startsWith("-----"))
    .join("");
  return new Uint8Array(Buffer.from(body, "base64"));
};

describe("DER length fields", () => {
  it.each([
    { name: "certificate", der: pem("etc/kubernetes/pki/ca.crt") },
    { name: "PKCS#1 RSA key", der: pem("etc/kubernetes/pki/ca.key") },
  ])("are found in a real $name, the outer one spanning it all", ({ der }) => {
    const fields = lengthFields(der);
    expect(fields.length).toBeGreaterThanOrEqual(10);
    const outer = fields[0];
    expect(outer && outer.offset + outer.size + outer.value).toBe(der.length);
    for (const field of fields)
      expect(field.offset + field.size + field.value).toBeLessThanOrEqual(der.length);
  });

  it("are tampered with one at a time: the bytes change, deterministically per seed", () => {
    const der = pem("etc/kubernetes/pki/ca.crt");
    const changed = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const out = tamperDer(der, new Prng(seed));
      expect(Buffer.from(out).equals(Buffer.from(der))).toBe(false);
      expect(Buffer.from(tamperDer(der, new Prng(seed))).equals(Buffer.from(out))).toBe(true);
      changed.add(Buffer.from(out).toString("hex"));
    }
    expect(changed.size).toBeGreaterThan(30);
  });
});
