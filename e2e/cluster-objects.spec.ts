/**
 * Dumps of the API objects that hold trust through the page's real input: the healthy node's folder
 * with e2e/fixtures/cluster-objects beside it, chosen as one folder. The Fail webhook whose caBundle
 * is another CA is an error, the Ignore one a warning, the cert-manager Certificate that is not
 * Ready a warning; the inventory and the timeline name caBundle certificates after their object
 * (`ValidatingWebhookConfiguration/audit-guard webhook audit.example.com · caBundle`) and the user's
 * CSR-issued certificate is a user-client certificate; the page's report is the CLI's.
 */
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Report } from "../lib/report";
import { findingTestId, testIds } from "../components/test-ids";
import { expect, screenshotDir, test } from "./pages/explorer-page";
import { TimelinePage } from "./pages/timeline";
import { cliReport, stableJson } from "./support/report-parity";

const DAY = "2026-06-01";
const DUMPS = [
  "webhooks.yaml",
  "apiservices.json",
  "crds.yaml",
  "cert-manager.yaml",
  "secrets.yaml",
  "csr.yaml",
];
let scratch = "";
let cluster = "";

test.beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "k8s-pki-objects-"));
  cluster = join(scratch, "cluster");
  await cp(resolve("e2e/fixtures/healthy"), cluster, { recursive: true });
  await mkdir(join(cluster, "objects"), { recursive: true });
  for (const name of DUMPS)
    await cp(resolve("e2e/fixtures/cluster-objects", name), join(cluster, "objects", name));
});

test.afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test.describe("objects that hold trust beside a node", () => {
  test("findings by failurePolicy, caBundles named after their objects, the CLI's report", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    const [{ report: cli }] = await Promise.all([
      cliReport(cluster, `${DAY}T00:00:00Z`),
      explorer.goto(`/?at=${DAY}`, { timeout: 60_000 }),
    ]);
    await explorer.loadFolder(cluster, { timeout: 120_000 });

    // Findings: severity follows failurePolicy.
    const mismatches = page.getByTestId(findingTestId("WEBHOOK_CA_BUNDLE_MISMATCH"));
    await expect(mismatches).toHaveCount(2);
    expect(
      await mismatches.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-severity"))),
    ).toEqual(["error", "warning"]);
    await expect(mismatches.nth(0)).toContainText("ValidatingWebhookConfiguration/audit-guard");
    await expect(mismatches.nth(1)).toContainText("MutatingWebhookConfiguration/sidecar-injector");
    await expect(page.getByTestId(findingTestId("CERT_MANAGER_NOT_READY"))).toHaveAttribute(
      "data-severity",
      "warning",
    );
    const panel = await explorer.openFinding("WEBHOOK_CA_BUNDLE_MISMATCH");
    await expect(panel).toContainText("failurePolicy Fail");
    await expect(panel).toContainText("x509: certificate signed by unknown authority");
    await expect(panel).toContainText("kubectl patch validatingwebhookconfiguration audit-guard");
    await page.keyboard.press("Escape");

    // The inventory names caBundle certificates after their object and field.
    const inventory = page.getByTestId(testIds.inventory);
    await expect(inventory).toContainText(
      "ValidatingWebhookConfiguration/audit-guard webhook audit.example.com · caBundle",
    );
    await expect(inventory).toContainText(
      "MutatingWebhookConfiguration/sidecar-injector webhook inject.mesh.example.com · caBundle",
    );
    await expect(inventory).toContainText("Secrets in audit");

    // The timeline: the expired bundle CA is a dated bar named after its object.
    const timeline = new TimelinePage(page);
    const mesh = cli.certificates.find((c) => c.subject === "CN=mesh-injector-ca");
    await expect(timeline.bar(mesh?.sha256.toLowerCase() ?? "")).toHaveAttribute(
      "aria-label",
      // Its CN, then its object's name, cut to the timeline's width: never the dump's file name.
      /^mesh-injector-ca, MutatingWebhook/,
    );

    // The page's report is the CLI's; the CSR-issued certificate is a user's client certificate.
    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    expect(stableJson(browser)).toBe(stableJson(cli));
    expect(browser.certificates.find((c) => c.subject === "O=developers, CN=jane")?.role).toBe("user-client");

    for (const viewport of ["desktop", "mobile"] as const)
      await explorer.screenshot("cluster-objects", viewport, "light");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByTestId(testIds.inventory)
      .screenshot({ path: join(screenshotDir, "cluster-objects-inventory-desktop.png") });
    await timeline.section.screenshot({ path: join(screenshotDir, "cluster-objects-timeline-desktop.png") });
    await page.getByTestId(testIds.findings).screenshot({
      path: join(screenshotDir, "cluster-objects-findings-desktop.png"),
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await mismatches.nth(0).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, "cluster-objects-findings-mobile.png") });
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });
});
