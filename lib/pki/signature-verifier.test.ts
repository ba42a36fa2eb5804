import { describe, expect, it } from "vitest";
import { SHORT_ECDSA_CA, SHORT_ECDSA_LEAVES } from "./__fixtures__/short-ecdsa-signatures";
import { createSignatureVerifier } from "./signature-verifier";
import { splitCertificate } from "./split-certificate";
import {
  certRecord,
  derOf,
  issue,
  openssl,
  readBytes,
  sampleFile,
  tempDir,
  utf8,
} from "../test-support/pki-material";

const sample = (path: string) => certRecord(derOf(sampleFile(path).bytes), path);

/** The DER lengths in an ECDSA-Sig-Value, SEQUENCE { r INTEGER, s INTEGER } (P-256: short-form). */
function integerLengths(der: Uint8Array): { r: number; s: number; signature: number } {
  const r = der[3] ?? 0;
  return { r, s: der[4 + r + 1] ?? 0, signature: der.length };
}

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

  it("RSA-PSS signatures made by openssl verify (salt length from the parameters)", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const dir = tempDir();
    for (const [name, salt] of [
      ["pss-digest", "digest"],
      ["pss-max", "max"],
    ] as const) {
      openssl(
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.crt`]
          .concat(["-subj", `/CN=${name}`, "-days", "1", "-sha384"])
          .concat(["-sigopt", "rsa_padding_mode:pss", "-sigopt", `rsa_pss_saltlen:${salt}`]),
        dir,
      );
      const cert = await certRecord(derOf(readBytes(dir, `${name}.crt`)));
      expect(cert.signatureAlgorithm).toMatch(/pss/i);
      expect([name, await verifier.verifyDetailed(cert, cert)]).toEqual([name, { ok: true }]);
    }
  });

  it.each(SHORT_ECDSA_LEAVES)(
    "ECDSA P-256 signatures whose r or s is short (DER drops leading zeros) or padded verify: $name",
    async ({ pem, r, s, signature }) => {
      const verifier = createSignatureVerifier(globalThis.crypto);
      const leaf = await certRecord(derOf(utf8(pem)));
      const split = splitCertificate(Uint8Array.from(leaf.der));
      if (!split.ok) throw new Error(split.reason);
      // The row's lengths are those of the signature it carries, not only its comment's.
      expect(integerLengths(split.value.signature)).toEqual({ r, s, signature });
      const ca = await certRecord(derOf(utf8(SHORT_ECDSA_CA)));
      expect(await verifier.verifyDetailed(leaf, ca)).toEqual({ ok: true });
    },
  );

  it("a signature changed by one bit does not verify", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    for (const key of ["RSA", "P-256"] as const) {
      const ca = await issue({ subject: `CN=${key}-ca`, ca: true, key });
      const leaf = await issue({ subject: `CN=${key}-leaf`, issuer: ca });
      const tampered = Uint8Array.from(leaf.der);
      tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
      const result = await verifier.verifyDetailed(await certRecord(tampered), await certRecord(ca.der));
      expect([key, result]).toEqual([
        key,
        { ok: false, reason: `signature does not verify with the key of CN=${key}-ca` },
      ]);
    }
  });

  it("a record whose bytes are not a certificate is false with the reason", async () => {
    const verifier = createSignatureVerifier(globalThis.crypto);
    const ca = await certRecord((await issue({ subject: "CN=ca", ca: true })).der);
    const broken = { ...ca, id: "c-broken", der: ca.der.slice(0, 100), subject: "CN=broken" };
    const result = await verifier.verifyDetailed(broken, ca);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/^unreadable certificate CN=broken: /);
  });
});
