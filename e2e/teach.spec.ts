/**
 * Teaching mode in real Chromium: the guided tour walked with the keyboard, each step lighting its
 * relationship; every break-it scenario opened by its deep link, generated in the tab, its edge red
 * (or amber), fixed back to ok; a quiz answered by clicking the broken edge; a lab archive
 * downloaded and dropped back in; the handshake of the demo's broken edge. Waits follow the page's
 * contract (`data-analysis`, `data-scenario`), never the clock.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { testIds } from "../components/test-ids";
import { SCENARIOS } from "../lib/scenarios";
import { TOUR_ORDER } from "../lib/teach/report-facts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, screenshotDir, test, viewports, type ExplorerPage } from "./pages/explorer-page";
import type { Page } from "@playwright/test";

/** Opens a deep link and waits until the page has settled on it. */
async function open(explorer: ExplorerPage, hash: string, scenario?: string): Promise<void> {
  await explorer.goto(`/${hash}`);
  if (scenario) await expect(explorer.main).toHaveAttribute("data-scenario", scenario, { timeout: 60_000 });
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
}

/** The edges a scenario breaks: by instance key when it names one. */
function brokenEdges(page: Page, relationship: string, key?: string) {
  const edges = page.locator(`[data-testid="edge-${relationship}"]`);
  return key ? edges.and(page.locator(`[data-key="${key}"]`)) : edges;
}

async function presenterShot(page: Page, name: string, viewport: keyof typeof viewports = "desktop") {
  await page.setViewportSize(viewports[viewport]);
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({
    path: join(screenshotDir, `teach-${name}-${viewport}.png`),
    animations: "disabled",
  });
}

test("the guided tour, walked with the keyboard: every step lights its relationship", async ({
  explorer,
  page,
}) => {
  await open(explorer, `#tour/${TOUR_ORDER[0]}`);
  const tour = page.getByTestId(testIds.tour);
  for (const [index, id] of TOUR_ORDER.entries()) {
    await expect(tour).toHaveAttribute("data-step", id);
    await expect(tour).toContainText(`${index + 1} of ${TOUR_ORDER.length}`);
    expect(page.url()).toContain(`#tour/${id}`);
    const edges = page.locator(`[data-testid="edge-${id}"]`);
    if ((await edges.count()) > 0)
      await expect(
        page.locator(`[data-testid="edge-${id}"][data-highlighted="true"]`).first(),
      ).toBeAttached();
    if (index < TOUR_ORDER.length - 1) await page.keyboard.press("ArrowRight");
  }
  // Back one step, a reload keeps the place, Escape leaves.
  await page.keyboard.press("ArrowLeft");
  await expect(tour).toHaveAttribute("data-step", TOUR_ORDER.at(-2) ?? "");
  await page.reload();
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  await expect(tour).toHaveAttribute("data-step", TOUR_ORDER.at(-2) ?? "");
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);
  expect(explorer.consoleErrors).toEqual([]);
});

test("screenshots: three tour steps and a handshake in presenter mode", async ({ explorer, page }) => {
  await page.addInitScript(() => sessionStorage.setItem("k8s-pki-explorer:presenter", "on"));
  await open(explorer, "#tour/apiserver-etcd-client");
  for (const step of ["apiserver-etcd-client", "kubelet-client", "service-account-signing"]) {
    // One page, the step by its link's hash: as a presenter's slide link would open it.
    await page.evaluate((hash) => (location.hash = hash), `#tour/${step}`);
    await expect(page.getByTestId(testIds.tour)).toHaveAttribute("data-step", step);
    await presenterShot(page, `tour-${step}`);
    await expectNoSeriousViolations(page, `tour step ${step}, presenter mode`);
  }
  await expect(page.locator("html")).toHaveAttribute("data-presenter", "on");
  await expect(page.locator("[aria-label='Input']")).toBeHidden();
  // The demo's broken edge: its handshake fails at the authorizer, step by step.
  await page.evaluate(() => (location.hash = "#handshake/kubelet-client:worker-1"));
  const handshake = page.getByTestId(testIds.handshake);
  await expect(handshake.locator("[data-step='server-presents']")).not.toHaveAttribute(
    "data-state",
    "hidden",
  );
  await expect(handshake.locator("[data-step='authorizer']")).toHaveAttribute("data-state", "hidden");
  for (let step = 1; step < 6; step++) await page.getByTestId(testIds.handshakeNext).click();
  await expect(handshake.locator("[data-step='authorizer']")).toHaveAttribute("data-state", "error");
  await expect(handshake.locator("[data-step='server-verifies']")).toHaveAttribute("data-state", "ok");
  await expect(handshake).toContainText("The handshake fails at step 6");
  await expect(
    page.locator('[data-testid="edge-kubelet-client"][data-highlighted="true"]').first(),
  ).toBeAttached();
  await presenterShot(page, "handshake-kubelet-client-worker-1");
  await expectNoSeriousViolations(page, "handshake, presenter mode");
  await presenterShot(page, "handshake-kubelet-client-worker-1", "mobile");
  expect(explorer.consoleErrors).toEqual([]);
});

/**
 * One scenario of each kind is broken and fixed here through the page (trust, certificate, kubelet and
 * rotation faults, and a warning-only one). Every scenario's findings are checked on the core
 * (lib/scenarios/generate-scenario.test.ts), and every scenario's deep link is generated and judged in
 * the browser by e2e/quiz-hidden.spec.ts.
 */
const BROKEN_AND_FIXED = new Set([
  "wrong-ca-etcd-client",
  "key-mismatch",
  "node-authorizer",
  "bootstrap-token-left",
  "rotation-old-ca-removed-early",
]);

for (const scenario of SCENARIOS.filter((candidate) => BROKEN_AND_FIXED.has(candidate.id))) {
  test(`scenario ${scenario.id}: its deep link breaks ${scenario.relationshipKey ?? scenario.relationship}, fix it restores`, async ({
    explorer,
    page,
  }) => {
    const shoot = scenario.id === "wrong-ca-etcd-client" || scenario.id === "node-authorizer";
    if (shoot) await page.addInitScript(() => sessionStorage.setItem("k8s-pki-explorer:presenter", "on"));
    await open(explorer, `#scenario/${scenario.id}`, scenario.id);
    const panel = page.getByTestId(testIds.scenarioPanel);
    await expect(panel).toContainText(scenario.title);
    await expect(page.getByTestId(testIds.scenarioUserSees)).toHaveText(scenario.userSees);
    const want = scenario.expect.some((finding) => finding.severity === "error") ? "error" : "warning";
    const edges = brokenEdges(page, scenario.relationship, scenario.relationshipKey);
    await expect(edges.first()).toBeAttached();
    for (const edge of await edges.all()) await expect(edge).toHaveAttribute("data-status", want);
    for (const finding of scenario.expect)
      await expect(page.getByTestId(`finding-${finding.code}`).first()).toBeAttached();
    if (shoot) await presenterShot(page, `scenario-${scenario.id}`);

    await page.getByTestId(testIds.scenarioFix).click();
    await expect(explorer.main).toHaveAttribute("data-scenario", "healthy", { timeout: 60_000 });
    // Healthy again: ok, or unknown where the fix removed the input (a bootstrap kubeconfig).
    for (const edge of await edges.all()) await expect(edge).toHaveAttribute("data-status", /^(ok|unknown)$/);
    await expect(page.getByTestId(testIds.summary)).toContainText("No errors or warnings");
    expect(explorer.consoleErrors).toEqual([]);
  });
}

test("the flows: each opens by its link, names its files, and the arrows step between them", async ({
  explorer,
  page,
}) => {
  await open(explorer, "#flow/kubelet-bootstrap");
  const flow = page.getByTestId(testIds.flow);
  await expect(flow).toHaveAttribute("data-flow", "kubelet-bootstrap");
  await expect(flow).toContainText("bootstrap-kubelet.conf");
  await expect(flow).toContainText("kubelet-client-current.pem");
  await page.keyboard.press("ArrowRight");
  await expect(flow).toHaveAttribute("data-flow", "kubelet-serving");
  await expect(flow).toContainText("serverTLSBootstrap");
  await page.keyboard.press("ArrowRight");
  await expect(flow).toHaveAttribute("data-flow", "service-account-tokens");
  await expect(flow).toContainText("sa.pub");
  expect(page.url()).toContain("#flow/service-account-tokens");
  await page.keyboard.press("ArrowRight");
  await expect(flow).toHaveAttribute("data-flow", "ca-rotation");
  await expect(flow).toContainText("Renewal and CA rotation");
  await expect(flow).toContainText("Distribute the new cluster CA next to the old one");
  await expect(flow).toContainText("/etc/kubernetes/pki/ca.crt");
  await page.keyboard.press("Escape");
  await expect(flow).toHaveCount(0);
  expect(explorer.consoleErrors).toEqual([]);
});

test("a mid-rotation quiz: the removed old CA is found on worker-1's kubelet edge", async ({
  explorer,
  page,
}) => {
  await open(explorer, "#scenario/rotation-old-ca-removed-early/quiz", "rotation-old-ca-removed-early");
  await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
  const panel = page.getByTestId(testIds.scenarioPanel);
  await expect(panel).not.toContainText("the old CA left the apiserver");
  await brokenEdges(page, "kubelet-client", "kubelet-client:worker-1").first().click({ force: true });
  await expect(explorer.main).not.toHaveAttribute("data-quiz", "hidden");
  await expect(panel).toContainText(
    "CA rotation: the old CA left the apiserver before worker-1's kubelet moved to the new one",
  );
  await expect(page.getByTestId("finding-CA_ROTATION_OUT_OF_ORDER").first()).toBeAttached();
  await presenterShot(page, "quiz-rotation-answered");
  await presenterShot(page, "quiz-rotation-answered", "mobile");
  expect(explorer.consoleErrors).toEqual([]);
});

test("a quiz hides the answer until the broken edge is clicked", async ({ explorer, page }) => {
  await open(explorer, "#scenario/wrong-ca-etcd-client/quiz", "wrong-ca-etcd-client");
  await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
  await expect(page.getByTestId(testIds.findings)).toBeHidden();
  const panel = page.getByTestId(testIds.scenarioPanel);
  await expect(panel).not.toContainText("etcd rejects");
  // A click event on the edge itself: a loop's box centre (where a pointer click lands) is off its line.
  await page.locator('[data-testid="edge-etcd-peer"]').first().dispatchEvent("click");
  await expect(panel).toContainText("Not etcd-peer");
  await expectNoSeriousViolations(page, "quiz");
  await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
  await page.locator('[data-testid="edge-apiserver-etcd-client"]').first().dispatchEvent("click");
  await expect(explorer.main).not.toHaveAttribute("data-quiz", "hidden");
  await expect(panel).toContainText("etcd rejects the apiserver's client certificate");
  await expect(page.getByTestId(testIds.findings)).toBeVisible();
  expect(explorer.consoleErrors).toEqual([]);
});

test("a scenario's files downloaded as a lab archive and dropped back give the same finding", async ({
  explorer,
  page,
}, testInfo) => {
  await open(explorer, "#scenario/key-mismatch", "key-mismatch");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId(testIds.scenarioDownload).click(),
  ]);
  expect(download.suggestedFilename()).toBe("k8s-pki-key-mismatch.tar.gz");
  const archive = testInfo.outputPath("k8s-pki-key-mismatch.tar.gz");
  await download.saveAs(archive);
  await page.goto("/?at=2026-06-01");
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  await explorer.loadFiles([archive]);
  const scenario = SCENARIOS.find((candidate) => candidate.id === "key-mismatch");
  expect(scenario).toBeDefined();
  for (const finding of scenario?.expect ?? [])
    await expect(page.getByTestId(`finding-${finding.code}`).first()).toBeAttached();
  const edge = brokenEdges(page, scenario?.relationship ?? "", scenario?.relationshipKey).first();
  await expect(edge).toHaveAttribute("data-status", "error");
  expect(explorer.consoleErrors).toEqual([]);
});
