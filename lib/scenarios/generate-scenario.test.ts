/**
 * Every scenario, generated with real crypto on the demo's own files and analysed at the demo's
 * judge date, yields exactly its promised errors and warnings on the edge it names; the healthy base
 * yields none. Generation on the demo's files reuses the demo's keys and bytes; without them every
 * key is new. openssl, as an independent oracle, agrees on the etcd chain.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { DEMO_JUDGE_AT, demoCluster } from "../generate/demo-cluster";
import { renderOnFiles } from "../generate/render-on-files";
import type { InputFile } from "../inventory";
import { derOf, tempDir } from "../test-support/pki-material";
import { REPO_ROOT, readTree } from "../test-support/fixtures";
import { X509Certificate } from "../x509";
import { SCENARIOS } from "./catalogue";
import { generateScenario, isScenarioChoice, scenarioModel } from "./generate-scenario";

const crypto = globalThis.crypto;
const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));
const CA = "control-1/etc/kubernetes/pki/ca.crt";
/** The two files the healthy base changes against the demo: its two faults, undone. */
const BASE_CHANGES = [
  "control-1/etc/kubernetes/pki/front-proxy-client.crt",
  "worker-1/var/lib/kubelet/pki/kubelet-client-current.pem",
];

/** Hex of the SubjectPublicKeyInfo of a PEM certificate file's first certificate. */
function publicKeyHex(pemBytes: Uint8Array): string {
  return Buffer.from(new X509Certificate(derOf(pemBytes).slice()).publicKey.rawData).toString("hex");
}

function fileOf(files: readonly InputFile[], path: string): Uint8Array {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`no ${path}`);
  return file.bytes;
}

async function judged(files: InputFile[]) {
  const report = await analyze(files, { now: DEMO_JUDGE_AT });
  const findings = report.findings
    .filter((finding) => finding.severity !== "info")
    .map((finding) => ({
      code: finding.code,
      severity: finding.severity,
      file: (finding.files[0] ?? "").split("#")[0],
    }));
  return { report, findings };
}

describe("generateScenario on the demo's files", () => {
  it("makes the healthy demo: no error, no warning, every edge ok or unknown", async () => {
    const { report, findings } = await judged(
      await generateScenario("healthy", { crypto, keyFiles: demoFiles }),
    );
    expect(findings).toEqual([]);
    for (const relationship of report.relationships)
      expect(["ok", "unknown"], relationship.key).toContain(relationship.status);
  });

  it.each(SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))(
    "$id yields exactly its findings, on its edge",
    async ({ id, scenario }) => {
      const { report, findings } = await judged(await generateScenario(id, { crypto, keyFiles: demoFiles }));
      expect(findings).toEqual(scenario.expect);
      const status = scenario.expect.some((e) => e.severity === "error") ? "error" : "warning";
      const edges = report.relationships.filter((r) =>
        scenario.relationshipKey ? r.key === scenario.relationshipKey : r.id === scenario.relationship,
      );
      expect(edges.length).toBeGreaterThan(0);
      for (const edge of edges) expect(edge.status, edge.key).toBe(status);
    },
  );

  it("keeps the demo's keys: ca.crt is the demo's, byte for byte", async () => {
    const files = await generateScenario("stale-kubeconfig-ca", { crypto, keyFiles: demoFiles });
    expect(publicKeyHex(fileOf(files, CA))).toBe(publicKeyHex(fileOf(demoFiles, CA)));
    expect(Buffer.from(fileOf(files, CA)).equals(Buffer.from(fileOf(demoFiles, CA)))).toBe(true);
    expect(files.map((file) => file.path)).toEqual(demoFiles.map((file) => file.path));
  });

  it.each([
    { choice: "healthy" as const, rendered: BASE_CHANGES },
    {
      choice: "wrong-ca-etcd-client" as const,
      rendered: ["control-1/etc/kubernetes/pki/apiserver-etcd-client.crt", ...BASE_CHANGES],
    },
    {
      choice: "key-mismatch" as const,
      rendered: ["control-1/etc/kubernetes/pki/apiserver.key", ...BASE_CHANGES],
    },
  ])("renders only what $choice changes", async ({ choice, rendered }) => {
    const result = await renderOnFiles(scenarioModel(choice), demoCluster(), demoFiles, crypto);
    expect(result.rendered).toEqual([...rendered].sort());
  });

  it("generates only ECDSA P-256 keys, and only those the fault adds", async () => {
    for (const scenario of SCENARIOS) {
      const model = scenarioModel(scenario.id);
      const result = await renderOnFiles(model, demoCluster(), demoFiles, crypto);
      for (const id of result.generatedKeys) {
        expect(demoCluster().keys[id], `${scenario.id}: ${id}`).toBeUndefined();
        expect(model.keys[id], `${scenario.id}: ${id}`).toEqual({ algorithm: "ECDSA-P256" });
      }
    }
  });
});

describe("generateScenario without key files", () => {
  it("generates every key anew: a healthy cluster with another cluster CA", async () => {
    const files = await generateScenario("healthy", { crypto });
    const { findings } = await judged(files);
    expect(findings).toEqual([]);
    expect(publicKeyHex(fileOf(files, CA))).not.toBe(publicKeyHex(fileOf(demoFiles, CA)));
  });
});

describe("the generated files, checked by openssl", () => {
  /** openssl verify's exit status for apiserver-etcd-client.crt against etcd/ca.crt at the judge date. */
  function verifyEtcdClient(files: InputFile[]): number | null {
    const dir = tempDir();
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.bytes);
    }
    const pki = "control-1/etc/kubernetes/pki";
    const attime = String(Date.parse(DEMO_JUDGE_AT) / 1000);
    const args = [
      "verify",
      "-attime",
      attime,
      "-CAfile",
      `${pki}/etcd/ca.crt`,
      `${pki}/apiserver-etcd-client.crt`,
    ];
    return spawnSync("openssl", args, { cwd: dir, stdio: "pipe" }).status;
  }

  it("accepts the healthy etcd client chain and refuses the wrong-CA one", async () => {
    expect(verifyEtcdClient(await generateScenario("healthy", { crypto, keyFiles: demoFiles }))).toBe(0);
    const broken = await generateScenario("wrong-ca-etcd-client", { crypto, keyFiles: demoFiles });
    expect(verifyEtcdClient(broken)).toBe(2);
  });
});

describe("isScenarioChoice", () => {
  it.each([
    { choice: "healthy", ok: true },
    { choice: "key-mismatch", ok: true },
    { choice: "expired-apiserver", ok: false },
    { choice: "", ok: false },
  ])("$choice → $ok", ({ choice, ok }) => {
    expect(isScenarioChoice(choice)).toBe(ok);
  });
});
