import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { edgeTestId, findingTestId, testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports, type ExplorerPage } from "./pages/explorer-page";

const fault = (name: string) => join(resolve("e2e/fixtures"), "faults", name);

const cases = [
  { name: "expired-apiserver", code: "CERT_EXPIRED", title: "kube-apiserver expired 31 days ago" },
  { name: "san-missing-apiserver", code: "SAN_MISSING", title: "kube-apiserver does not cover 10.0.0.10" },
] as const;

async function open(explorer: ExplorerPage, name: string): Promise<void> {
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFolder(fault(name));
}

/** The detail panel the current width shows: the side panel or the bottom sheet. */
const visiblePanel = (explorer: ExplorerPage) =>
  explorer.page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();

/** The data-testid of the first block after the panel's heading. */
const firstAfterHeader = (explorer: ExplorerPage) =>
  visiblePanel(explorer).evaluate(
    (panel) =>
      panel.querySelector("h2")?.closest("header")?.nextElementSibling?.getAttribute("data-testid") ?? "",
  );

/** Hover, then keyboard focus: the edge's tooltip names it, its status and its finding, then goes. */
async function expectEdgeDescribesItself(explorer: ExplorerPage, title: string): Promise<void> {
  const { page } = explorer;
  const edge = page.getByTestId(edgeTestId("apiserver-serving")).first();
  const tooltip = page.getByTestId(testIds.edgeTooltip);
  await edge.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("apiserver-serving");
  await expect(tooltip).toContainText("→ kube-apiserver");
  await expect(tooltip).toContainText("error");
  await expect(tooltip).toContainText(title);
  await expect(tooltip).toHaveRole("tooltip");
  await page.mouse.move(2, 2);
  await expect(tooltip).toHaveCount(0);

  await edge.focus();
  await expect(tooltip).toContainText(title);
  const id = await tooltip.getAttribute("id");
  await expect(edge).toHaveAttribute("aria-describedby", id ?? "missing");
  await edge.blur();
  await expect(tooltip).toHaveCount(0);
}

// One page per fixture and width, walked through in a person's order: (at the desktop width, the
// edge's tooltip on hover and on focus,) the red edge clicked, then a finding clicked in the list.
for (const { name, code, title } of cases) {
  test.describe(name, () => {
    for (const viewport of ["desktop", "mobile"] as const) {
      const described =
        viewport === "desktop" ? "an edge describes itself on hover and on keyboard focus; " : "";
      test(`${viewport}: ${described}the red edge opens the panel with its finding and fix first; a finding clicked in the list brings the panel's top into view`, async ({
        explorer,
        page,
      }) => {
        await page.setViewportSize(viewports[viewport]);
        await open(explorer, name);
        if (viewport === "desktop") await expectEdgeDescribesItself(explorer, title);

        // The red edge opens the panel with its finding and fix first.
        const edge = page.getByTestId(edgeTestId("apiserver-serving")).first();
        await expect(edge).toHaveAttribute("data-status", "error");
        await edge.click();
        const verdict = visiblePanel(explorer).getByTestId(testIds.detailVerdict);
        await expect(verdict).toContainText(code);
        await expect(verdict).toContainText(title);
        await expect.poll(() => firstAfterHeader(explorer)).toBe(testIds.detailVerdict);
        await expect(verdict.getByText("Fix", { exact: true })).toBeInViewport();

        // With the panel scrolled to its end, a finding clicked in the list brings its top into view.
        const panel = visiblePanel(explorer);
        await panel.evaluate((element) => {
          for (let box: Element | null = element; box; box = box.parentElement) box.scrollTop = 1e6;
          for (const box of element.querySelectorAll("*")) box.scrollTop = 1e6;
        });
        await page.getByTestId(findingTestId(code)).first().click();
        const heading = visiblePanel(explorer).getByRole("heading", { level: 2 });
        await expect(heading).toContainText(title);
        await expect(heading).toBeInViewport({ ratio: 1 });
        await expect(visiblePanel(explorer).getByRole("button", { name: "Close details" })).toBeInViewport();
        expect(explorer.consoleErrors).toEqual([]);
      });
    }
  });
}

test("parallel edges between a kubelet and kube-apiserver are told apart, and the legend names the tags", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await open(explorer, "expired-apiserver");
  const tagOf = (id: string) => page.getByTestId(edgeTestId(id)).first().locator("text");
  for (const [id, letter, name] of [
    ["kubelet-client", "C", "client cert"],
    ["kubelet-bootstrap", "B", "bootstrap"],
    ["kubelet-serving", "S", "serving cert"],
    ["apiserver-kubelet-client", "C", "client cert"],
  ] as const) {
    await expect(tagOf(id), id).toHaveText(letter);
    await expect(tagOf(id), id).toHaveAttribute("data-tag", name);
  }
  // A lone edge needs no tag.
  await expect(tagOf("apiserver-serving")).toHaveCount(0);
  const legend = page.getByTestId(testIds.graphLegend).getByRole("list", { name: "Parallel edges" });
  for (const text of ["B bootstrap", "C client cert", "S serving cert"])
    await expect(legend).toContainText(text);
  await page.getByTestId(edgeTestId("kubelet-bootstrap")).first().hover();
  await expect(page.getByTestId(testIds.edgeTooltip)).toContainText("kubelet-bootstrap · bootstrap");
});

test("screenshots: the selected red edge, verdict first", async ({ explorer, page }) => {
  await open(explorer, "expired-apiserver");
  await page.getByTestId(edgeTestId("apiserver-serving")).first().click();
  await page.mouse.move(2, 2);
  await mkdir(screenshotDir, { recursive: true });
  for (const viewport of ["desktop", "mobile"] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewports[viewport]);
      await page.emulateMedia({ colorScheme });
      // What the person sees on selecting the edge: the window, not the whole page.
      await page.getByTestId(testIds.topologyGraph).scrollIntoViewIfNeeded();
      await expect(visiblePanel(explorer).getByTestId(testIds.detailVerdict)).toBeVisible();
      const path = join(screenshotDir, `verdict-first-${viewport}-${colorScheme}.png`);
      await page.screenshot({ path, animations: "disabled" });
    }
  }
  await page.setViewportSize(viewports.desktop);
  await page.emulateMedia({ colorScheme: "light" });
  // Scrolled first: the element screenshot must not move the page under the pointer.
  await page.getByTestId(testIds.topologyGraph).scrollIntoViewIfNeeded();
  // The graph re-fits to the new width; hover again until the pointer rests on the settled edge.
  await expect(async () => {
    await page.getByTestId(edgeTestId("kubelet-bootstrap")).first().hover();
    await expect(page.getByTestId(testIds.edgeTooltip)).toContainText("kubelet-bootstrap", { timeout: 1000 });
  }).toPass();
  await page
    .getByTestId(testIds.topologyGraph)
    .screenshot({ path: join(screenshotDir, "verdict-tooltip-desktop-light.png"), animations: "disabled" });
});

test("the headline agrees with the relationship counts: one error breaking two relationships says so", async ({
  explorer,
  page,
}) => {
  await open(explorer, "stale-ca-admin-kubeconfig");
  const summary = page.getByTestId(testIds.summary);
  await expect(summary).toContainText("1 error to fix — it breaks 2 relationships");
  await expect(summary.getByRole("list", { name: "Relationships by status" })).toContainText("2 broken");
  // A fix that is prose is no terminal box; the commands it names each get their own, with Copy.
  await explorer.openFinding("KUBECONFIG_CA_MISMATCH");
  const fix = visiblePanel(explorer).getByTestId(testIds.fixBlock).first();
  await expect(fix).toContainText("Replace certificate-authority-data");
  // The one whole command in it; "kubeadm certs renew" named bare stays prose.
  await expect(fix.getByRole("button", { name: /^Copy/ })).toHaveCount(1);
  await expect(fix.locator("code:has(> span[aria-hidden])")).toHaveText(
    "$ kubeadm init phase kubeconfig all",
  );
  expect(explorer.consoleErrors).toEqual([]);
});
