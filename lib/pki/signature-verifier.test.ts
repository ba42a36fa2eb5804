import { describe, expect, it } from "vitest";
import { createSignatureVerifier } from "./signature-verifier";
import { certRecord, derOf, issue, sampleFile } from "../test-support/pki-material";

const sample = (path: string) => certRecord(derOf(sampleFile(path).bytes), path);

describe("createSignatureVerifier", () => {
  it("verifies kubeadm's apiserver.crt against ca.crt and not against the etcd CA", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const [ca, etcdCa, apiserver] = await Promise.all([
      sample("pki/ca.crt"),
      sample("pki/etcd/ca.crt"),
      sample("pki/apiserver.crt"),
    ]);
    expect(await verifier.verify(apiserver, ca)).toBe(true);
    expect(await verifier.verify(ca, ca)).toBe(true);
    const wrong = await verifier.verifyDetailed(apiserver, etcdCa);
    expect(wrong.ok).toBe(false);
    expect(wrong.reason).toMatch(/does not verify with the key of CN=etcd-ca/);
  });

  it("rejects a leaf against a same-name CA with a different key (stale CA)", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const oldCa = await issue({ subject: "CN=kubernetes", ca: true, key: "RSA" });
    const newCa = await issue({ subject: "CN=kubernetes", ca: true, key: "RSA" });
    const leaf = await issue({ subject: "CN=kube-apiserver", issuer: newCa, key: "RSA" });
    const [oldRec, newRec, leafRec] = await Promise.all([
      certRecord(oldCa.der),
      certRecord(newCa.der),
      certRecord(leaf.der),
    ]);
    expect(oldRec.subject).toBe(newRec.subject);
    expect(await verifier.verify(leafRec, newRec)).toBe(true);
    expect(await verifier.verifyDetailed(leafRec, oldRec)).toEqual({
      ok: false,
      reason: "signature does not verify with the key of CN=kubernetes",
    });
  });

  it("judges by signature only: an expired chain still verifies", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const past = { notBefore: new Date("2015-01-01T00:00:00Z"), notAfter: new Date("2016-01-01T00:00:00Z") };
    const ca = await issue({ subject: "CN=old-ca", ca: true, ...past });
    const leaf = await issue({ subject: "CN=old-leaf", issuer: ca, ...past });
    expect(await verifier.verify(await certRecord(leaf.der), await certRecord(ca.der))).toBe(true);
  });

  it("one RSA issuer verifies children signed with different hashes (key cached per hash)", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const ca = await issue({ subject: "CN=rsa-ca", ca: true, key: "RSA" });
    const caRec = await certRecord(ca.der);
    for (const hash of ["SHA-256", "SHA-384", "SHA-512", "SHA-256"]) {
      const leaf = await certRecord((await issue({ subject: `CN=${hash}`, issuer: ca, hash })).der);
      expect([hash, await verifier.verify(leaf, caRec)]).toEqual([hash, true]);
    }
  });

  it("ECDSA and Ed25519 chains verify; a key-type mismatch is false with a reason", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const ecCa = await issue({ subject: "CN=ec-ca", ca: true, key: "P-384" });
    const edCa = await issue({ subject: "CN=ed-ca", ca: true, key: "Ed25519" });
    const rsaCa = await issue({ subject: "CN=ec-ca", ca: true, key: "RSA" });
    const ecLeaf = await certRecord(
      (await issue({ subject: "CN=ec-leaf", issuer: ecCa, hash: "SHA-384" })).der,
    );
    const edLeaf = await certRecord((await issue({ subject: "CN=ed-leaf", issuer: edCa })).der);
    expect(await verifier.verify(ecLeaf, await certRecord(ecCa.der))).toBe(true);
    expect(await verifier.verify(edLeaf, await certRecord(edCa.der))).toBe(true);
    const mismatch = await verifier.verifyDetailed(ecLeaf, await certRecord(rsaCa.der));
    expect(mismatch.ok).toBe(false);
    expect(mismatch.reason).toMatch(/cannot verify|does not verify/);
  });

  it("caches results per pair", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const [ca, leaf] = await Promise.all([
      sample("pki/front-proxy-ca.crt"),
      sample("pki/front-proxy-client.crt"),
    ]);
    const first = verifier.verifyDetailed(leaf, ca);
    expect(verifier.verifyDetailed(leaf, ca)).toBe(first);
    expect((await first).ok).toBe(true);
  });
});
