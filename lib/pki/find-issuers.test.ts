import { describe, expect, it } from "vitest";
import { createIssuerIndex } from "./find-issuers";
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

  it("lists every same-name CA, then a renamed CA found by key id, without repeats", async () => {
    const ca1 = await issue({ subject: "CN=kubernetes", ca: true });
    const ca2 = await issue({ subject: "CN=kubernetes", ca: true });
    const leaf = await certRecord((await issue({ subject: "CN=leaf", issuer: ca2 })).der);
    const [rec1, rec2] = await Promise.all([certRecord(ca1.der), certRecord(ca2.der)]);
    // ca2's key re-issued under another name: only the leaf's authority key id points at it.
    const renamed = { ...rec2!, id: "c-renamed", subject: "CN=renamed" };
    const index = createIssuerIndex([rec1!, rec2!, renamed]);
    expect(leaf.authorityKeyId).toBe(rec2!.subjectKeyId);
    expect(index.candidates(leaf).map((c) => c.id)).toEqual([rec1!.id, rec2!.id, "c-renamed"]);
  });

  it("returns nothing for an unknown issuer", async () => {
    const index = createIssuerIndex([await sample("pki/ca.crt")]);
    expect(index.candidates(await sample("pki/etcd/server.crt"))).toEqual([]);
  });
});
