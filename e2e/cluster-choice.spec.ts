/**
 * One cluster or two: a drop that shares a CA key with the loaded files joins them; one that shares
 * none is held until the person says whether it replaces them or belongs with them. Real folders
 * through the real folder input; the question's answer is read from the sources bar and the report.
 */
import { join, resolve } from "node:path";
import { testIds } from "../components/test-ids";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, screenshotDir, test, viewports, type ExplorerPage } from "./pages/explorer-page";

const fixtures = resolve("e2e/fixtures");
const kindHa = join(fixtures, "layouts", "kind-ha");

/** Drops a folder without waiting for a report: the drop may stop at the question. */
async function dropFolder(explorer: ExplorerPage, dir: string): Promise<void> {
  await explorer.page.locator("input[type=file][webkitdirectory]").setInputFiles(dir);
}

function loadedChips(explorer: ExplorerPage) {
  return explorer.page.getByTestId(testIds.sources).getByRole("button", { name: /^Remove / });
}

test("a node of the same cluster joins it; another cluster asks to replace or add", async ({
  explorer,
  page,
}) => {
  await explorer.goto("/?at=2026-12-01");
  await explorer.loadFolder(join(kindHa, "kind-control-plane"));
  await expect(loadedChips(explorer)).toHaveCount(1);

  // Same cluster (its kubelet certificates and kubelet.conf come from the loaded CA): no question.
  await explorer.loadFolder(join(kindHa, "kind-worker"));
  await expect(loadedChips(explorer)).toHaveCount(2);
  await expect(page.getByTestId(testIds.clusterChoice)).toHaveCount(0);

  // Another kubeadm cluster: its CA is also called "kubernetes", but its key differs.
  const before = await explorer.run();
  await dropFolder(explorer, join(fixtures, "kubeadm-v1.20"));
  const dialog = page.getByTestId(testIds.clusterChoice);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("kubeadm-v1.20 shares no CA with what is loaded");
  await expect(dialog).toContainText("its CAs:");
  await expect(dialog).toContainText("“kubernetes”");
  await expectNoSeriousViolations(page, "the cluster question, light");
  // Focus starts on the choice that changes nothing.
  await expect(page.getByTestId(testIds.clusterChoiceCancel)).toBeFocused();
  for (const [viewport, colorScheme] of [
    ["desktop", "light"],
    ["mobile", "dark"],
  ] as const) {
    await page.setViewportSize(viewports[viewport]);
    await page.emulateMedia({ colorScheme });
    const path = join(screenshotDir, `cluster-choice-${viewport}-${colorScheme}.png`);
    await page.screenshot({ path, animations: "disabled" });
    await expectNoSeriousViolations(page, `the cluster question, ${viewport} ${colorScheme}`);
  }
  await page.setViewportSize(viewports.desktop);
  await page.emulateMedia({ colorScheme: "light" });
  // Nothing was merged while the question is open.
  expect(await explorer.run()).toBe(before);
  await expect(loadedChips(explorer)).toHaveCount(2);

  // Escape cancels: the drop is dropped, the loaded cluster stays as it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(loadedChips(explorer)).toHaveCount(2);
  expect(await explorer.run()).toBe(before);

  // Replace: the other cluster alone.
  await dropFolder(explorer, join(fixtures, "kubeadm-v1.20"));
  await page.getByTestId(testIds.clusterChoiceReplace).click();
  await explorer.waitForRunAfter(before);
  await expect(loadedChips(explorer)).toHaveCount(1);
  await expect(loadedChips(explorer)).toHaveAccessibleName("Remove kubeadm-v1.20");
  await expect(page.getByTestId(testIds.layoutLabel)).toContainText("v1.20");

  // Add: an explicit choice to judge both together.
  const replaced = await explorer.run();
  await dropFolder(explorer, join(fixtures, "layouts", "k3s"));
  await expect(dialog).toContainText("k3s shares no CA");
  await page.getByTestId(testIds.clusterChoiceAdd).click();
  await explorer.waitForRunAfter(replaced);
  await expect(loadedChips(explorer)).toHaveCount(2);
  expect(explorer.consoleErrors).toEqual([]);
});
