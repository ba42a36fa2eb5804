/**
 * The node collector, end to end: the start page offers the one line to run on a node (copied
 * exactly, with this site's own address), the site serves the very script the CLI runs, and the
 * archive it writes, dropped through the page's own file input, gives the report `k8s-pki audit`
 * gives for it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Report } from "../lib/report";
import { testIds } from "../components/test-ids";
import { expect, test, viewports } from "./pages/explorer-page";
import { expectNoSeriousViolations } from "./support/axe";
import { cliReport, outline, stableJson } from "./support/report-parity";

const COLLECTOR = resolve("public/k8s-pki-collect.sh");
const HEALTHY = resolve("e2e/fixtures/healthy");
const DAY = "2026-06-01";

let temp: string;
let archive: string;
let publicArchive: string;
test.beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-collector-e2e-"));
  archive = join(temp, "healthy-node.tgz");
  publicArchive = join(temp, "healthy-public.tgz");
  // As on a node, with dash; the healthy fixture is laid out as a node's / (etc/, var/).
  await promisify(execFile)("dash", [COLLECTOR, "--root", HEALTHY, "--out", archive]);
  await promisify(execFile)("dash", [
    COLLECTOR,
    "--root",
    HEALTHY,
    "--out",
    publicArchive,
    "--public-keys-only",
  ]);
});
test.afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

test.describe("the node collector", () => {
  test("its archive, dropped on the page, gives the CLI's report", async ({ explorer, page }) => {
    test.setTimeout(180_000);
    const fromCli = cliReport(archive, `${DAY}T00:00:00Z`);
    await explorer.goto(`/?at=${DAY}`, { timeout: 60_000 });
    await explorer.loadFiles([archive], { timeout: 120_000 });
    await expect(page.getByTestId(testIds.sources)).toContainText("healthy-node.tgz");
    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    const { report: cli } = await fromCli;
    expect(browser.inputs.skipped.map((skipped) => skipped.reason)).toEqual([
      "the collector's list of what it gathered",
    ]);
    expect(outline(browser)).toEqual(outline(cli));
    expect(stableJson(browser)).toBe(stableJson(cli));
    expect(browser.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("with --public-keys-only, the page judges it as the CLI does and says the keys were public halves", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    const fromCli = cliReport(publicArchive, `${DAY}T00:00:00Z`);
    await explorer.goto(`/?at=${DAY}`, { timeout: 60_000 });
    await explorer.loadFiles([publicArchive], { timeout: 120_000 });
    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    const { report: cli } = await fromCli;
    expect(stableJson(browser)).toBe(stableJson(cli));
    // A healthy node stays healthy on its public halves: no warning, no error, every key paired.
    expect(browser.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    const halves = browser.inputs.publicHalves ?? [];
    expect(halves.length).toBeGreaterThan(10);

    const facts = page.getByTestId(testIds.publicHalves);
    await expect(facts).toContainText(`${halves.length} keys were public halves`);
    await facts.click();
    await expect(page.getByTestId(testIds.publicHalvesList)).toContainText("etc/kubernetes/pki/ca.key");
    await expectNoSeriousViolations(page, "the summary with the public halves open");
    for (const viewport of ["desktop", "mobile"] as const)
      await explorer.screenshot("collector-public-halves", viewport, "light");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("the site serves the script the CLI runs, as text", async ({ page }) => {
    const response = await page.request.get("/k8s-pki-collect.sh");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(Buffer.compare(await response.body(), await readFile(COLLECTOR))).toBe(0);
  });

  test("the start page offers the one-liner with this site's address, and Copy copies it", async ({
    explorer,
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    await page.context().grantPermissions(["clipboard-write"], { origin });
    // The site's Permissions-Policy forbids reading the clipboard (clipboard-read=()), so the test
    // records what the page writes on its way to the real clipboard.
    await page.addInitScript(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      const record = window as unknown as { copiedText?: string };
      clipboard.writeText = (text: string) => {
        record.copiedText = text;
        return write(text);
      };
    });
    await explorer.goto("/");
    await page.getByRole("button", { name: "Clear all" }).click();
    const panel = page.getByTestId(testIds.collectorPanel);
    await expect(panel.getByRole("heading", { name: "Collect from a node" })).toBeVisible();
    const command = `curl -fsSLO ${origin}/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only`;
    await expect(panel.getByTestId(testIds.collectorCommand)).toHaveText(command);
    await expect(panel).toContainText("the archive then holds no private key");
    await expect(panel.getByTestId(testIds.collectorScript)).toHaveAttribute("href", "/k8s-pki-collect.sh");

    const copy = panel.getByRole("button", { name: "Copy the collector command" });
    await copy.click();
    await expect(panel.getByRole("button", { name: "Copied the collector command" })).toContainText("Copied");
    expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(
      command,
    );
    await expectNoSeriousViolations(page, "the start page with the collector");

    for (const viewport of ["desktop", "mobile"] as const) {
      await explorer.screenshot("collector-start", viewport, "light");
      // Small at 390 px: the panel fits the width, the command wraps instead of scrolling the page.
      const box = await panel.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewports[viewport].width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports[viewport].width,
      );
    }
    expect(explorer.consoleErrors).toEqual([]);
  });
});
