import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { testIds } from "../components/test-ids";
import { expectNoSeriousViolations } from "./support/axe";
import {
  expect,
  screenshotDir,
  test,
  viewports,
  type ColorScheme,
  type ViewportName,
} from "./pages/explorer-page";

/** The element that has focus, as a locator-free summary. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      text: element?.textContent?.trim() ?? "",
      node: element?.getAttribute("data-node") ?? null,
      edge: element?.getAttribute("data-edge") ?? null,
      key: element?.getAttribute("data-key") ?? null,
      tabIndex: element instanceof HTMLElement || element instanceof SVGElement ? element.tabIndex : null,
      inGraph: element?.closest('[data-testid="topology-graph"] svg[role="group"]') !== null,
    };
  });
}

async function shoot(target: Page | Locator, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await target.screenshot({ path: join(screenshotDir, `a11y-${name}.png`), animations: "disabled" });
}

/** The detail panel the current width shows: the side panel or the bottom sheet. */
const visiblePanel = (page: Page) => page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();

for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
  for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
    test(`axe-core finds nothing serious: ${viewport}, ${colorScheme}`, async ({ explorer, page }) => {
      await page.setViewportSize(viewports[viewport]);
      await page.emulateMedia({ colorScheme });
      await explorer.goto("/");
      await expect(page.getByTestId(testIds.graph)).toBeVisible();
      // Graph, timeline, findings, renewal plan and inventory are all on the page at once.
      await expectNoSeriousViolations(page, "the demo loaded");

      const edge = page.getByTestId("edge-kubelet-client").last();
      await edge.click();
      await expect(edge).toHaveAttribute("aria-pressed", "true");
      await expect(visiblePanel(page).getByRole("heading", { level: 2 })).toBeVisible();
      await expectNoSeriousViolations(page, "an edge selected, its detail panel open");
      // The whole walk once, at the desktop width in light: the other widths and schemes change the
      // layout and the colours, which the loaded page and an open detail panel already show.
      if (viewport !== "desktop" || colorScheme !== "light") {
        expect(explorer.consoleErrors).toEqual([]);
        return;
      }

      const finding = page.getByTestId(testIds.findings).locator("[data-testid^='finding-']").first();
      await finding.click();
      await expect(visiblePanel(page).getByRole("heading", { level: 2 })).toBeVisible();
      await expectNoSeriousViolations(page, "a finding opened from the findings list");

      const bar = page.getByTestId(testIds.timelineBar).first();
      await bar.click();
      await expect(bar).toHaveAttribute("aria-pressed", "true");
      await expectNoSeriousViolations(page, "a certificate opened from the timeline");

      await page.getByTestId(testIds.closeDetails).filter({ visible: true }).first().click();
      await page.getByRole("button", { name: "Clear all" }).click();
      await expect(page.getByRole("heading", { name: /Drop a Kubernetes PKI folder/ })).toBeVisible();
      await expect(explorer.main).toHaveAttribute("data-analysis", "done");
      await expectNoSeriousViolations(page, "the empty page");
      expect(explorer.consoleErrors).toEqual([]);
    });
  }
}

test.describe("keyboard", () => {
  test("the page has one h1 and its landmarks", async ({ explorer, page }) => {
    await explorer.goto("/");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    for (const name of ["Trust topology", "Expiry timeline", "Findings", "Certificates"])
      await expect(page.getByRole("region", { name, exact: true })).toHaveCount(1);
    await expect(page.getByRole("complementary", { name: "Details" })).toHaveCount(1);
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(page.getByRole("heading", { name: /Drop a Kubernetes PKI folder/ })).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
  });

  test("names open with the words drawn: a box, a CA with its file, a timeline bar", async ({
    explorer,
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await explorer.goto("/");
    await expect(page.locator('[data-node="kube-apiserver"]')).toHaveAttribute(
      "aria-label",
      /^kube-apiserver, component, \d+ relationships: /,
    );
    const clusterCa = page.locator('[data-node^="anchor:cluster-ca"]');
    await expect(clusterCa).toHaveAttribute("aria-label", "Cluster CA, ca.crt");
    await expect(clusterCa).toHaveAccessibleDescription(
      /^Cluster CA \(kubernetes\), CA at .*ca\.crt, vouches for /,
    );
    const bar = page.locator(`[data-testid="${testIds.timelineBar}"][aria-label^="apiserver.crt,"]`);
    await expect(bar).toHaveAttribute("aria-label", "apiserver.crt, kube-apiserver, in 214 days, 2027-01-01");
    await expect(bar).toHaveAccessibleDescription(
      "apiserver.crt, kube-apiserver serving certificate, expires 2027-01-01, in 214 days",
    );
    await expect(page.getByTestId(testIds.timelineAll)).toHaveAccessibleName(/^All: /);
  });

  test("Tab first reaches the skip link, which moves focus into the graph", async ({ explorer, page }) => {
    for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
      await page.setViewportSize(viewports[viewport]);
      await explorer.goto("/");
      await page.keyboard.press("Tab");
      const link = page.getByRole("link", { name: "Skip to the trust graph" });
      await expect(link).toBeFocused();
      await expect(link).toBeInViewport();
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.emulateMedia({ colorScheme });
        await shoot(page, `skip-link-${viewport}-${colorScheme}`);
      }
      await page.keyboard.press("Enter");
      const now = await focused(page);
      expect(now.inGraph, JSON.stringify(now)).toBe(true);
      expect(now.tabIndex).toBe(0);
      expect(now.node).not.toBeNull();
      await expect(link).not.toBeInViewport();
    }
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("the graph is one Tab stop; arrows move between boxes and edges, Enter selects, Escape clears", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    const svg = page.getByTestId(testIds.topologyGraph).getByRole("group", { name: /^Trust topology:/ });
    await expect(svg.locator('[tabindex="0"]')).toHaveCount(1);
    const items = await svg.locator("[data-node], [data-edge]").count();
    expect(items).toBeGreaterThan(30);

    // Into the graph from the control before it, and out again with one more Tab.
    await page.getByTestId(testIds.graphFit).focus();
    await page.keyboard.press("Tab");
    const first = await focused(page);
    expect(first.inGraph, JSON.stringify(first)).toBe(true);
    expect(first.node).not.toBeNull();
    await page.keyboard.press("Tab");
    expect((await focused(page)).inGraph).toBe(false);
    await page.keyboard.press("Shift+Tab");
    expect(await focused(page)).toEqual(first);

    // Down to the next box, Right onto its first edge (its tooltip shows), Left back to the box.
    await page.keyboard.press("ArrowDown");
    const box = await focused(page);
    expect(box.node).not.toBeNull();
    expect(box.node).not.toBe(first.node);
    await page.keyboard.press("ArrowRight");
    const edge = await focused(page);
    expect(edge.edge, JSON.stringify(edge)).not.toBeNull();
    expect(edge.tabIndex).toBe(0);
    await expect(svg.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(page.getByTestId(testIds.edgeTooltip)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    const next = await focused(page);
    expect(next.edge).not.toBe(edge.edge);
    await page.keyboard.press("ArrowLeft");
    expect((await focused(page)).edge).toBe(edge.edge);
    await page.keyboard.press("ArrowLeft");
    expect((await focused(page)).node).toBe(box.node);
    await page.keyboard.press("End");
    const last = await focused(page);
    expect(last.node).not.toBeNull();
    await page.keyboard.press("Home");
    expect((await focused(page)).node).toBe(first.node);

    // Enter selects the focused edge, as a click does; Escape clears it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const chosen = await focused(page);
    const element = svg.locator(`[data-edge="${chosen.edge}"]`);
    await page.keyboard.press("Enter");
    await expect(element).toHaveAttribute("aria-pressed", "true");
    await expect(visiblePanel(page).getByRole("heading", { level: 2 })).toHaveText(chosen.key ?? "");
    await page.keyboard.press("Escape");
    await expect(element).toHaveAttribute("aria-pressed", "false");

    // Space selects a box; after leaving the graph, Tab comes back to the item last focused.
    await page.keyboard.press("ArrowLeft");
    const selectedBox = svg.locator(`[data-node="${box.node}"]`);
    await page.keyboard.press("Space");
    await expect(selectedBox).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId(testIds.graphFit).focus();
    await page.keyboard.press("Tab");
    expect((await focused(page)).node).toBe(box.node);
    await page.keyboard.press("Escape");
    await expect(selectedBox).toHaveAttribute("aria-pressed", "false");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("screenshots: the focus ring on a graph box and edge, 1280×800 and 390×844, light and dark", async ({
    explorer,
    page,
  }) => {
    for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
      await page.setViewportSize(viewports[viewport]);
      await explorer.goto("/");
      await page.getByTestId(testIds.graphFit).focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      const graph = page.getByTestId(testIds.graph);
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.emulateMedia({ colorScheme });
        await shoot(graph, `graph-box-focus-${viewport}-${colorScheme}`);
      }
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId(testIds.edgeTooltip)).toBeVisible();
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.emulateMedia({ colorScheme });
        await shoot(graph, `graph-edge-focus-${viewport}-${colorScheme}`);
      }
    }
    expect(explorer.consoleErrors).toEqual([]);
  });
});
