import { testIds } from "../components/test-ids";
import type { Report } from "../lib/report";
import { expect, test, type ExplorerPage } from "./pages/explorer-page";
import { TimelinePage } from "./pages/timeline";
import { reportForFolder } from "./support/expected-report";
import { writeSyntheticCluster } from "./support/synthetic-cluster";

/**
 * A cluster of 150 workers: long lists draw a page of rows (or their first rows, then pages behind a
 * button), so a drop does not lay out thousands of rows nobody scrolls to — and nothing is out of reach.
 */
test.describe("a 150-worker cluster", () => {
  const workers = 150;
  const at = "2026-06-01";
  let folder = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    folder = await writeSyntheticCluster(workers);
  });

  /** Opens the explorer, drops the cluster's folder and returns the core's report on it. */
  async function openCluster(explorer: ExplorerPage): Promise<Report> {
    test.setTimeout(180_000);
    await explorer.goto(`/?at=${at}`);
    await explorer.loadFolder(folder);
    return reportForFolder(folder, `${at}T00:00:00.000Z`);
  }

  test("the inventory draws a page of 100 rows, the filter searches them all, the pager reaches the rest", async ({
    explorer,
    page,
  }) => {
    const report = await openCluster(explorer);
    const total = report.certificates.length;
    expect(total).toBeGreaterThan(workers);

    const inventory = page.getByTestId(testIds.inventory);
    const rows = inventory.locator("[data-sha256]");
    await expect(rows).toHaveCount(100);
    await expect(inventory.getByText(`Certificates 1–100 of ${total}`)).toBeVisible();

    // The filter runs over every certificate, drawn or not.
    await inventory.getByRole("searchbox", { name: "Filter certificates" }).fill("system:node:node-150");
    await expect(rows).toHaveCount(1);
    await inventory.getByRole("searchbox", { name: "Filter certificates" }).fill("");
    await expect(rows).toHaveCount(100);

    // Page by page to the end: every certificate is reachable, never more than a page is drawn.
    const seen = new Set<string>();
    const pages = Math.ceil(total / 100);
    for (let at = 1; at <= pages; at++) {
      const last = Math.min(total, at * 100);
      await expect(
        inventory.getByText(`Certificates ${(at - 1) * 100 + 1}–${last} of ${total}`),
      ).toBeVisible();
      await expect(rows).toHaveCount(last - (at - 1) * 100);
      for (const sha of await rows.evaluateAll((all) => all.map((row) => row.dataset.sha256 ?? "")))
        seen.add(sha);
      if (at < pages) await inventory.getByRole("button", { name: "Next" }).click();
    }
    expect(seen.size).toBe(total);
    await inventory.getByRole("button", { name: "First page" }).click();
    await expect(inventory.getByText(`Certificates 1–100 of ${total}`)).toBeVisible();
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a certificate selected in the timeline turns the inventory to its page, even past row 100", async ({
    explorer,
    page,
  }) => {
    await openCluster(explorer);
    const inventory = page.getByTestId(testIds.inventory);
    const drawn = new Set(
      await inventory.locator("[data-sha256]").evaluateAll((rows) => rows.map((row) => row.dataset.sha256)),
    );
    const timeline = new TimelinePage(page);
    // The timeline draws the rows on screen; scroll to its end, where rows the inventory left out are.
    await timeline.scroller.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
    await expect.poll(async () => (await timeline.fingerprints()).some((sha) => !drawn.has(sha))).toBe(true);
    const picked = (await timeline.fingerprints()).find((sha) => !drawn.has(sha)) ?? "";
    await timeline.bar(picked).click();
    await expect(inventory.locator(`[data-sha256="${picked}"]`)).toHaveCount(1);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("the renewal day and the cluster CA's detail show their first rows, then pages on request", async ({
    explorer,
    page,
  }) => {
    const report = await openCluster(explorer);

    // Every leaf expires on one day: the day draws 24 certificates and offers the rest.
    const folded = page
      .getByTestId(testIds.renewalDay)
      .filter({ has: page.getByRole("button", { name: /^Show \d+ more certificates$/ }) });
    await expect(folded).toHaveCount(1);
    const busiest = page.locator(
      `[data-testid="${testIds.renewalDay}"][data-date="${await folded.getAttribute("data-date")}"]`,
    );
    const items = busiest.getByTestId(testIds.renewalItem);
    await expect(items).toHaveCount(24);
    const listed = Number((await busiest.getAttribute("data-items")) ?? "0");
    expect(listed).toBeGreaterThan(101);
    await busiest.getByRole("button", { name: `Show ${listed - 24} more certificates` }).click();
    await expect(items).toHaveCount(100);
    await busiest.getByRole("button", { name: "Last page" }).click();
    await expect(items).toHaveCount(listed - Math.floor((listed - 1) / 100) * 100);

    // The cluster CA issued every worker's certificate: its detail lists twelve, then all.
    const clusterCa = report.trustAnchors.find((anchor) => anchor.id.startsWith("anchor:cluster-ca"));
    if (!clusterCa) throw new Error("no cluster CA in the report");
    const issued = report.certificates.filter(
      (certificate) =>
        certificate.issuerId === clusterCa.certificateId && certificate.id !== clusterCa.certificateId,
    ).length;
    await page.locator(`[data-node="${clusterCa.id}"]`).click();
    const panel = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    const section = panel.getByRole("heading", { name: /^Issued/ }).locator("xpath=..");
    await expect(section.locator("li")).toHaveCount(12);
    expect(issued).toBeGreaterThan(101);
    await section.getByRole("button", { name: `Show ${issued - 12} more certificates` }).click();
    await expect(section.locator("li")).toHaveCount(100);
    await section.getByRole("button", { name: "Last page" }).click();
    await expect(section.locator("li")).toHaveCount(issued - Math.floor((issued - 1) / 100) * 100);
    // Another selection and back: the list starts folded again.
    const other = report.trustAnchors.find((anchor) => anchor.id !== clusterCa.id);
    if (!other) throw new Error("the cluster has more than one trust anchor");
    await page.locator(`[data-node="${other.id}"]`).click();
    await page.locator(`[data-node="${clusterCa.id}"]`).click();
    await expect(section.locator("li")).toHaveCount(12);
    expect(explorer.consoleErrors).toEqual([]);
  });
});
