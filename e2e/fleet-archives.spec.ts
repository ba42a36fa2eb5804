/**
 * The offline auditor's case: a directory of per-node collector archives, one per node, is read as
 * one fleet — on the page (the archives chosen together through the file input) and by the CLI
 * (the directory), with one report, and with the nodes and relationships a copy of the same nodes'
 * folders gives.
 */
import { execFile } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { testIds } from "../components/test-ids";
import type { Report } from "../lib/report";
import { expect, test } from "./pages/explorer-page";
import { cliReport, stableJson } from "./support/report-parity";
import { writeSyntheticCluster } from "./support/synthetic-cluster";

const COLLECTOR = resolve("public/k8s-pki-collect.sh");
const DAY = "2026-06-01";
const WORKERS = 24;

let folder = "";
let archives = "";
test.beforeAll(async () => {
  test.setTimeout(240_000);
  folder = await writeSyntheticCluster(WORKERS, { serving: true });
  archives = join(folder, "..", "archives");
  await mkdir(archives);
  const run = promisify(execFile);
  // Each node gathered by the collector, as on the node itself: the control plane is the tree's
  // root, each worker its own folder naming itself in etc/hostname.
  await writeFile(join(folder, "etc", "hostname"), "control-1\n");
  await run("dash", [COLLECTOR, "--root", folder, "--out", join(archives, "control-1.tgz")]);
  for (let i = 1; i <= WORKERS; i++) {
    const root = join(folder, "workers", `node-${i}`);
    await writeFile(join(root, "etc", "hostname"), `node-${i}\n`);
    await run("dash", [COLLECTOR, "--root", root, "--out", join(archives, `node-${i}.tgz`)]);
  }
});

/**
 * Each relationship by key, with its status: what a fleet's grouping by node comes to. A key that
 * names a file names it inside its archive (`control-1.tgz/control-1/etc/…`): compared as the path
 * on the node.
 */
const byKey = (report: Report) =>
  Object.fromEntries(
    report.relationships
      .map((r) => [r.key.replace(/^([^:]+:)[^/:]+\.tgz\/[^/]+\//, "$1"), r.status] as const)
      .sort(),
  );

test("a directory of 25 node archives: the page and the CLI give one report, grouped as the folders are", async ({
  explorer,
  page,
}) => {
  test.setTimeout(240_000);
  const names = (await readdir(archives)).sort();
  expect(names).toHaveLength(WORKERS + 1);
  const fromCli = cliReport(archives, `${DAY}T00:00:00Z`);
  const fromFolder = cliReport(folder, `${DAY}T00:00:00Z`);
  await explorer.goto(`/?at=${DAY}`);
  await explorer.loadFiles(
    names.map((name) => join(archives, name)),
    { timeout: 180_000 },
  );
  await expect(page.getByTestId(testIds.sources)).toContainText(`${WORKERS + 1} files`);
  const exported = await explorer.exportFile("report-json");
  const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
  const { report: cli } = await fromCli;
  expect(stableJson(browser)).toBe(stableJson(cli));
  // Every worker's kubelet is its own node, as in the folders; nothing is broken.
  const { report: folders } = await fromFolder;
  expect(byKey(browser)).toEqual(byKey(folders));
  expect(browser.relationships.filter((r) => r.key.startsWith("kubelet-client:"))).toHaveLength(WORKERS + 1);
  expect(browser.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
  expect(explorer.consoleErrors).toEqual([]);
});
