import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { edgeTestId, testIds } from "../components/test-ids";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const faults = resolve("e2e/fixtures/faults");

/** Opens "Paste an error", pastes `text`, explains it and returns the answer. */
async function explain(page: Page, text: string) {
  const panel = page.getByTestId(testIds.explain).filter({ visible: true }).first();
  if (!(await panel.isVisible())) await page.getByTestId(testIds.explainOpen).click();
  await expect(panel).toBeVisible();
  await panel.getByTestId(testIds.explainInput).fill(text);
  await panel.getByTestId(testIds.explainRun).click();
  return panel.getByTestId(testIds.explainAnswer);
}

/** What a person sees at each size: the viewport, not the whole page, with the answer in view. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.getByTestId(testIds.explainAnswer).filter({ visible: true }).first().scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(screenshotDir, `explain-${name}-${size}.png`),
      animations: "disabled",
    });
  }
  await page.setViewportSize(viewports.desktop);
}

/** The graph's edges of a relationship id that are highlighted. */
function litEdges(page: Page, relationshipId: string) {
  return page.locator(`[data-testid='${edgeTestId(relationshipId)}'][data-highlighted='true']`);
}

test.describe("Paste an error", () => {
  test("on the demo: an expiry error, a kubelet address error, and an alert nothing matches", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(120_000);
    await explorer.goto("/", { timeout: 60_000 });

    const expired = await explain(
      page,
      "x509: certificate has expired or is not yet valid: current time 2026-06-22T00:00:00Z is after 2026-06-21T00:00:00Z",
    );
    await expect(expired).toHaveAttribute("data-verdict", "explained");
    await expect(expired).toContainText(
      "control-1/etc/kubernetes/pki/front-proxy-client.crt expired at 2026-06-21T00:00:00.000Z, the instant in the error",
    );
    await expect(litEdges(page, "front-proxy-client")).toHaveCount(1);
    await shoot(page, "demo-expired");

    const kubelet = await explain(
      page,
      'Get "https://10.0.0.11:10250/containerLogs/kube-system/kube-proxy-x/kube-proxy": x509: cannot validate certificate for 10.0.0.11 because it doesn\'t contain any IP SANs',
    );
    await expect(kubelet).toHaveAttribute("data-verdict", "explained");
    await expect(
      kubelet.locator("[data-explain-certificate='worker-1/var/lib/kubelet/pki/kubelet.crt']"),
    ).toHaveCount(1);
    await expect(litEdges(page, "kubelet-serving").first()).toBeVisible();

    const alert = await explain(page, "KubeClientCertificateExpiration");
    await expect(alert).toHaveAttribute("data-verdict", "no-match");
    await expect(alert).toContainText("Nothing in the drop matches");
    await expect(alert).toContainText("apiserver_client_certificate_expiration_seconds_bucket");
    await expect(page.locator("[data-testid^='edge-'][data-highlighted='true']")).toHaveCount(0);
    await shoot(page, "demo-no-match");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("on a fixture: admin.conf's embedded CA is an older CA of the same name", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(120_000);
    await explorer.goto("/?at=2026-06-01", { timeout: 60_000 });
    await explorer.loadFolder(`${faults}/stale-ca-admin-kubeconfig`, { timeout: 60_000 });
    const answer = await explain(
      page,
      'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")',
    );
    await expect(answer).toHaveAttribute("data-verdict", "explained");
    await expect(answer).toContainText(
      'candidate authority certificate "kubernetes" is the CA in etc/kubernetes/admin.conf#clusters/kubernetes',
    );
    await expect(answer).toContainText("it is etc/kubernetes/pki/ca.crt, a different CA of the same name");
    await expect(litEdges(page, "apiserver-serving")).toHaveCount(1);
    await shoot(page, "stale-ca");
    await expectNoSeriousViolations(page, "an explained error in the detail panel");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });
});
