import { basename } from "node:path";

import { testIds } from "../components/test-ids";
import type { Report } from "../lib/report";
import { expect, test } from "./pages/explorer-page";
import { cliReport, stableJson } from "./support/report-parity";
import { writeSyntheticCluster } from "./support/synthetic-cluster";

/**
 * A fleet-sized drop is prepared by a pool of Workers beside the analysis Worker (one per core but
 * the analysis Worker's), and the report is the CLI's, byte for byte; a node's folder starts none.
 */
test.describe("the prepare pool", () => {
  const at = "2026-06-01";

  test("a 450-worker folder (2.4 MB) is prepared by the pool and gives the CLI's report", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(300_000);
    const folder = await writeSyntheticCluster(450, { serving: true });
    const cli = cliReport(folder, `${at}T00:00:00Z`);
    await explorer.goto(`/?at=${at}`);
    const started: string[] = [];
    page.on("worker", (worker) => started.push(worker.url()));
    await explorer.loadFolder(folder, { timeout: 240_000 });
    await expect(page.getByTestId(testIds.sources)).toContainText(basename(folder));
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(started).toHaveLength(Math.max(0, Math.min(4, cores - 1)));
    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    expect(stableJson(browser)).toBe(stableJson((await cli).report));
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a node's folder is read by the analysis Worker alone", async ({ explorer, page }) => {
    await explorer.goto(`/?at=${at}`);
    const started: string[] = [];
    page.on("worker", (worker) => started.push(worker.url()));
    await explorer.loadFolder("e2e/fixtures/healthy");
    expect(started).toEqual([]);
  });
});
