import { describe, expect, it } from "vitest";
import { findKeyFor, sameKey } from "./key-match";
import { readPkcs1PrivateKey } from "./read-private-key";
import type { PrivateKeyRecord, PublicKeyInfo } from "../inventory";
import { certRecord, derOf, sampleFile } from "../test-support/pki-material";

function sampleKey(path: string, id: string): PrivateKeyRecord {
  const parsed = readPkcs1PrivateKey(derOf(sampleFile(path).bytes));
  if (!parsed.ok || !parsed.value.publicKey) throw new Error(`unreadable ${path}`);
  return { id, source: { path }, format: "pkcs1", encrypted: false, publicKey: parsed.value.publicKey };
}

describe("key matching", () => {
  const rsa = (n: string): PublicKeyInfo => ({
    algorithm: "RSA",
    bits: 8,
    canonical: `rsa:${n}:010001`,
    label: "RSA 8",
  });

  it.each([
    { name: "same canonical", a: rsa("c1"), b: rsa("c1"), want: true },
    { name: "different modulus", a: rsa("c1"), b: rsa("c3"), want: false },
  ])("sameKey: $name", ({ a, b, want }) => {
    expect(sameKey(a, b)).toBe(want);
  });

  it("finds each kubeadm key for its certificate and none for a foreign one", async () => {
    const keys = [
      sampleKey("pki/ca.key", "k-1"),
      sampleKey("pki/apiserver.key", "k-2"),
      sampleKey("pki/etcd/ca.key", "k-3"),
      {
        id: "k-4",
        source: { path: "enc.key" },
        format: "encrypted-pkcs8",
        encrypted: true,
      } satisfies PrivateKeyRecord,
    ];
    expect(findKeyFor(await certRecord(derOf(sampleFile("pki/apiserver.crt").bytes)), keys)?.id).toBe("k-2");
    expect(findKeyFor(await certRecord(derOf(sampleFile("pki/etcd/ca.crt").bytes)), keys)?.id).toBe("k-3");
    expect(
      findKeyFor(await certRecord(derOf(sampleFile("pki/front-proxy-ca.crt").bytes)), keys),
    ).toBeUndefined();
    keys.push(sampleKey("pki/front-proxy-ca.key", "k-5"));
    expect(findKeyFor(await certRecord(derOf(sampleFile("pki/front-proxy-ca.crt").bytes)), keys)?.id).toBe(
      "k-5",
    );
  });
});
