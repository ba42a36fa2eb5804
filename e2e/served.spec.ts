import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { edgeTestId, testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const served = resolve("e2e/fixtures/served");

test.describe("what runs versus what is on disk", () => {
  test("renewed on disk, not restarted: the finding, and the edge says what is served", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(120_000);
    await explorer.goto("/?at=2026-06-01", { timeout: 60_000 });
    await explorer.loadFolder(join(served, "kubeadm-renewed-not-restarted"), { timeout: 90_000 });
    await expect(page.getByTestId(edgeTestId("apiserver-serving")).first()).toHaveAttribute(
      "data-status",
      "warning",
    );
    const finding = await explorer.openFinding("SERVED_CERT_DIFFERS");
    await expect(finding).toContainText(
      "kube-apiserver serves another certificate than etc/kubernetes/pki/apiserver.crt: restart it",
    );
    await expect(finding).toContainText("valid until 2027-01-01");
    await expect(finding).toContainText("mv /etc/kubernetes/manifests/kube-apiserver.yaml /etc/kubernetes/");

    await page.getByTestId(edgeTestId("apiserver-serving")).first().focus();
    await page.keyboard.press("Enter");
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    const what = detail.getByTestId(testIds.servedChain);
    await expect(what).toContainText("served ≠ on disk");
    await expect(what).toContainText("valid until 2027-01-01");
    await expect(what).toContainText("valid until 2027-05-25");
    await expect(what).toContainText("served/apiserver-s_client.txt");
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await what.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: join(screenshotDir, `served-differs-${size}.png`),
        animations: "disabled",
      });
    }
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("served = on disk: no warning, and the edge says so", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-06-01", { timeout: 60_000 });
    await explorer.loadFolder(join(served, "kubeadm-served-healthy"), { timeout: 90_000 });
    const statuses = await explorer.edgeStatuses();
    expect(Object.values(statuses).flat()).not.toContain("warning");
    expect(Object.values(statuses).flat()).not.toContain("error");
    await page.getByTestId(edgeTestId("etcd-serving")).first().focus();
    await page.keyboard.press("Enter");
    const detail = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(detail.getByTestId(testIds.servedChain)).toContainText("served = on disk");
    await expect(detail.getByTestId(testIds.servedChain)).toContainText("127.0.0.1:2379");
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await detail.getByTestId(testIds.servedChain).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshotDir, `served-same-${size}.png`), animations: "disabled" });
    }
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("pasted s_client output is named for what it is and read as a served chain", async ({
    explorer,
    page,
  }) => {
    const text = readFileSync(join(served, "s_client", "refused.txt"), "utf8");
    await explorer.goto("/?at=2026-06-01", { timeout: 60_000 });
    await explorer.loadFolder(resolve("e2e/fixtures/healthy"), { timeout: 90_000 });
    const before = await explorer.run();
    await page.getByTestId(testIds.pasteButton).click();
    const dialog = page.getByTestId(testIds.pasteDialog);
    await dialog.getByRole("textbox", { name: "PEM or kubeconfig text" }).fill(text);
    await expect(dialog.getByText("pasted-1-s_client.txt")).toBeVisible();
    await dialog.getByRole("button", { name: "Analyse" }).click();
    await explorer.waitForRunAfter(before);
    const finding = await explorer.openFinding("SERVED_ENDPOINT_UNREACHED");
    await expect(finding).toContainText("127.0.0.1:6443 refused the connection");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
