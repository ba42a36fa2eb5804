import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { testIds } from "../components/test-ids";
import { GENERIC_PKI_NOTE } from "../components/pki/generic-pki-graph";
import { expect, screenshotDir, test, viewports, type ExplorerPage } from "./pages/explorer-page";

const layouts = resolve("e2e/fixtures/layouts");

/** The graph area alone and the first screen, as PNGs beside the full-page ones. */
async function shootGraph(explorer: ExplorerPage, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await explorer.page
    .getByTestId(testIds.graph)
    .screenshot({ path: join(screenshotDir, `${name}-graph.png`), animations: "disabled" });
  await explorer.page.screenshot({ path: join(screenshotDir, `${name}-top.png`), animations: "disabled" });
}

test.describe("recognised layouts", () => {
  test("generic mutual TLS: the PKI drawn as CAs and what they sign, said to be generic", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(join(layouts, "generic-mtls"));
    await expect(page.getByTestId(testIds.layoutLabel)).toHaveText(/generic mutual TLS/);
    const pki = page.getByTestId(testIds.genericPki);
    await expect(pki.getByTestId(testIds.genericPkiNote)).toHaveText(GENERIC_PKI_NOTE);
    await expect(page.getByTestId(testIds.topologyGraph)).toHaveCount(0);
    await expect(page.locator("[data-testid^='edge-']")).toHaveCount(0);

    const ca = pki.locator("[data-card='ca']");
    await expect(ca).toHaveCount(1);
    await expect(ca).toHaveAttribute(
      "aria-label",
      /^CA grpc-tutorial-ca at (generic-mtls\/)?ca\.crt, key ✓ ca\.key, ok, signs 2 certificates$/,
    );
    const leaves = pki.locator("[data-card='leaf']");
    await expect(leaves).toHaveCount(2);
    const server = pki.locator("[data-card='leaf'][data-use='server']");
    await expect(server).toHaveAttribute("data-key", "matched");
    await expect(server).toHaveAttribute("data-status", "ok");
    await expect(pki.locator("[data-card='leaf'][data-use='client']")).toHaveAttribute("data-key", "matched");
    // Each leaf hangs below its CA.
    const caBox = await ca.boundingBox();
    for (const leaf of await leaves.all())
      expect((await leaf.boundingBox())?.y ?? 0).toBeGreaterThan(
        (caBox?.y ?? Infinity) + (caBox?.height ?? 0),
      );

    await explorer.screenshot("layouts-generic-mtls", "desktop", "light");
    await shootGraph(explorer, "layouts-generic-mtls-desktop-light");
    await server.click();
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(detail).toContainText("server.crt");
    await expect(server).toHaveAttribute("aria-pressed", "true");
    await shootGraph(explorer, "layouts-generic-mtls-selected");
    await page.keyboard.press("Escape");

    await explorer.screenshot("layouts-generic-mtls", "mobile", "light");
    await shootGraph(explorer, "layouts-generic-mtls-mobile-light");
    await explorer.screenshot("layouts-generic-mtls", "desktop", "dark");
    await shootGraph(explorer, "layouts-generic-mtls-desktop-dark");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("kind HA: named with its evidence, one edge per relationship, instances listed by node", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(join(layouts, "kind-ha"));
    const label = page.getByTestId(testIds.layoutLabel);
    await expect(label).toContainText("kind layout (also kubeadm) · Kubernetes v1.31.2 · 5 nodes");
    await expect(label).toHaveAttribute("title", /^Recognised from: .*kind/);

    const statuses = await explorer.edgeStatuses();
    for (const id of [
      "apiserver-serving",
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "controller-manager-client",
      "scheduler-client",
      "service-account-signing",
      "front-proxy-client",
    ])
      expect(statuses[id], id).toEqual(["ok"]);
    // Each node's kubelet keeps its own edges.
    expect(statuses["kubelet-client"]).toHaveLength(5);
    await expect(page.getByTestId(testIds.graphNote)).toContainText("up to 3 control planes");

    await explorer.screenshot("layouts-kind-ha", "desktop", "light");
    await shootGraph(explorer, "layouts-kind-ha-desktop-light");
    await page.getByTestId("edge-apiserver-serving").click();
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    const instances = detail.getByTestId(testIds.relationshipInstances).getByRole("button");
    await expect(instances).toHaveCount(3);
    await expect(instances.nth(1)).toContainText("kind-control-plane2");
    await instances.nth(2).click();
    await expect(detail.getByRole("heading", { level: 2 })).toHaveText(
      "apiserver-serving@kind-control-plane3",
    );
    await expect(page.getByTestId("edge-apiserver-serving")).toHaveAttribute("aria-pressed", "true");
    await explorer.screenshot("layouts-kind-ha-selected", "desktop", "light");
    await page.keyboard.press("Escape");
    await page.getByTestId(testIds.closeDetails).filter({ visible: true }).first().click();
    await explorer.screenshot("layouts-kind-ha", "mobile", "light");
    await shootGraph(explorer, "layouts-kind-ha-mobile-light");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("k3s: the label opens to what named the layout, and the overview lists it", async ({
    explorer,
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(join(layouts, "k3s"));
    const label = page.getByTestId(testIds.layoutLabel);
    await expect(label).toContainText("k3s layout · 2 nodes");
    await label.click();
    const summary = page.getByTestId(testIds.summary);
    await expect(summary.getByTestId(testIds.layoutEvidence)).toBeVisible();
    const overview = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(overview.getByTestId(testIds.layoutEvidence).getByRole("listitem").first()).toBeVisible();
    await explorer.screenshot("layouts-k3s-evidence", "desktop", "light");
    await shootGraph(explorer, "layouts-k3s-evidence");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("MicroK8s: the stale server.crt's edge says why these files, each fact from its flag", async ({
    explorer,
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(resolve("e2e/fixtures/layouts-faults/microk8s-ip-changed"));
    await expect(page.getByTestId(testIds.layoutLabel)).toContainText("MicroK8s layout");
    expect((await explorer.edgeStatuses())["apiserver-serving"]).toEqual(["error"]);
    await page.getByTestId("edge-apiserver-serving").click();
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    const evidence = detail.getByTestId(testIds.evidenceList);
    await expect(evidence).toBeVisible();
    const served = evidence.locator('[data-evidence-source="configured"]').first();
    await expect(served).toContainText(
      "kube-apiserver presents microk8s-1/var/snap/microk8s/current/certs/server.crt",
    );
    await expect(served).toContainText(
      "--tls-cert-file in microk8s-1/var/snap/microk8s/current/args/kube-apiserver",
    );
    await expect(evidence.locator('[data-evidence-source="guess"]')).toHaveCount(0);
    await expect(detail).toContainText("microk8s refresh-certs --cert server.crt");
    await evidence.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await explorer.screenshot("layouts-microk8s-evidence", "desktop", "light");
    // The panel alone, as a person reads it: the verdict, both ends, and why these files.
    await mkdir(screenshotDir, { recursive: true });
    await detail.screenshot({
      path: join(screenshotDir, "layouts-microk8s-evidence-panel.png"),
      animations: "disabled",
    });
    await page.setViewportSize(viewports.mobile);
    await evidence.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await explorer.screenshot("layouts-microk8s-evidence", "mobile", "light");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a layout it does not recognise: said first, no role, nothing loud", async ({ explorer, page }) => {
    await page.setViewportSize(viewports.desktop);
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(join(layouts, "unrecognised"));
    const overview = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(overview.getByTestId(testIds.scopeNote).first()).toContainText("layout not recognised");
    await expect(page.getByTestId(testIds.summary)).toContainText("No errors or warnings");
    await explorer.screenshot("layouts-unrecognised", "desktop", "light");
    await page.setViewportSize(viewports.mobile);
    await explorer.screenshot("layouts-unrecognised", "mobile", "light");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
