import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { analyze } from "../lib/analyze";
import { PRIMARY_RELATIONSHIPS } from "../lib/report";
import { edgeTestId, findingTestId, testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import { reportForDemo, reportForFolder, statusesById } from "./support/expected-report";

const fixtures = resolve("e2e/fixtures");
const sample = join(fixtures, "kubeadm-v1.20");
const fault = (name: string) => join(fixtures, "faults", name);

test.describe("first visit", () => {
  test("shows the demo cluster, labelled, with exactly the statuses of its report", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    await expect(page.getByText("Demo cluster (sample data)").first()).toBeVisible();
    const want = statusesById(await reportForDemo());
    for (const id of PRIMARY_RELATIONSHIPS) expect(want[id], id).toBeDefined();
    await expect.poll(() => explorer.edgeStatuses()).toEqual(want);
    await expect(explorer.privacyNote.first()).toBeVisible();
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });
});

test.describe("dropping folders", () => {
  test("the real kubeadm v1.20 output: ok wherever both sides are present", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-12-01");
    const started = Date.now();
    await explorer.loadFolder(sample);
    test.info().annotations.push({ type: "drop-to-render-ms", description: String(Date.now() - started) });
    const statuses = await explorer.edgeStatuses();
    expect(statuses).toEqual(statusesById(await reportForFolder(sample, "2026-12-01T00:00:00.000Z")));
    for (const id of [
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "apiserver-serving",
      "controller-manager-client",
      "scheduler-client",
      "kubelet-client",
      "admin-client",
      "service-account-signing",
    ]) {
      expect(statuses[id], id).toEqual(["ok"]);
    }
    for (const id of ["kubelet-serving", "apiserver-kubelet-client", "kube-proxy-client"])
      expect(statuses[id], id).toEqual(["unknown"]);
    await expect(page.getByText("Demo cluster (sample data)")).toHaveCount(0);
    expect(explorer.consoleErrors).toEqual([]);
  });

  for (const { name, edge, code, file } of [
    {
      name: "stale-ca-admin-kubeconfig",
      edge: "apiserver-serving",
      code: "KUBECONFIG_CA_MISMATCH",
      file: "admin.conf",
    },
    {
      name: "identity-kubelet-no-group",
      edge: "kubelet-client",
      code: "IDENTITY_MISMATCH",
      file: "kubelet-client-current.pem",
    },
    {
      name: "wrong-ca-etcd-client",
      edge: "apiserver-etcd-client",
      code: "CHAIN_UNTRUSTED",
      file: "apiserver-etcd-client.crt",
    },
  ]) {
    test(`${name}: the edge turns red, the finding is listed, the panel names the file and the fix`, async ({
      explorer,
      page,
    }) => {
      await explorer.goto("/?at=2026-06-01");
      await explorer.loadFolder(fault(name));
      await expect(page.getByTestId(edgeTestId(edge)).first()).toHaveAttribute("data-status", "error");
      const report = await reportForFolder(fault(name), "2026-06-01T00:00:00.000Z");
      const finding = report.findings.find((f) => f.code === code);
      expect(finding).toBeDefined();
      await expect(page.getByTestId(findingTestId(code)).first()).toBeVisible();
      const panel = await explorer.openFinding(code);
      await expect(panel).toContainText(file);
      await expect(panel).toContainText((finding?.fix ?? "").slice(0, 40));
      await expect(page.getByTestId(edgeTestId(edge)).first()).toHaveAttribute("data-highlighted", "true");
      expect(explorer.consoleErrors).toEqual([]);
    });
  }

  test("a corrupt file among good ones: PARSE_ERROR shown, the rest analysed", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFolder(fault("corrupt-extra-file"));
    await expect(page.getByTestId(findingTestId("PARSE_ERROR"))).toHaveCount(1);
    const statuses = await explorer.edgeStatuses();
    expect(statuses).toEqual(
      statusesById(await reportForFolder(fault("corrupt-extra-file"), "2026-06-01T00:00:00.000Z")),
    );
    expect(statuses["apiserver-serving"]).toEqual(["ok"]);
  });

  test("a tarball gives the same result as the folder", async ({ explorer }) => {
    const dir = mkdtempSync(join(tmpdir(), "k8s-pki-e2e-"));
    const tarball = join(dir, "kubeadm-v1.20.tgz");
    execFileSync("tar", ["czf", tarball, "-C", fixtures, "kubeadm-v1.20"]);
    await explorer.goto("/?at=2026-12-01");
    await explorer.loadFolder(sample);
    const fromFolder = await explorer.edgeStatuses();
    // The same page emptied, as a person would before trying the archive.
    await explorer.page.getByRole("button", { name: "Clear all" }).click();
    await expect(explorer.page.getByRole("heading", { name: /Drop a Kubernetes PKI folder/ })).toBeVisible();
    await expect(explorer.main).toHaveAttribute("data-analysis", "done");
    await explorer.loadFiles([tarball]);
    expect(await explorer.edgeStatuses()).toEqual(fromFolder);
  });

  test("dragged onto the window: the overlay shows, the dropped tarball is read like the folder", async ({
    explorer,
    page,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "k8s-pki-e2e-"));
    const tarball = join(dir, "kubeadm-v1.20.tgz");
    execFileSync("tar", ["czf", tarball, "-C", fixtures, "kubeadm-v1.20"]);
    await explorer.goto("/?at=2026-12-01");
    const before = await explorer.run();
    // A drag from the desktop, as the page sees it: a DataTransfer holding the file's real bytes.
    const dataTransfer = await page.evaluateHandle(
      ({ name, base64 }) => {
        const transfer = new DataTransfer();
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: "application/gzip" }));
        return transfer;
      },
      { name: "kubeadm-v1.20.tgz", base64: readFileSync(tarball).toString("base64") },
    );
    await page.dispatchEvent("main", "dragenter", { dataTransfer });
    await expect(page.getByTestId(testIds.dropOverlay)).toBeVisible();
    await page.dispatchEvent("main", "dragover", { dataTransfer });
    await page.dispatchEvent("main", "drop", { dataTransfer });
    await expect(page.getByTestId(testIds.dropOverlay)).toHaveCount(0);
    await explorer.waitForRunAfter(before);
    await expect(page.getByTestId(testIds.sources)).toContainText("kubeadm-v1.20.tgz");
    expect(await explorer.edgeStatuses()).toEqual(
      statusesById(await reportForFolder(sample, "2026-12-01T00:00:00.000Z")),
    );
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("pasted text: a kubeconfig, then a certificate, each read as a file and added", async ({
    explorer,
    page,
  }) => {
    const admin = readFileSync(join(sample, "admin.conf"), "utf8");
    const serving = readFileSync(join(sample, "pki", "apiserver.crt"), "utf8");
    await explorer.goto("/?at=2026-12-01");
    const dialog = page.getByTestId(testIds.pasteDialog);
    for (const [text, name] of [
      [admin, "pasted-1.conf"],
      [serving, "pasted-2.pem"],
    ] as const) {
      const before = await explorer.run();
      await page.getByTestId(testIds.pasteButton).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("textbox", { name: "PEM or kubeconfig text" }).fill(text);
      await expect(dialog.getByText(name)).toBeVisible();
      await dialog.getByRole("button", { name: "Analyse" }).click();
      await expect(dialog).toBeHidden();
      await explorer.waitForRunAfter(before);
      await expect(page.getByTestId(testIds.sources)).toContainText(name);
    }
    const encode = (text: string) => new TextEncoder().encode(text);
    const report = await analyze(
      [
        { path: "pasted-1.conf", bytes: encode(admin) },
        { path: "pasted-2.pem", bytes: encode(serving) },
      ],
      { now: "2026-12-01T00:00:00.000Z" },
    );
    expect(await explorer.edgeStatuses()).toEqual(statusesById(report));
    await expect(page.getByTestId(testIds.inventory).locator("[data-sha256]")).toHaveCount(
      report.certificates.length,
    );
    await expect(page.getByText("Demo cluster (sample data)")).toHaveCount(0);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a second drop adds to the first; clear empties; the demo comes back", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFolder(join(fixtures, "healthy"));
    const before = await explorer.run();
    await page.locator("input[type=file][webkitdirectory]").setInputFiles(fault("identity-kubelet-no-group"));
    await explorer.waitForRunAfter(before);
    const sources = page.getByTestId(testIds.sources);
    await expect(sources).toContainText("healthy");
    await expect(sources).toContainText("identity-kubelet-no-group");
    await page.getByRole("button", { name: /clear/i }).first().click();
    await expect(page.getByTestId(edgeTestId("apiserver-serving"))).toHaveCount(0);
    const cleared = await explorer.run();
    await page
      .getByRole("button", { name: /load demo/i })
      .first()
      .click();
    await explorer.waitForRunAfter(cleared);
    await expect(page.getByText("Demo cluster (sample data)").first()).toBeVisible();
  });
});

test.describe("privacy", () => {
  test("no request leaves the origin and none carries file content", async ({ explorer, page, baseURL }) => {
    const requests: { url: string; method: string; body: string | null }[] = [];
    page.on("request", (request) =>
      requests.push({ url: request.url(), method: request.method(), body: request.postData() }),
    );
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFolder(join(fixtures, "healthy"));
    const origin = new URL(baseURL ?? "").origin;
    for (const request of requests) {
      const url = new URL(request.url);
      if (url.protocol === "blob:" || url.protocol === "data:") continue;
      expect(url.origin, request.url).toBe(origin);
      expect(["GET", "HEAD"], request.url).toContain(request.method);
      expect(request.body, request.url).toBeNull();
      expect(
        url.pathname.startsWith("/_next/") ||
          url.pathname.startsWith("/demo/") ||
          /^\/[^/]*$/.test(url.pathname),
        request.url,
      ).toBe(true);
    }
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(csp).toMatch(/connect-src 'self'/);
  });
});

test.describe("keyboard", () => {
  test("focus moves between edges with the arrow keys and Enter selects", async ({ explorer, page }) => {
    await explorer.goto("/");
    const first = page.locator("[data-testid^='edge-']").first();
    await first.focus();
    const firstId = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    await page.keyboard.press("ArrowRight");
    const nextId = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    expect(nextId).toMatch(/^edge-/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBeTruthy();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId(testIds.detailPanel).filter({ visible: true }).first()).toBeVisible();
    expect(firstId).toMatch(/^edge-/);
  });
});

test.describe("screenshots", () => {
  test("the explorer at 1280×800 and 390×844, light and dark", async ({ explorer, page }) => {
    await explorer.goto("/");
    await expect.poll(() => explorer.edgeStatuses()).not.toEqual({});
    await explorer.screenshotAll("explorer-demo");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId(edgeTestId("kubelet-client")).last().focus();
    await page.keyboard.press("Enter");
    await explorer.screenshot("explorer-selected", "desktop", "dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await explorer.screenshot("explorer-selected", "mobile", "light");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
