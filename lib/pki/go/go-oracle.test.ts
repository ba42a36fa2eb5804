/**
 * The differential test against Go: every generated chain (lib/test-support/go-chain-cases.ts) is
 * verified by Go's own crypto/x509 (scripts/go-x509-oracle, built here with the Go toolchain that
 * .ci/run installs) and by the product's engine, and the two must give the same verdict and the
 * same error text, case by case. The few places the product differs on purpose are listed in
 * DIFFERENCES with the reason; a listed case that stops differing fails too, so the list stays true.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { goChainCases, type ChainCase } from "../../test-support/go-chain-cases";
import { buildGoOracle, runGoOracle, type OracleAnswer } from "../../test-support/go-oracle";
import { readCertificate } from "../read-certificate";
import { toHex } from "../../shared/bytes";
import { sha256 } from "../sha256";
import { createSignatureVerifier } from "../signature-verifier";
import { parseGoCertificate } from "./parse-certificate";
import { GO_1_23, judgeAsGo } from "./judge-as-go";
import type { CertificateRecord } from "../../inventory";
import { goHostnameMatches } from "./verify-hostname";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { buildClusterModel } from "../../cluster/build-model";
import { buildCheckContext } from "../../engine/context";
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_FRACTION } from "../../expiry";
import { ingest } from "../../ingest/ingest";
import { FIXTURE_NOW, FIXTURES, SAMPLE_NOW, fixtureDir, readTree } from "../../test-support/fixtures";

/** Cases where the product says something else than Go, on purpose. */
const DIFFERENCES: Record<string, string> = {};

function record(der: Uint8Array): CertificateRecord | undefined {
  const read = readCertificate(der, toHex(sha256(der)));
  return read.ok ? { ...read.value, sources: [] } : undefined;
}

interface ProductAnswer {
  ok: boolean;
  error?: string;
}

/** The product's verdict, in the oracle's words ("leaf: …" for a certificate Go cannot parse). */
async function product(
  c: ChainCase,
  verifier: ReturnType<typeof createSignatureVerifier>,
): Promise<ProductAnswer> {
  const leaf = record(c.leaf);
  if (!leaf) {
    const go = parseGoCertificate(c.leaf, GO_1_23);
    return { ok: false, error: go.ok ? "leaf: the product cannot read it" : `leaf: ${go.error}` };
  }
  const presented = c.intermediates.map(record);
  const roots = c.roots.map(record).filter((r): r is CertificateRecord => r !== undefined);
  if (presented.some((r) => r === undefined))
    return { ok: false, error: "an intermediate the product cannot read" };
  const result = await judgeAsGo(
    leaf,
    presented as CertificateRecord[],
    roots,
    { now: c.now, keyUsages: c.keyUsages, rules: GO_1_23 },
    verifier,
  );
  if (result.ok) return { ok: true };
  if ("unparsable" in result) {
    const index =
      result.role === "leaf" ? "leaf" : `intermediate ${presented.indexOf(result.unparsable.cert) + 1}`;
    return { ok: false, error: `${index}: ${result.unparsable.error}` };
  }
  return { ok: false, error: result.error.message };
}

/** Every committed fixture the product judges: kubeadm's, each layout's, each fault's. */
function committedFixtures(): { name: string; now: string }[] {
  const layouts = readdirSync(join(FIXTURES, "layouts"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: `layouts/${entry.name}`, now: SAMPLE_NOW }));
  const faults = readdirSync(join(FIXTURES, "faults")).map((name) => ({ name, now: FIXTURE_NOW }));
  return [
    { name: "healthy", now: FIXTURE_NOW },
    { name: "kubeadm-v1.20", now: SAMPLE_NOW },
    { name: "demo", now: FIXTURE_NOW },
    ...layouts,
    ...faults,
  ];
}

describe("the chain engine agrees with Go's crypto/x509", () => {
  let cases: ChainCase[] = [];
  let answers: OracleAnswer[] = [];
  beforeAll(async () => {
    const oracle = buildGoOracle();
    cases = await goChainCases(globalThis.crypto);
    answers = runGoOracle(
      oracle,
      cases.map((c, i) => ({
        id: String(i),
        leaf: c.leaf,
        intermediates: c.intermediates,
        roots: c.roots,
        now: c.now,
        keyUsages: c.keyUsages,
      })),
    );
  }, 600_000);

  test("on several hundred generated chains, verdict and words alike", async () => {
    expect(cases.length).toBeGreaterThan(250);
    const verifier = createSignatureVerifier(globalThis.crypto);
    const disagreements: string[] = [];
    const rules = new Set<string>();
    for (const [i, c] of cases.entries()) {
      const go = answers[i];
      if (!go) throw new Error(`no answer from Go for case ${i}`);
      const ours = await product(c, verifier);
      const same = ours.ok === go.ok && (ours.ok || ours.error === go.error);
      const expected = DIFFERENCES[c.name];
      if (same === (expected === undefined)) {
        rules.add(c.rule);
        continue;
      }
      disagreements.push(
        expected
          ? `${c.name}: listed as differing (${expected}) but agrees now`
          : `${c.name}:\n    Go:      ${go.ok ? "ok" : go.error}\n    product: ${ours.ok ? "ok" : ours.error}`,
      );
    }
    expect(disagreements).toEqual([]);
    // Every rule the cases cover was seen agreeing at least once.
    expect([...rules].sort()).toEqual(
      expect.arrayContaining(["name-constraints", "path-length", "parse", "unhandled-critical-extension"]),
    );
  }, 600_000);

  test("Go's hostname matching, bare wildcards and trailing dots included", () => {
    const oracle = buildGoOracle();
    const table: { dnsNames: string[]; ips: string[]; host: string }[] = [];
    const patterns = [
      "*.com",
      "*",
      "*.example",
      "kube-apiserver.example",
      "KUBE-apiserver.example.",
      "a.*.example",
      "*a.example",
      "under_score.example",
      "x..example",
    ];
    const hosts = [
      "foo.com",
      "com",
      "*",
      "foo",
      "kube-apiserver.example",
      "kube-apiserver.example.",
      "a.b.example",
      "aa.example",
      "under_score.example",
      "x..example",
      "10.0.0.1",
      "[::1]",
      "::1",
    ];
    for (const pattern of patterns)
      for (const host of hosts) table.push({ dnsNames: [pattern], ips: [], host });
    for (const host of hosts) table.push({ dnsNames: [], ips: ["10.0.0.1", "::1"], host });
    const answersFromGo = runGoOracle(
      oracle,
      table.map((row, i) => ({ id: `h${i}`, ...row })),
    );
    const disagreements = table.flatMap((row, i) => {
      const go = answersFromGo[i]?.ok;
      const ours = goHostnameMatches(row.dnsNames, row.ips, row.host);
      return go === ours ? [] : [`${JSON.stringify(row)}: Go ${String(go)}, product ${String(ours)}`];
    });
    expect(disagreements).toEqual([]);
  }, 600_000);

  test("on every verification of every committed fixture: real certificates from kubeadm, k3s, RKE2, kind, OpenShift, Talos, Vault, cfssl, openssl", async () => {
    const oracle = buildGoOracle();
    const crypto = globalThis.crypto;
    const disagreements: string[] = [];
    let compared = 0;
    for (const { name, now } of committedFixtures()) {
      const inventory = await ingest(readTree(fixtureDir(name)), { crypto });
      const model = buildClusterModel(inventory);
      const at = new Date(now);
      const ctx = await buildCheckContext(inventory, model, {
        now: at,
        warnDays: 30,
        warnFraction: DEFAULT_WARN_FRACTION,
        caHorizonDays: DEFAULT_CA_HORIZON_DAYS,
        verifier: createSignatureVerifier(crypto),
      });
      const asked = ctx.verifications.filter((v) => v.credential.cert);
      const answers = runGoOracle(
        oracle,
        asked.map((v, i) => ({
          id: String(i),
          leaf: v.credential.cert?.der ?? new Uint8Array(),
          intermediates: v.credential.chain.map((c) => c.der),
          roots: v.bundle.certs.map((c) => c.der),
          now: at,
          keyUsages: v.verifier === "server" ? ["clientAuth"] : ["serverAuth"],
        })),
      );
      for (const [i, v] of asked.entries()) {
        const leaf = v.credential.cert;
        const go = answers[i];
        if (!leaf || !go) continue;
        compared++;
        // The product judges dates and the leaf's own EKU apart (CERT_EXPIRED, EKU_MISSING); Go in one.
        const path = v.outcome.path ?? [];
        const datesOk = path.every(
          (c) => Date.parse(c.notBefore) <= at.getTime() && at.getTime() <= Date.parse(c.notAfter),
        );
        const usage = v.verifier === "server" ? "clientAuth" : "serverAuth";
        const ekuOk =
          !leaf.ekuPresent ||
          leaf.eku.length === 0 ||
          leaf.eku.includes(usage) ||
          leaf.eku.includes("anyExtendedKeyUsage");
        const ours = v.outcome.verdict === "trusted" && datesOk && ekuOk;
        if (ours !== go.ok)
          disagreements.push(
            `${name} ${v.wiring.key} (${v.verifier} verifies ${v.credential.source} with ${v.bundle.source}): product ${v.outcome.verdict} (${v.outcome.reason}); Go ${go.ok ? "ok" : go.error}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(500);
  }, 600_000);
});
