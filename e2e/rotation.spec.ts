import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const rotation = resolve("e2e/fixtures/rotation");

test.describe("CA rotation", () => {
  test("mid-rotation: the overview names the step, the plan shows each node and the edge a skipped node breaks", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    await explorer.goto("/?at=2026-12-01", { timeout: 60_000 });
    await explorer.loadFolder(`${rotation}/cluster-ca-2-mistake-worker-skipped`, { timeout: 120_000 });
    const panel = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(panel).toContainText("CA rotation under way");
    await expect(panel).toContainText(
      "the cluster CA: step 1 of 5, distribute the new CA next to the old one",
    );
    await panel.getByTestId(testIds.rotationPlanOpen).click();

    const plan = page.getByTestId(testIds.rotationPlan).filter({ visible: true }).first();
    await expect(plan).toContainText("Rotation plan: the cluster CA");
    await expect(plan).toContainText("endpoint https://k8s-api.internal:6443");
    const stand = plan.getByTestId(testIds.rotationStand);
    await expect(stand.locator("[data-rotation-node='worker-2']")).toContainText("step 1");
    await expect(stand.locator("[data-rotation-node='cp-1']")).toContainText("step 3");
    await expect(stand).toContainText("Broken now: apiserver-kubelet-client cp-1 → worker-2");
    // The first step is open (in progress), with worker-2's commands still to do.
    await expect(plan.locator("details").first()).toHaveAttribute("open", "");
    await expect(plan).toContainText("scp cp-1:/etc/kubernetes/pki/ca.crt /etc/kubernetes/pki/ca.crt");
    await explorer.screenshot("rotation-plan", "desktop", "light");
    await explorer.screenshot("rotation-plan", "mobile", "light");
    // The screen a person sees at worker-2's commands, at both sizes.
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await plan.getByText("Run on worker-2").first().scrollIntoViewIfNeeded();
      await page.screenshot({
        path: join(screenshotDir, `rotation-plan-worker-2-${size}.png`),
        animations: "disabled",
      });
    }
    await page.setViewportSize(viewports.desktop);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      plan.getByTestId(testIds.rotationRunbook).click(),
    ]);
    expect(download.suggestedFilename()).toBe("rotation-plan-cluster-ca.md");
    const runbook = await readFile(await download.path(), "utf8");
    expect(runbook).toMatch(/^# Rotation plan: the cluster CA \(cluster-ca\)/);
    expect(runbook).toContain("- [ ] **worker-2**");
    expect(runbook).toContain("- [x] **worker-1**");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("a step done out of order is a finding whose panel opens the plan", async ({ explorer, page }) => {
    test.setTimeout(180_000);
    await explorer.goto("/?at=2026-12-01", { timeout: 60_000 });
    await explorer.loadFolder(`${rotation}/etcd-ca-2-mistake-old-removed`, { timeout: 120_000 });
    const detail = await explorer.openFinding("CA_ROTATION_OUT_OF_ORDER");
    await expect(detail).toContainText(
      "Rotation of the etcd CA: the old CA left cp-1/etc/kubernetes/pki/etcd/ca.crt while",
    );
    await detail.getByTestId(testIds.rotationPlanOpen).click();
    const plan = page.getByTestId(testIds.rotationPlan).filter({ visible: true }).first();
    await expect(plan).toContainText("Rotation plan: the etcd CA");
    await expect(plan.getByTestId(testIds.rotationStand)).toContainText("Broken now: etcd-peer cp-2 → cp-1");
    await expect(plan).toContainText("kubeadm certs renew etcd-peer --cert-dir /root/ca-rotation/pki");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a healthy CA's panel plans its rotation", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-12-01", { timeout: 60_000 });
    await explorer.loadFolder(`${rotation}/cluster-ca-done`, { timeout: 120_000 });
    await page.getByTestId(testIds.graph).locator("[data-node^='anchor:front-proxy-ca']").first().click();
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await detail.getByTestId(testIds.rotationPlanOpen).click();
    const plan = page.getByTestId(testIds.rotationPlan).filter({ visible: true }).first();
    await expect(plan).toContainText("Rotation plan: the front-proxy CA");
    await expect(plan.getByTestId(testIds.rotationStand)).toHaveCount(0);
    await expect(plan).toContainText(
      "kubeadm certs renew front-proxy-client --cert-dir /root/ca-rotation/pki",
    );
  });
});

test.describe("what-if", () => {
  for (const [size, viewport] of Object.entries(viewports))
    test(`on the demo (${size}): the front-proxy client expires, renewing it as kubeadm would turns the edge green`, async ({
      explorer,
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await explorer.goto("/", { timeout: 60_000 });
      await page.getByTestId(testIds.whatIfOpen).filter({ visible: true }).first().click();
      const whatIf = page.getByTestId(testIds.whatIf).filter({ visible: true }).first();
      await whatIf.getByLabel("Let the date pass to").fill("2026-06-25");
      await whatIf.getByRole("button", { name: "Add", exact: true }).first().click();
      await whatIf.getByLabel("kubeadm certs renew").selectOption("front-proxy-client");
      await whatIf.getByRole("button", { name: "Add", exact: true }).nth(1).click();
      await expect(whatIf.getByRole("list", { name: "Actions, in order" })).toContainText(
        "1.let the date pass to 2026-06-25×2.renew front-proxy-client×",
      );
      await whatIf.getByTestId(testIds.whatIfRun).click();
      const result = whatIf.getByTestId(testIds.whatIfResult);
      await expect(result).toBeVisible({ timeout: 60_000 });
      await expect(result).toContainText("SIMULATED");
      await expect(
        result.locator("[data-what-if-step='1'] [data-edge-change='front-proxy-client']"),
      ).toContainText("warning → error");
      await expect(
        result.locator("[data-what-if-step='2'] [data-edge-change='front-proxy-client']"),
      ).toContainText("error → ok");
      await expect(result.locator("[data-still-broken]")).toHaveCount(1);
      await expect(result.locator("[data-still-broken='kubelet-client:worker-1']")).toContainText(
        "IDENTITY_MISMATCH",
      );
      // The loaded report is untouched: the graph still shows the demo as it is.
      expect((await explorer.edgeStatuses())["front-proxy-client"]).toEqual(["warning"]);
      await result.locator("[data-what-if-step='2']").scrollIntoViewIfNeeded();
      await page.screenshot({
        path: join(screenshotDir, `what-if-demo-${size}.png`),
        animations: "disabled",
      });
      expect(explorer.consoleErrors).toEqual([]);
      expect(explorer.foreignRequests).toEqual([]);
    });
});
