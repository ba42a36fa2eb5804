import { cp, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findingTestId, testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import { reportForFolder, statusesById } from "./support/expected-report";

const NOW = "2026-06-01T00:00:00.000Z";
const healthy = resolve("e2e/fixtures/healthy");

let dir: string;
let node: string;
let dump: string;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-oversized-"));
  // A healthy node with an etcd snapshot left beside it: 200 MB to the browser, a few blocks on disk.
  node = join(dir, "node-a");
  await cp(healthy, node, { recursive: true });
  dump = join(node, "etcd-snapshot.db");
  await writeFile(dump, "");
  await truncate(dump, 200 * 1024 * 1024);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.describe("a file over the per-file limit", () => {
  test("beside a healthy node: named as not read, the node judged in full, no green verdict", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFolder(node);

    const skipped = page.getByTestId(findingTestId("INPUT_SKIPPED"));
    await expect(skipped).toHaveCount(1);
    await expect(skipped).toHaveAttribute("data-severity", "warning");
    await expect(skipped).toContainText("etcd-snapshot.db was not read: over a size limit");
    const panel = await explorer.openFinding("INPUT_SKIPPED");
    await expect(panel).toContainText("larger than 64 MiB (200 MiB)");

    const summary = page.getByTestId(testIds.summary);
    await expect(summary).toContainText("1 warning");
    await expect(summary).not.toContainText("No errors or warnings");
    await expect(summary.locator(".font-semibold.text-ok")).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "etcd-snapshot.db" })).toContainText(
      "1 file not read",
    );
    // Everything else is read as if the snapshot were not there.
    await expect
      .poll(() => explorer.edgeStatuses())
      .toEqual(statusesById(await reportForFolder(healthy, NOW)));

    await explorer.screenshot("oversized-input-beside-node", "desktop", "light");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("alone: nothing to judge, and the finding says why", async ({ explorer, page }) => {
    await explorer.goto("/?at=2026-06-01");
    await explorer.loadFiles([dump]);

    await expect(page.getByTestId(testIds.nothingToJudge)).toBeVisible();
    const skipped = page.getByTestId(findingTestId("INPUT_SKIPPED"));
    await expect(skipped).toHaveCount(1);
    await expect(skipped).toContainText("etcd-snapshot.db");
    const summary = page.getByTestId(testIds.summary);
    await expect(summary).toContainText("Nothing to judge");
    await expect(summary).not.toContainText("No errors or warnings");
    await expect(summary).toContainText("1 warning");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
