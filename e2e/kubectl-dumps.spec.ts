/**
 * kubectl dumps through the page's real input: the healthy node's folder with its cluster's
 * `kubectl get secrets -A -o yaml` and `kubectl get csr -o yaml` beside it, chosen as one folder.
 * The inventory and the timeline list the Secrets' certificates under their namespaces, named after
 * Secret and key; the pending kubelet-serving CSR is a finding on kubelet-serving; and the page's
 * report is the CLI's, byte for byte.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Report } from "../lib/report";
import { edgeTestId, findingTestId, testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import { TimelinePage } from "./pages/timeline";
import { cliReport, outline, stableJson } from "./support/report-parity";

const DAY = "2026-06-01";
const NAMESPACES = ["apps", "cert-manager", "ingress-nginx"];
let scratch = "";
let cluster = "";

test.beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "k8s-pki-dumps-"));
  cluster = join(scratch, "cluster");
  await cp(resolve("e2e/fixtures/healthy"), cluster, { recursive: true });
  for (const name of ["secrets.yaml", "csr.yaml"])
    await cp(resolve("e2e/fixtures/kubectl-dumps", name), join(cluster, name));
});

test.afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test.describe("kubectl dumps beside a node", () => {
  test("the Secrets grouped by namespace, the pending CSR found, the CLI's report", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(180_000);
    const [{ report: cli }] = await Promise.all([
      cliReport(cluster, `${DAY}T00:00:00Z`),
      explorer.goto(`/?at=${DAY}`, { timeout: 60_000 }),
    ]);
    await explorer.loadFolder(cluster, { timeout: 120_000 });
    await expect(page.getByTestId(testIds.sources)).toContainText("cluster");

    // The inventory: the node's certificates, then one heading per namespace, rows named after Secret and key.
    const inventory = page.getByTestId(testIds.inventory);
    const headings = inventory.getByTestId(testIds.inventoryGroup);
    await expect(headings).toHaveCount(NAMESPACES.length);
    expect(await headings.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-group")))).toEqual(
      NAMESPACES.map((namespace) => `namespace:${namespace}`),
    );
    await expect(headings.nth(1)).toContainText("Secrets in cert-manager · 3 certificates");
    await expect(inventory).toContainText("cert-manager-webhook-ca · tls.crt");
    await expect(inventory).toContainText("shop-example-tls · tls.crt");

    // The timeline: the same groups after the node's trust domains, bars named the same way.
    const timeline = new TimelinePage(page);
    const groups = timeline.section.getByTestId(testIds.timelineGroup);
    expect(await groups.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-group")))).toEqual(
      NAMESPACES.map((namespace) => `namespace:${namespace}`),
    );
    await expect(groups.nth(0)).toContainText("Secrets in apps");
    const legacy = cli.certificates.find((c) => c.subject === "CN=legacy.apps.svc");
    // Its accessible name opens with the drawn name: the Secret and key, not the dump's file name.
    await expect(timeline.bar(legacy?.sha256.toLowerCase() ?? "")).toHaveAttribute(
      "aria-label",
      /^legacy-tls · tls/,
    );

    // The pending kubelet-serving CSR: a warning on kubelet-serving, with the command that approves it.
    await expect(page.getByTestId(edgeTestId("kubelet-serving")).first()).toHaveAttribute(
      "data-status",
      "warning",
    );
    await expect(page.getByTestId(findingTestId("CSR_PENDING"))).toHaveCount(1);
    const panel = await explorer.openFinding("CSR_PENDING");
    await expect(panel).toContainText("kubectl certificate approve csr-m4t7w");
    await expect(page.getByTestId(findingTestId("KEY_MISMATCH"))).toHaveCount(1);

    // The page's report is the CLI's.
    const exported = await explorer.exportFile("report-json");
    const browser = JSON.parse(exported.bytes.toString("utf8")) as Report;
    expect(outline(browser)).toEqual(outline(cli));
    expect(stableJson(browser)).toBe(stableJson(cli));
    // Nine certificates kept only in Secrets, and the cluster CA, which the token Secrets also hold.
    expect(browser.certificates.filter((c) => c.secrets).length).toBe(10);

    for (const viewport of ["desktop", "mobile"] as const)
      await explorer.screenshot("kubectl-dumps", viewport, "light");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });
});
