import { testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import { writeSyntheticArchive } from "./support/synthetic-cluster";
import { longTasks, watchLongTasks } from "./support/long-tasks";

/**
 * A fleet-shaped drop stays responsive: a control plane and 300 workers, each with a kubelet client
 * and a serving pair, dropped as one .tar.gz through the real file input. The Long Tasks API in the
 * page records every main-thread task over 50 ms from the drop to the painted graph and through
 * selecting the kubelet group; none may come near freezing the page. The bound is on each task's
 * length, never on the total time. A task's length is wall time, so other work on a busy 2-core
 * machine stretches it (a 100 ms task was seen at 316 ms while the suite ran two browsers): the bound
 * is a freeze, a second, which the page as it was (one task of many seconds on a fleet) exceeds. At this size the graph's
 * model and the timeline's rows are already built in steps after the page paints, as a fleet's are.
 * Long lists draw a page of rows, not the fleet.
 */
const WORKERS = 300;
/** A freeze, not a slow frame: the page's own tasks at this size are a few tens of milliseconds. */
const LONGEST_TASK_MS = 1000;

test.describe(`a ${WORKERS}-worker fleet dropped as one archive`, () => {
  let archive = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    archive = await writeSyntheticArchive(WORKERS, { serving: true });
  });

  test("no long task while the graph paints and the kubelet group opens; lists draw a page", async ({
    explorer,
    page,
  }) => {
    test.setTimeout(240_000);
    await explorer.goto("/?at=2026-06-01");
    await watchLongTasks(page);
    await explorer.loadFiles([archive], { timeout: 180_000 });

    const group = page.locator('[data-node="kubelets"]');
    // The control plane's own kubelet is one of them.
    await expect(group).toContainText(`${WORKERS + 1} kubelets`);
    await group.click();
    const panel = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(panel.getByRole("heading", { level: 2 })).toContainText("kubelet");

    // The timeline's rows are built in steps after the graph: they are drawn, and their tasks counted.
    await expect(page.getByTestId(testIds.timelineBar).first()).toBeVisible();
    // Long-task entries are delivered after the task: two frames and a moment later all are in.
    await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200))),
        ),
    );
    const tasks = await longTasks(page);
    expect(Math.max(0, ...tasks), `long tasks (ms): ${tasks.join(", ")}`).toBeLessThan(LONGEST_TASK_MS);

    // More than two certificates per worker, yet each list holds one page of rows.
    const inventory = page.getByTestId(testIds.inventory);
    await expect(inventory.getByText(/^Certificates 1–100 of \d+$/)).toBeVisible();
    expect(await inventory.locator("[data-sha256]").count()).toBe(100);
    expect(await page.getByTestId(testIds.timelineBar).count()).toBeLessThan(80);
    expect(await page.getByTestId(testIds.renewalItem).count()).toBeLessThanOrEqual(24 * 3);
    expect(await panel.locator("li").count()).toBeLessThan(60);
    expect(await page.locator("li, tr").count()).toBeLessThan(600);
    expect(explorer.consoleErrors).toEqual([]);
  });
});
