/**
 * A cluster collected with public halves in place of its private keys (every key block turned into
 * `openssl pkey -pubout`'s output, every `client-key-data` into the base64 of that) must be judged
 * exactly as the cluster itself: the same findings, statuses, missing inputs and key paths, with
 * `inputs.publicHalves` naming every key that was a public half. A wrong key stays wrong.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import { ingest } from "./ingest/ingest";
import { sourceName, type InputFile } from "./inventory";
import type { Report } from "./report";
import { FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree } from "./test-support/fixtures";
import { toPublicHalves } from "./test-support/public-halves-tree";

const LAYOUT_NOW = "2026-12-01T00:00:00Z";

/** `faulty`: a fixture with seeded faults (the demo's two among them); every other one is healthy. */
const CASES = [
  { name: "healthy", now: FIXTURE_NOW },
  { name: "demo", now: FIXTURE_NOW, faulty: true },
  { name: "layouts/k3s", now: LAYOUT_NOW },
  { name: "layouts/kind-ha", now: LAYOUT_NOW },
  { name: "layouts/kubespray", now: LAYOUT_NOW },
  { name: "layouts/hard-way", now: LAYOUT_NOW },
  { name: "layouts/minikube", now: LAYOUT_NOW },
  { name: "layouts/rke2", now: LAYOUT_NOW },
  { name: "layouts/hard-way-cfssl", now: LAYOUT_NOW },
  { name: "layouts/vault-hard-way", now: LAYOUT_NOW },
  // No relationships: its certificates' key paths are what pairing shows.
  { name: "layouts/generic-mtls", now: LAYOUT_NOW, generic: true },
  { name: "kubeadm-v1.20", now: SAMPLE_NOW },
  { name: "key-mismatch-apiserver", now: FIXTURE_NOW, faulty: true },
  { name: "sa-key-mismatch", now: FIXTURE_NOW, faulty: true },
  { name: "layouts-faults/kind-ha-sa-key-differs", now: LAYOUT_NOW, faulty: true },
];

/** What a verdict is made of, without the words (a stand-in's finding may say "public key"). */
function verdicts(report: Report) {
  return {
    summary: report.summary,
    layout: report.layout?.name,
    findings: report.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      relationship: f.relationship,
      relationshipKey: f.relationshipKey,
      files: f.files,
    })),
    relationships: report.relationships.map((r) => ({
      key: r.key,
      status: r.status,
      findings: r.findings,
      missing: r.missing,
      keyMatches: [r.clientEnd.presents?.keyMatches, r.serverEnd.presents?.keyMatches],
      keySources: [r.clientEnd.presents?.keySource, r.serverEnd.presents?.keySource],
    })),
    certificates: report.certificates.map((c) => ({ id: c.id, keyPaths: c.keyPaths })),
    keys: report.inputs.keys,
  };
}

async function keyNames(files: InputFile[]): Promise<string[]> {
  const inventory = await ingest(files, { crypto: globalThis.crypto });
  return inventory.privateKeys.map((key) => sourceName(key.source)).sort((a, b) => (a < b ? -1 : 1));
}

const redactions = (report: Report) => JSON.stringify(report).split("[redacted]").length - 1;

describe.each(CASES)("$name collected as public halves", ({ name, now, generic = false, faulty = false }) => {
  const files = readTree(fixtureDir(name));
  const halves = toPublicHalves(files);

  it("is judged exactly as with its private keys", async () => {
    const [withKeys, withHalves] = await Promise.all([
      analyze(files, { now }),
      analyze(halves.files, { now }),
    ]);
    expect(verdicts(withHalves)).toEqual(verdicts(withKeys));
    if (!faulty) expect(withHalves.summary).toMatchObject({ error: 0, warning: 0 });
    expect(redactions(withHalves)).toBe(redactions(withKeys));
    expect(withKeys.inputs.publicHalves).toBeUndefined();
    const keys = await keyNames(files);
    expect(keys.length).toBe(halves.converted);
    expect(withHalves.inputs.publicHalves).toEqual(keys);
    // Each end that presents a key says it was a public half, of the same algorithm.
    const descriptions = (report: Report) =>
      report.relationships.flatMap((r) =>
        [r.clientEnd.presents, r.serverEnd.presents].flatMap((end) =>
          end?.keyDescription ? [end.keyDescription] : [],
        ),
      );
    const want = descriptions(withKeys).map((d) => d.replace(/ private key$/, " public half"));
    expect(want.length === 0).toBe(generic);
    expect(descriptions(withHalves)).toEqual(want);
  });
});

describe("a wrong key stays wrong as a public half", () => {
  it("KEY_MISMATCH names the public key standing in for the private key", async () => {
    const { files } = toPublicHalves(readTree(fixtureDir("key-mismatch-apiserver")));
    const report = await analyze(files, { now: FIXTURE_NOW });
    const mismatch = report.findings.filter((f) => f.code === "KEY_MISMATCH");
    expect(mismatch.map((f) => [f.severity, f.files])).toEqual([
      ["error", ["etc/kubernetes/pki/apiserver.key", "etc/kubernetes/pki/apiserver.crt"]],
    ]);
    expect(mismatch[0]?.detail).toContain(
      "but the public key standing in for the private key in etc/kubernetes/pki/apiserver.key (",
    );
  });

  it("SA_KEY_MISMATCH says the stand-in was compared", async () => {
    const { files } = toPublicHalves(readTree(fixtureDir("sa-key-mismatch")));
    const report = await analyze(files, { now: FIXTURE_NOW });
    const mismatch = report.findings.filter((f) => f.code === "SA_KEY_MISMATCH");
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]?.detail).toContain("the public key standing in for the private key was compared");
  });
});
