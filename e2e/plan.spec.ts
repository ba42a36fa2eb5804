import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { daysPhrase } from "../components/plan/plan-day";
import { testIds } from "../components/test-ids";
import { commonName } from "../lib/format/common-name";
import { renewalPlan } from "../lib/plan/renewal-plan";
import {
  expect,
  screenshotDir,
  test,
  viewports,
  type ColorScheme,
  type ViewportName,
} from "./pages/explorer-page";
import { reportForFolder } from "./support/expected-report";

const sample = resolve("e2e/fixtures/kubeadm-v1.20");
const day = "2026-12-01";

test.describe("renewal plan", () => {
  test("the sample folder: every date of the core's plan, its kubeadm commands, and selection", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const plan = renewalPlan(await reportForFolder(sample, `${day}T00:00:00.000Z`));
    expect(plan.days.length).toBeGreaterThan(1);

    const view = page.getByTestId(testIds.renewalPlan);
    const days = view.getByTestId(testIds.renewalDay);
    await expect(days).toHaveCount(plan.days.length);
    expect(await days.evaluateAll((items) => items.map((item) => item.getAttribute("data-date")))).toEqual(
      plan.days.map((wired) => wired.date),
    );

    for (const [index, wired] of plan.days.entries()) {
      const card = days.nth(index);
      await expect(card).toHaveAttribute("data-state", wired.state);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(wired.date);
      // The day's number, and its words from the one phrase every view uses.
      await expect(card).toHaveAttribute("data-days-left", String(wired.daysLeft));
      await expect(card).toContainText(daysPhrase(plan.now, wired));
      await expect(card).toContainText(wired.impact);
      await expect(card.getByTestId(testIds.renewalItem)).toHaveCount(wired.items.length);
      const runnable = wired.items.filter((item) => item.runnable);
      if (runnable.length === 0) continue;
      // One block per node the commands run on; each command in the block of its node.
      const blocks = card.getByTestId(testIds.renewalCommands);
      for (const item of runnable)
        await expect(blocks.filter({ hasText: item.command }).first()).toBeVisible();
    }
    const kubeadm = plan.days.flatMap((wired) => wired.items).filter((item) => item.kind === "kubeadm");
    expect(kubeadm.map((item) => item.command)).toContain("kubeadm certs renew apiserver");
    await expect(
      view.locator("code", { hasText: /^\$ kubeadm certs renew apiserver$/ }).first(),
    ).toBeVisible();

    // Hovering previews the certificate in the graph; clicking selects it everywhere.
    const apiserver = kubeadm.find((item) => item.command === "kubeadm certs renew apiserver");
    expect(apiserver).toBeDefined();
    if (!apiserver) return;
    const row = view.locator(`[data-certificate-id="${apiserver.certificateId}"] button`);
    const lit = page.getByTestId(testIds.graph).locator("[data-highlighted='true']");
    await expect(lit).toHaveCount(0);
    await row.hover();
    await expect(lit.first()).toBeAttached();
    await row.click();
    await expect(row).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId(testIds.detailPanel).first().getByRole("heading", { level: 2 })).toHaveText(
      commonName(apiserver.subject),
    );
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("screenshots of the demo's plan at 1280×800 and 390×844, light and dark", async ({
    explorer,
    page,
  }) => {
    // The demo has a certificate inside its warning window, so the shots show every kind of day.
    await explorer.goto("/");
    await expect(
      page.getByTestId(testIds.renewalDay).locator("xpath=self::*[@data-state='soon']"),
    ).toHaveCount(1);
    await mkdir(screenshotDir, { recursive: true });
    const view = page.getByTestId(testIds.renewalPlan);
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.setViewportSize(viewports[viewport]);
        await page.emulateMedia({ colorScheme });
        await view.scrollIntoViewIfNeeded();
        await view.screenshot({
          path: join(screenshotDir, `plan-${viewport}-${colorScheme}.png`),
          animations: "disabled",
        });
      }
    }
  });
});
