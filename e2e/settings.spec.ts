import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { findingTestId, testIds } from "../components/test-ids";
import { THRESHOLDS_STORAGE_KEY } from "../components/settings/thresholds";
import { analyze } from "../lib/analyze";
import { readTree } from "../lib/test-support/fixtures";
import {
  expect,
  screenshotDir,
  test,
  viewports,
  type ColorScheme,
  type ViewportName,
} from "./pages/explorer-page";

const healthy = resolve("e2e/fixtures/healthy");
// Two months before the healthy fixture's leaf certificates expire (2027-01-01): inside a 90-day
// window, outside the default 30-day one, and above 10 % of their one-year lifetime.
const day = "2026-11-01";

/** The core's finding codes for the healthy folder, dropped as a folder, with these thresholds. */
async function expectedCodes(warnDays: number): Promise<string[]> {
  const report = await analyze(readTree(healthy), { now: `${day}T00:00:00.000Z`, warnDays });
  return [...new Set(report.findings.map((finding) => finding.code))].sort();
}

async function shownCodes(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId(testIds.findings)
    .locator("[data-testid^='finding-']")
    .evaluateAll((rows) =>
      rows.map((row) => row.getAttribute("data-testid")?.slice("finding-".length) ?? ""),
    );
  return [...new Set(ids)].sort();
}

function settingsButton(page: Page): Locator {
  return page.getByTestId(testIds.thresholdSettings).getByRole("button", { name: /Expiry thresholds/ });
}

test.describe("expiry thresholds", () => {
  test("a wider warning window re-judges the input, and the choice survives a reload", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(healthy);
    const soon = page.getByTestId(findingTestId("CERT_EXPIRES_SOON"));
    await expect(soon).toHaveCount(0);
    expect(await shownCodes(page)).toEqual(await expectedCodes(30));
    await expect(settingsButton(page)).toContainText("Warn: 30 d · 10 % · CA 365 d");

    await settingsButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Expiry thresholds" });
    await dialog.getByLabel("Warn before expiry").fill("90");
    const before = await explorer.run();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await explorer.waitForRunAfter(before);
    await expect(dialog).toBeHidden();
    await expect(settingsButton(page)).toContainText("Warn: 90 d · 10 % · CA 365 d");
    await expect(soon.first()).toBeVisible();
    const want = await expectedCodes(90);
    expect(want).toContain("CERT_EXPIRES_SOON");
    expect(await shownCodes(page)).toEqual(want);
    expect(await page.evaluate((key) => localStorage.getItem(key), THRESHOLDS_STORAGE_KEY)).toBe(
      JSON.stringify({ warnDays: 90, warnFraction: 0.1, caHorizonDays: 365 }),
    );

    await explorer.goto(`/?at=${day}`);
    await expect(settingsButton(page)).toContainText("Warn: 90 d · 10 % · CA 365 d");
    await explorer.loadFolder(healthy);
    await expect(soon.first()).toBeVisible();
    expect(await shownCodes(page)).toEqual(want);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("refuses values out of range, says why, and resets to the defaults", async ({ explorer, page }) => {
    await explorer.goto("/");
    await settingsButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Expiry thresholds" });
    const days = dialog.getByLabel("Warn before expiry");
    await expect(days).toBeFocused();
    await days.fill("4000");
    await dialog.getByLabel(/less lifetime is left/).fill("150");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeVisible();
    await expect(days).toHaveAttribute("aria-invalid", "true");
    await expect(days).toHaveAccessibleDescription(/at most 3650 days/);
    await expect(dialog.getByText("Lifetime share: at most 100 %")).toBeVisible();
    await expect(settingsButton(page)).toContainText("Warn: 30 d · 10 % · CA 365 d");

    await days.fill("45");
    await dialog.getByLabel(/less lifetime is left/).fill("7.5");
    await dialog.getByLabel("Plan CA renewal ahead").fill("730");
    await days.press("Enter");
    await expect(settingsButton(page)).toContainText("Warn: 45 d · 7.5 % · CA 730 d");
    await expect(settingsButton(page)).toBeFocused();

    await settingsButton(page).click();
    await dialog.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(settingsButton(page)).toContainText("Warn: 30 d · 10 % · CA 365 d");
    await expect(dialog.getByLabel("Warn before expiry")).toHaveValue("30");
    expect(await page.evaluate((key) => localStorage.getItem(key), THRESHOLDS_STORAGE_KEY)).toBeNull();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(settingsButton(page)).toBeFocused();
    await settingsButton(page).click();
    await page.getByTestId(testIds.findings).click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("screenshots of the open settings at 1280×800 and 390×844, light and dark", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    await mkdir(screenshotDir, { recursive: true });
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.setViewportSize(viewports[viewport]);
        await page.emulateMedia({ colorScheme });
        await page.evaluate(() => window.scrollTo(0, 0));
        if (!(await page.getByRole("dialog", { name: "Expiry thresholds" }).isVisible()))
          await settingsButton(page).click();
        const dialog = page.getByRole("dialog", { name: "Expiry thresholds" });
        await expect(dialog).toBeVisible();
        // The whole panel is on screen, not cut by the viewport's edges.
        const box = await dialog.boundingBox();
        expect(box).not.toBeNull();
        if (box) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewports[viewport].width);
        }
        await page.screenshot({
          path: join(screenshotDir, `settings-${viewport}-${colorScheme}.png`),
          animations: "disabled",
        });
      }
    }
  });
});
