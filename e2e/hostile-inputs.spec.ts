/**
 * The hostile set in the page: archives whose headers lie, a PKCS#12 asking for ten million key
 * derivation rounds, a flood of same-name CAs, file names that imitate places inside files and a
 * zip with two entries of one name, dropped beside a healthy node through the real folder input.
 * The analysis finishes, names each unreadable entry, reads every other one, judges the node as it
 * would alone, and gives the command's report.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findingTestId, testIds } from "../components/test-ids";
import { analyze } from "../lib/analyze";
import type { Report } from "../lib/report";
import { corpusEntry, loadCorpus } from "../scripts/fuzz/corpus";
import { caseFiles, type FuzzCase } from "../scripts/fuzz/fuzz-case";
import { generateCase } from "../scripts/fuzz/generate-case";
import { expect, test } from "./pages/explorer-page";
import { reportForFolder, statusesById } from "./support/expected-report";
import { hostileCases, type HostileCase, writeFiles } from "./support/hostile-inputs";
import { cliReport, stableJson } from "./support/report-parity";

const NOW = "2026-06-01T00:00:00.000Z";
const healthy = resolve("e2e/fixtures/healthy");
/** The cases a folder drop carries; 20,000 empty files are the command's and the unit tests' to prove. */
const IN_PAGE = [
  "tar-negative-size",
  "pax-negative-size",
  "pax-letters",
  "pkcs12-ten-million",
  "same-name-flood-bad-signatures",
  "hash-names",
  "zip-duplicates",
];

let root = "";
let node = "";
let tarAlone = "";
let cases: HostileCase[] = [];

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "k8s-pki-e2e-hostile-"));
  cases = (await hostileCases()).filter((c) => IN_PAGE.includes(c.name));
  node = join(root, "node");
  cpSync(healthy, node, { recursive: true, verbatimSymlinks: true });
  for (const hostile of cases) writeFiles(node, hostile.files);
  tarAlone = join(node, "extra", "negative-size.tar");
});
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

test.describe("hostile inputs in the page", () => {
  test("beside a healthy node: each named, every other entry read, the node judged as alone, the command's report", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    const fromCli = cliReport(node, NOW);
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFolder(node, { timeout: 120_000 });

    const parse = page.getByTestId(findingTestId("PARSE_ERROR"));
    await expect(parse.filter({ hasText: "negative-size.tar" })).toHaveCount(1);
    await expect(parse.filter({ hasText: "pax-negative.tar" })).toHaveCount(1);
    await expect(parse.filter({ hasText: "pax-letters.tar" })).toHaveCount(1);
    await expect(parse.filter({ hasText: "old%231.crt" })).toHaveCount(1);
    await expect(page.getByTestId(findingTestId("ARCHIVE_DUPLICATE_ENTRY"))).toContainText("duplicates.zip");
    await expect(page.getByTestId(findingTestId("KEY_ENCRYPTED"))).toContainText("costly.p12");
    await parse.filter({ hasText: "negative-size.tar" }).click();
    const panel = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(panel).toContainText("archived-3.crt");
    await expect(panel).toContainText("invalid size field: it was skipped");
    await explorer.screenshot("hostile-inputs-beside-node", "desktop", "light");

    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    const subjects = new Set(browser.certificates.map((c) => c.subject));
    for (const hostile of cases) expect(hostile.readable.filter((s) => !subjects.has(s))).toEqual([]);
    const said = browser.findings.map((f) => `${f.title}\n${f.detail}`).join("\n");
    for (const hostile of cases) for (const pattern of hostile.named) expect(said).toMatch(pattern);
    await expect
      .poll(() => explorer.edgeStatuses())
      .toEqual(statusesById(await reportForFolder(healthy, NOW)));
    const { report: cli } = await fromCli;
    expect(stableJson(browser)).toBe(stableJson(cli));
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("a tar whose third size reads -0000003000, alone: named, the rest read, the analysis done", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFiles([tarAlone]);
    const parse = page.getByTestId(findingTestId("PARSE_ERROR"));
    await expect(parse).toHaveCount(1);
    await expect(parse).toContainText("negative-size.tar");
    const panel = await explorer.openFinding("PARSE_ERROR");
    await expect(panel).toContainText("archived-3.crt");
    await expect(panel).toContainText("invalid size field: it was skipped");
    await expect(page.getByTestId(testIds.inventory)).toContainText("archived-5");
    await explorer.screenshot("hostile-tar-alone", "mobile", "dark");
    expect(explorer.consoleErrors).toEqual([]);
  });
});

test.describe("fuzzed archive headers in the page's Worker", () => {
  test("each seeded case ends with its damage named and the rest of the node read", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(240_000);
    const corpus = loadCorpus([corpusEntry("healthy")]);
    const noBombs = { under: new Uint8Array(), overEntry: new Uint8Array(), overTotal: new Uint8Array() };
    const found: FuzzCase[] = [];
    for (let index = 0; found.length < 4 && index < 2000; index++) {
      const fuzzCase = generateCase(23, index, corpus, noBombs);
      if (fuzzCase.mutator.startsWith("archive-header:")) found.push(fuzzCase);
    }
    expect(found).toHaveLength(4);
    await explorer.goto("/?at=2026-06-01");
    for (const fuzzCase of found) {
      const change = fuzzCase.changes[0];
      if (!change?.bytes) throw new Error("an archive case without bytes");
      // Under the case's own name: the report names the archive as the analysis in Node does.
      const folder = join(root, `case-${fuzzCase.index}`);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, change.path);
      writeFileSync(file, change.bytes);
      await explorer.loadFiles([file], { timeout: 60_000 });
      const exported = await explorer.exportFile("report-json");
      const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
      // The same report as the analysis gives in Node, and nothing lost but what the damage touched.
      const expected = await analyze(caseFiles(fuzzCase, corpus[0]?.files ?? []), { now: NOW });
      expect(stableJson(browser.findings), fuzzCase.mutator).toBe(stableJson(expected.findings));
      const touched = new Set(fuzzCase.touched);
      const kept = (await reportForFolder(healthy, NOW)).certificates.filter((c) =>
        c.paths.some((p) => !touched.has(p.split("#")[0] ?? p)),
      );
      const read = new Set(browser.certificates.map((c) => c.sha256));
      expect(
        kept.filter((c) => !read.has(c.sha256)).map((c) => c.paths[0]),
        fuzzCase.mutator,
      ).toEqual([]);
      await page.getByRole("button", { name: "Clear all" }).click();
    }
    expect(explorer.consoleErrors).toEqual([]);
  });
});
