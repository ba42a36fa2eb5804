/**
 * The node collector, end to end: the start page offers the one line to run on a node (copied
 * exactly, with this site's own address), or on a loopback address the package's collect and the
 * script to copy over, the site serves the very script the CLI runs, and the
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

  test("on a loopback address the start page offers npx and the script to copy; on a real host the one-liner", async ({
    explorer,
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    const realHost = "https://pki.example.test";
    for (const granted of [origin, realHost])
      await page.context().grantPermissions(["clipboard-write"], { origin: granted });
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
    const copied = () => page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText);
    await explorer.goto("/");
    await page.getByRole("button", { name: "Clear all" }).click();
    const panel = page.getByTestId(testIds.collectorPanel);
    await expect(panel.getByRole("heading", { name: "Collect from a node" })).toBeVisible();
    // The tests' server is 127.0.0.1: on a node that address is the node itself, so no curl from it.
    await expect(panel).toHaveAttribute("data-collector-offer", "loopback");
    await expect(panel).not.toContainText("curl");
    const npx = "sudo npx --yes k8s-pki-explorer collect --public-keys-only";
    await expect(panel.getByTestId(testIds.collectorCommand)).toHaveText(npx);
    await expect(panel.locator("[data-collector-step]")).toHaveText([
      /scp k8s-pki-collect\.sh NODE:/,
      /sudo sh k8s-pki-collect\.sh --public-keys-only/,
      /scp 'NODE:\*-k8s-pki\.tgz' \./,
    ]);
    const script = panel.getByTestId(testIds.collectorScript);
    await expect(script).toHaveAttribute("href", "/k8s-pki-collect.sh");
    await expect(script).toHaveAttribute("download", "k8s-pki-collect.sh");
    await expect(panel).toContainText("the archive then holds no private key");
    await panel.getByRole("button", { name: "Copy the collect command" }).click();
    await expect(panel.getByRole("button", { name: "Copied the collect command" })).toContainText("Copied");
    expect(await copied()).toBe(npx);
    // Every command box is a keyboard-reachable scroll region.
    for (const box of await panel.locator("[data-command-box]").all()) {
      await expect(box).toHaveAttribute("tabindex", "0");
      await expect(box).toHaveAttribute("aria-label", /./);
    }
    await expectNoSeriousViolations(page, "the start page with the collector on a loopback address");

    for (const viewport of ["desktop", "mobile"] as const) {
      await explorer.screenshot("collector-start", viewport, "light");
      // Small at 390 px: the panel fits the width, the commands wrap instead of scrolling the page.
      const box = await panel.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewports[viewport].width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports[viewport].width,
      );
    }

    // The same site reached by a real name: the one line that fetches the script from it.
    await page.route(`${realHost}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${origin}${url.pathname}${url.search}` }) });
    });
    await page.goto(`${realHost}/`);
    await expect(explorer.main).toHaveAttribute("data-analysis", "done");
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(panel).toHaveAttribute("data-collector-offer", "one-line");
    const command = `curl -fsSLO ${realHost}/k8s-pki-collect.sh && sudo sh k8s-pki-collect.sh --public-keys-only`;
    await expect(panel.getByTestId(testIds.collectorCommand)).toHaveText(command);
    await expect(panel.getByTestId(testIds.collectorScript)).toHaveText("Read the script");
    await panel.getByRole("button", { name: "Copy the collector command" }).click();
    await expect(panel.getByRole("button", { name: "Copied the collector command" })).toContainText("Copied");
    expect(await copied()).toBe(command);
    await explorer.screenshot("collector-start-real-host", "mobile", "light");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
