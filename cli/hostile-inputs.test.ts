/**
 * Inputs built to hang, lose or slow the analysis, each beside a healthy node and audited by the
 * bundled command as a person runs it: the command ends, names what it could not read, still
 * reads every other entry and file, and stays within its CPU and memory budget (whole process,
 * every thread).
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileCases, type HostileCase, writeFiles } from "../e2e/support/hostile-inputs";
import type { Report } from "../lib/report";
import { FIXTURE_NOW, fixtureDir } from "../lib/test-support/fixtures";
import { runCli, runCliMeasured } from "./test-support/run-cli";

/**
 * The budget each case is held to. Measured on a busy 2-core machine, a case costs 0.4–2.0 s of
 * CPU and under 130 MB (the healthy node alone: 0.4 s); 5 s leaves room for a slower one, and
 * still fails at once on what these inputs did before (an endless loop growing 30 MB/s, 13 s of
 * signature checks, 7 s of reading).
 */
const CPU_MS = 5_000;
const RSS_MB = 512;

const root = mkdtempSync(join(tmpdir(), "k8s-pki-hostile-inputs-"));
let cases: HostileCase[] = [];
let healthy: Report;

beforeAll(async () => {
  cases = await hostileCases();
  const alone = await runCli(["audit", fixtureDir("healthy"), "--format", "json", "--now", FIXTURE_NOW]);
  healthy = JSON.parse(alone.stdout) as Report;
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const NAMES = [
  "tar-negative-size",
  "pax-negative-size",
  "pax-letters",
  "pkcs12-ten-million",
  "same-name-flood",
  "same-name-flood-bad-signatures",
  "empty-files",
  "hash-names",
  "zip-duplicates",
];

describe("k8s-pki audit of hostile inputs beside a healthy node", () => {
  it("covers every case of the hostile set", () => {
    expect(cases.map((c) => c.name)).toEqual(NAMES);
  });

  it.each(NAMES)(
    "%s: ends, names it, judges the rest as before, within budget",
    async (name) => {
      const hostile = cases.find((c) => c.name === name);
      if (!hostile) throw new Error(`no case ${name}`);
      const dir = join(root, name);
      cpSync(fixtureDir("healthy"), dir, { recursive: true, verbatimSymlinks: true });
      writeFiles(dir, hostile.files);
      const result = await runCliMeasured(["audit", dir, "--format", "json", "--now", FIXTURE_NOW]);
      expect(result.stderr).not.toContain("internal error");
      const report = JSON.parse(result.stdout) as Report;
      // Every certificate of the node is still read, and every readable one the case holds.
      const found = new Set(report.certificates.map((c) => c.sha256));
      expect(healthy.certificates.filter((c) => !found.has(c.sha256)).map((c) => c.paths[0])).toEqual([]);
      const subjects = new Set(report.certificates.map((c) => c.subject));
      expect(hostile.readable.filter((s) => !subjects.has(s))).toEqual([]);
      // What could not be read is named, entry and reason.
      const said = report.findings.map((f) => `${f.title}\n${f.detail}`).join("\n");
      for (const pattern of hostile.named) expect(said).toMatch(pattern);
      // The node's own relationships come out as they did alone.
      const statuses = (r: Report) => r.relationships.map((rel) => [rel.id, rel.status]);
      expect(statuses(report)).toEqual(statuses(healthy));
      expect(result.cpuMs).toBeLessThan(CPU_MS);
      expect(result.maxRssMb).toBeLessThan(RSS_MB);
      console.log(`${name}: ${Math.round(result.cpuMs)} ms CPU, ${Math.round(result.maxRssMb)} MB`);
    },
    60_000,
  );
});
