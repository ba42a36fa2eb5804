/**
 * The lab's archive: every loaded file and LAB.md at its root, the broken lab for a scenario's files
 * and the healthy one once fixed, read back by the project's own gzip and tar readers.
 */
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import type { AnalysisFile } from "@/lib/bridge/protocol";
import { gunzipLimited } from "@/lib/ingest/gunzip-limited";
import { readTar } from "@/lib/ingest/read-tar";
import { scenarioById } from "@/lib/scenarios/catalogue";
import { generateScenario } from "@/lib/scenarios/generate-scenario";
import type { ScenarioChoice } from "@/lib/scenarios/scenario";
import { REPO_ROOT, readTree } from "@/lib/test-support/fixtures";
import { LAB_FILE, labArchive, labArchiveName } from "./lab-download";

const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));

async function loaded(choice: ScenarioChoice): Promise<AnalysisFile[]> {
  const files = await generateScenario(choice, { crypto: globalThis.crypto, keyFiles: demoFiles });
  return files.map((file) => ({ path: file.path, bytes: file.bytes.slice().buffer }));
}

function unpack(archive: Uint8Array): Map<string, string> {
  const tar = gunzipLimited(archive, 64 * 1024 * 1024);
  if (!tar.ok) throw new Error(tar.reason);
  const contents = readTar(tar.value);
  expect(contents.problems).toEqual([]);
  return new Map(contents.entries.map((entry) => [entry.path, new TextDecoder().decode(entry.bytes)]));
}

describe("labArchive", () => {
  const scenario = scenarioById("wrong-ca-etcd-client");
  if (!scenario) throw new Error("no wrong-ca-etcd-client");

  it("holds every file and LAB.md at the root, the broken lab with its answer", async () => {
    const files = await loaded("wrong-ca-etcd-client");
    const entries = unpack(labArchive(files, scenario, "wrong-ca-etcd-client"));
    expect([...entries.keys()].sort()).toEqual([...files.map((file) => file.path), LAB_FILE].sort());
    const lab = entries.get(LAB_FILE) ?? "";
    expect(lab).toMatch(/^# Break-it lab\n/);
    expect(lab).toContain("<details><summary>Answer</summary>");
    expect(lab).toContain(
      "-CAfile control-1/etc/kubernetes/pki/etcd/ca.crt control-1/etc/kubernetes/pki/apiserver-etcd-client.crt",
    );
    expect(labArchiveName("wrong-ca-etcd-client")).toBe("k8s-pki-wrong-ca-etcd-client.tar.gz");
  });

  it("says it is the healthy cluster once fixed, with no answer", async () => {
    const entries = unpack(labArchive(await loaded("healthy"), scenario, "healthy"));
    const lab = entries.get(LAB_FILE) ?? "";
    expect(lab).toMatch(/^# Break-it lab: the healthy cluster\n/);
    expect(lab).not.toContain("<summary>Answer</summary>");
    expect(labArchiveName("healthy")).toBe("k8s-pki-healthy.tar.gz");
  });
});
