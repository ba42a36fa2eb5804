import { describe, expect, it } from "vitest";
import { createIssuerIndex, MAX_SIGNATURE_CHECKS, narrowIssuers } from "./find-issuers";
import type { CertificateRecord } from "../inventory";
import { certRecord, derOf, issue, sampleFile } from "../test-support/pki-material";

const sample = (path: string) => certRecord(derOf(sampleFile(path).bytes), path);

describe("createIssuerIndex", () => {
  it("finds kubeadm issuers by subject DN", async () => {
    const paths = [
      "pki/ca.crt",
      "pki/etcd/ca.crt",
      "pki/front-proxy-ca.crt",
      "pki/apiserver.crt",
      "pki/etcd/peer.crt",
    ];
    const [ca, etcdCa, , apiserver, peer] = await Promise.all(paths.map(sample));
    const index = createIssuerIndex(await Promise.all(paths.map(sample)));
    expect(index.candidates(apiserver!).map((c) => c.id)).toEqual([ca!.id]);
    expect(index.candidates(peer!).map((c) => c.id)).toEqual([etcdCa!.id]);
    expect(index.candidates(ca!).map((c) => c.id)).toEqual([ca!.id]);
  });

  it("tries the CA the child's authority key id names, once per key, before same-name CAs", async () => {
    const ca1 = await issue({ subject: "CN=kubernetes", ca: true });
    const ca2 = await issue({ subject: "CN=kubernetes", ca: true });
    const leaf = await certRecord((await issue({ subject: "CN=leaf", issuer: ca2 })).der);
    const [rec1, rec2] = await Promise.all([certRecord(ca1.der), certRecord(ca2.der)]);
    // ca2's key re-issued under another name: the same key, so one signature check decides both.
    const renamed = { ...rec2!, id: "c-renamed", subject: "CN=renamed" };
    const index = createIssuerIndex([rec1!, renamed, rec2!]);
    expect(leaf.authorityKeyId).toBe(rec2!.subjectKeyId);
    // rec1's key id is another one: left out while one matches.
    expect(index.candidates(leaf).map((c) => c.id)).toEqual([rec2!.id]);
    expect(index.candidates({ ...leaf, authorityKeyId: "00ff" }).map((c) => c.id)).toEqual([
      rec1!.id,
      rec2!.id,
    ]);
  });

  it("tries a self-issued certificate against itself first, whatever shares its name", async () => {
    const records = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const { der } = await issue({ subject: "CN=kubernetes", ca: true });
        const record = await certRecord(der);
        // No key ids, as a hand-made CA may have: only the name ties them together.
        return { ...record, subjectKeyId: undefined, authorityKeyId: undefined };
      }),
    );
    const index = createIssuerIndex(records);
    for (const record of records) {
      const candidates = index.candidates(record);
      expect(candidates[0]?.id).toBe(record.id);
      expect(candidates).toHaveLength(12);
    }
  });

  it("checks at most as many candidates as Go's crypto/x509 does signatures", () => {
    const child = { id: "c-child", subject: "CN=leaf", issuer: "CN=kubernetes", selfIssued: false };
    const flood = Array.from({ length: MAX_SIGNATURE_CHECKS + 50 }, (_, i) => ({
      id: `c-${i}`,
      subject: "CN=kubernetes",
      publicKey: { canonical: `ec:P-256:${i}` },
    }));
    const narrowed = narrowIssuers(
      child as unknown as CertificateRecord,
      flood as unknown as CertificateRecord[],
    );
    expect(narrowed.map((c) => c.id)).toEqual(flood.slice(0, MAX_SIGNATURE_CHECKS).map((c) => c.id));
  });

  it("returns nothing for an unknown issuer", async () => {
    const index = createIssuerIndex([await sample("pki/ca.crt")]);
    expect(index.candidates(await sample("pki/etcd/server.crt"))).toEqual([]);
  });
});
