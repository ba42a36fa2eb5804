/**
 * The audit policy on the page: a kubeadm folder given through the real folder input, a 90-day
 * leaf maximum set in the policy panel turns its one-year leaves into POLICY_LEAF_LIFETIME
 * findings, the policy rides in the address through a reload, the panel's saved YAML given to the
 * CLI's --policy gives the report the page exports, and a loaded policy file applies. One page,
 * reloaded once on purpose.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { findingTestId, testIds } from "../components/test-ids";
import type { Report } from "../lib/report";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const run = promisify(execFile);
const healthy = resolve("e2e/fixtures/healthy");
const day = "2026-06-01";

function policyButton(page: Page): Locator {
  return page.getByTestId(testIds.policySettings).getByRole("button", { name: /Audit policy/ });
}

/** `k8s-pki audit healthy --policy FILE --format json`, as a person runs it. */
async function cliReport(policyFile: string): Promise<Report> {
  const args = ["cli/dist/k8s-pki.mjs", "audit", healthy, "--format", "json", "--now", `${day}T00:00:00Z`];
  const { stdout } = await run(process.execPath, [...args, "--policy", policyFile], {
    env: { ...process.env, TZ: "UTC", NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Report;
}

test("a policy set in the panel judges the drop, survives a reload, and equals the CLI's", async ({
  explorer,
  page,
}) => {
  test.setTimeout(60_000);
  await explorer.goto(`/?at=${day}`);
  await explorer.loadFolder(healthy);
  const leafLifetime = page.getByTestId(findingTestId("POLICY_LEAF_LIFETIME"));
  await expect(leafLifetime).toHaveCount(0);
  await expect(policyButton(page)).toContainText("Policy: kubeadm");

  await policyButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Audit policy" });
  await expect(dialog.getByLabel("Leaf max lifetime")).toHaveValue("365");
  await dialog.getByLabel("Leaf max lifetime").fill("90");
  await dialog.getByLabel("Name").fill("ninety-days");
  // The panel's file is the policy the page judges with: saved before applying, read by the CLI.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Save .yaml" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("ninety-days.yaml");
  const dir = await mkdtemp(join(tmpdir(), "policy-e2e-"));
  const saved = join(dir, "ninety-days.yaml");
  await download.saveAs(saved);
  const cli = cliReport(saved);

  const before = await explorer.run();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await explorer.waitForRunAfter(before);
  await expect(dialog).toBeHidden();
  await expect(policyButton(page)).toContainText("Policy: ninety-days");
  await expect(leafLifetime.first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get("policy")).toMatch(/^[A-Za-z0-9_-]+$/);

  // The page's report for the policy is the CLI's.
  const exported = JSON.parse((await explorer.exportFile("report-json")).bytes.toString("utf8")) as Report;
  const fromCli = await cli;
  expect(exported.policy).toEqual(fromCli.policy);
  expect(exported.policy?.leaf).toEqual({ maxDays: 90 });
  expect(exported.findings).toEqual(fromCli.findings);
  expect(exported.findings.filter((f) => f.code === "POLICY_LEAF_LIFETIME").length).toBeGreaterThan(5);

  // The address carries the policy through a reload.
  await explorer.goto(page.url());
  await expect(policyButton(page)).toContainText("Policy: ninety-days");
  await explorer.loadFolder(healthy);
  await expect(leafLifetime.first()).toBeVisible();

  // A policy file loaded in the panel applies with its own limits.
  await policyButton(page).click();
  await dialog.getByLabel("Policy file").setInputFiles(resolve("docs/policies/strict.yaml"));
  await expect(dialog.getByRole("status")).toContainText("Loaded strict.yaml");
  await expect(dialog.getByLabel("Min RSA key")).toHaveValue("3072");
  await mkdir(screenshotDir, { recursive: true });
  for (const [name, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The whole panel's width is on screen, not cut by the viewport's edges.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= size.width, JSON.stringify(box)).toBe(true);
    await page.screenshot({ path: join(screenshotDir, `policy-panel-${name}.png`), animations: "disabled" });
  }
  await page.setViewportSize(viewports.desktop);
  const beforeStrict = await explorer.run();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await explorer.waitForRunAfter(beforeStrict);
  await expect(page.getByTestId(findingTestId("POLICY_RSA_BITS")).first()).toBeVisible();
  await expect(policyButton(page)).toContainText("Policy: strict");

  // A bad value is refused in the panel, with the key named, and nothing is judged.
  await policyButton(page).click();
  await dialog.getByLabel("CA max lifetime").fill("forever");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("alert")).toContainText("'ca.maxDays' must be a whole number");
  await dialog.getByRole("button", { name: "Reset to default" }).click();
  await expect(policyButton(page)).toContainText("Policy: kubeadm");
  expect(new URL(page.url()).searchParams.get("policy")).toBeNull();
  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);
});

test("a damaged policy link says so and judges with the default", async ({ explorer, page }) => {
  await explorer.goto(`/?policy=not-a-policy`);
  await expect(policyButton(page)).toContainText("Policy: bad link");
  await policyButton(page).click();
  await expect(page.getByRole("dialog", { name: "Audit policy" }).getByRole("status")).toContainText(
    "the link's policy is damaged",
  );
  expect(explorer.consoleErrors).toEqual([]);
});
