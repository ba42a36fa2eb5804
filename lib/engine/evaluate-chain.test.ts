/**
 * The chain verdicts the rules read, on the generated cases Go itself is held to
 * (lib/pki/go/go-oracle.test.ts): which verdict each Go answer becomes, which path a trusted chain
 * takes, and which certificate a rejection names. Dates and the leaf's own EKU stay out of the
 * verdict (their rules judge them); everything else Go refuses is `rejected`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CertificateRecord } from "../inventory";
import { readCertificate } from "../pki/read-certificate";
import { sha256 } from "../pki/sha256";
import { createSignatureVerifier } from "../pki/signature-verifier";
import { GO_1_23 } from "../pki/go/judge-as-go";
import { toHex } from "../shared/bytes";
import { goChainCases, type ChainCase } from "../test-support/go-chain-cases";
import { evaluateChain, type ChainOutcome } from "./evaluate-chain";

function record(der: Uint8Array): CertificateRecord {
  const read = readCertificate(der, toHex(sha256(der)));
  if (!read.ok) throw new Error(read.reason);
  return { ...read.value, sources: [] };
}

let cases: ChainCase[] = [];
const verifier = createSignatureVerifier(globalThis.crypto);

async function judge(
  name: string,
  strictBundle = false,
): Promise<{ outcome: ChainOutcome; c: ChainCase; records: CertificateRecord[] }> {
  const c = cases.find((candidate) => candidate.name === name);
  if (!c) throw new Error(`no case ${name}`);
  const leaf = record(c.leaf);
  const presented = c.intermediates.map(record);
  const bundle = c.roots.map(record);
  const outcome = await evaluateChain(leaf, presented, bundle, verifier, {
    now: c.now,
    keyUsages: c.keyUsages,
    rules: GO_1_23,
    strictBundle,
  });
  return { outcome, c, records: [leaf, ...presented, ...bundle] };
}

describe("evaluateChain speaks Go's verdicts in the rules' terms", () => {
  beforeAll(async () => {
    cases = await goChainCases(globalThis.crypto);
  }, 120_000);

  it.each([
    ["expired cross-certificate presented first", "trusted"],
    ["two intermediates named alike, the wrong one first", "trusted"],
    ["a same-name root with another key first", "trusted"],
    ["root with an empty key usage", "trusted"],
    ["empty EKU extension on the leaf", "trusted"],
    ["expired leaf", "trusted"],
    ["expired intermediate", "trusted"],
    ["client EKU where server is asked", "trusted"],
    ["only the impostor intermediate", "bad-signature"],
    ["only a same-name root with another key", "bad-signature"],
    ["no root at all", "untrusted"],
    ["root with CA:FALSE", "anchor-not-ca"],
    ["critical unknown extension on the root", "rejected"],
    ["critical unknown extension on the leaf", "rejected"],
    ["depth 2, root pathLen 1, intermediates pathLen -", "rejected"],
    ["self-issued intermediate under pathlen:0", "rejected"],
    ["excluded DNS example on the root, leaf DNS only", "rejected"],
    ["duplicate key usage extension on the leaf", "rejected"],
    ["the only root cannot be parsed", "rejected"],
    ["intermediate EKU client only, leaf and request serverAuth", "rejected"],
    ["RSA root, SHA-1 leaf signature", "rejected"],
  ])("%s → %s", async (name, verdict) => {
    const { outcome } = await judge(name);
    expect(outcome.verdict, outcome.reason).toBe(verdict);
  });

  it("takes the valid path past an expired cross-certificate, and keeps it off the path", async () => {
    const { outcome, records } = await judge("expired cross-certificate presented first");
    const [leaf, cross, good, root] = records;
    expect(outcome.path?.map((c) => c.id)).toEqual([leaf?.id, good?.id, root?.id]);
    expect(outcome.path?.some((c) => c.id === cross?.id)).toBe(false);
  });

  it("names the certificate each rejection is about, with Go's words", async () => {
    const pathLength = await judge("self-issued intermediate under pathlen:0");
    expect(pathLength.outcome.rejection?.reason).toBe("path-length");
    expect(pathLength.outcome.rejection?.cert.subjectCN).toBe("rollover");
    expect(pathLength.outcome.message).toBe("x509: too many intermediates for path length constraint");

    const eku = await judge("intermediate EKU client only, leaf and request serverAuth");
    expect(eku.outcome.rejection?.reason).toBe("incompatible-usage");
    expect(eku.outcome.rejection?.cert.subjectCN).toBe("eku-mid-client only");

    const bundle = await judge("the only root cannot be parsed");
    expect(bundle.outcome.rejection).toMatchObject({ reason: "unparsable", role: "bundle" });
    expect(bundle.outcome.message).toBe(
      'x509: certificate contains duplicate extension with OID "2.5.29.19"',
    );

    const sha1 = await judge("RSA root, SHA-1 leaf signature");
    expect(sha1.outcome.rejection?.reason).toBe("insecure-algorithm");
    expect(sha1.outcome.rejection?.child?.subjectCN).toBe("kube-apiserver");
  });

  it("a CA file with a certificate Go cannot parse stops a strict loader, not a lenient one", async () => {
    const lenient = await judge("an unparsable root beside the good one");
    expect(lenient.outcome.verdict).toBe("trusted");
    const strict = await judge("an unparsable root beside the good one", true);
    expect(strict.outcome.rejection).toMatchObject({ reason: "unparsable", role: "bundle-file" });
  });
});
