import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

// The comparison with an earlier snapshot: the 2027 collector archive loaded through the page's
// input, the 2026 one through the compare control, both judged in the Worker.

const diff = resolve("e2e/fixtures/diff");

test.describe("Compare with an earlier snapshot", () => {
  test("names the renewals and the kubelet that did not rotate, and exports Markdown", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    await explorer.goto("/?at=2027-06-01", { timeout: 60_000 });
    await explorer.loadFiles([`${diff}/2027-06-01.tgz`], { timeout: 120_000 });
    // The control in the report's toolbar, at both sizes.
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: join(screenshotDir, `diff-control-${size}.png`),
        animations: "disabled",
      });
    }
    await page.setViewportSize(viewports.desktop);
    await page.getByTestId(testIds.diffOpen).click();
    const panel = page.getByTestId(testIds.diffPanel);
    await panel.getByTestId(testIds.diffFiles).setInputFiles(`${diff}/2026-06-01.tgz`);
    await expect(panel).toHaveAttribute("data-diff-state", "done", { timeout: 120_000 });
    const changes = panel.getByTestId(testIds.diffChanges);
    await expect(changes).toContainText(
      "Earlier snapshot judged at 2026-06-01T00:00:00.000Z (the collector's list (when:))",
    );
    await expect(changes).toContainText("12 renewed (12 with a new key)");
    await expect(changes.locator("[data-diff-kind='re-keyed']")).toHaveCount(12);
    for (const path of [
      "control-1/etc/kubernetes/pki/apiserver.crt",
      "control-1/etc/kubernetes/admin.conf#users/kubernetes-admin",
      "control-1/var/lib/kubelet/pki/kubelet-client-current.pem",
    ])
      await expect(changes.locator("[data-diff-kind='re-keyed']", { hasText: path })).toHaveCount(1);
    const missed = changes.locator("[data-diff-missed='kubelet-window-passed']");
    await expect(missed).toHaveCount(1);
    await expect(missed).toContainText("worker-1/var/lib/kubelet/pki/kubelet-client-current.pem");
    await expect(changes.locator("[data-diff-edge='kubelet-client:worker-1']")).toContainText("ok → error");

    // The graph marks the relationship that changed; the timeline the certificates that changed.
    const edge = page.locator("[data-testid^='edge-'][data-key='kubelet-client:worker-1']");
    await expect(edge).toHaveAttribute("data-diff", "changed");
    await expect(
      page.locator("[data-testid^='edge-'][data-key='kubelet-client:control-1']"),
    ).not.toHaveAttribute("data-diff", "changed");
    const bars = page
      .getByTestId(testIds.timeline)
      .locator(`[data-testid="${testIds.timelineBar}"][data-diff="changed"]`);
    await expect.poll(() => bars.count()).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByTestId(testIds.diffExportMarkdown).click(),
    ]);
    expect(download.suggestedFilename()).toBe("k8s-pki-diff.md");
    const markdown = await readFile(await download.path(), "utf8");
    expect(markdown).toMatch(/^# What changed between two snapshots\n/);
    expect(markdown).toContain("**Did not rotate**");
    expect(markdown).toContain("worker-1/var/lib/kubelet/pki/kubelet-client-current.pem");

    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshotDir, `diff-${size}.png`), animations: "disabled" });
      await panel.screenshot({ path: join(screenshotDir, `diff-panel-${size}.png`), animations: "disabled" });
    }
    await page.setViewportSize(viewports.desktop);
    await edge.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, "diff-graph-desktop.png"), animations: "disabled" });
    await bars.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, "diff-timeline-desktop.png"), animations: "disabled" });
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("refuses a snapshot of another cluster", async ({ explorer, page }) => {
    test.setTimeout(180_000);
    await explorer.goto("/?at=2027-06-01", { timeout: 60_000 });
    await explorer.loadFiles([`${diff}/2027-06-01.tgz`], { timeout: 120_000 });
    await page.getByTestId(testIds.diffOpen).click();
    const panel = page.getByTestId(testIds.diffPanel);
    await panel.getByTestId(testIds.diffFolder).setInputFiles(resolve("e2e/fixtures/kubeadm-v1.20"));
    await expect(panel.getByRole("alert")).toContainText("share no CA", { timeout: 120_000 });
  });
});
