import { resolve } from "node:path";
import { commonName } from "../lib/format/common-name";
import { edgeTestId, testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";
import { TimelinePage } from "./pages/timeline";
import { reportForFolder } from "./support/expected-report";
import { writeSyntheticCluster } from "./support/synthetic-cluster";

const sample = resolve("e2e/fixtures/kubeadm-v1.20");
const day = "2026-12-01";
const now = `${day}T00:00:00.000Z`;

test.describe("expiry timeline", () => {
  test("one bar per certificate of the sample folder, in the report's states", async ({ explorer, page }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const report = await reportForFolder(sample, now);
    const timeline = new TimelinePage(page);
    const want = report.certificates.map((c) => c.sha256.toLowerCase()).sort();
    expect(new Set(want).size).toBe(report.certificates.length);
    const shown = await timeline.fingerprints();
    expect([...shown].sort()).toEqual(want);
    expect(await timeline.states()).toEqual(
      Object.fromEntries(report.certificates.map((c) => [c.sha256.toLowerCase(), c.expiryState])),
    );
    // Each bar says what it is and how long it has left; its name opens with the words it draws.
    const apiserver = report.certificates.find((c) => c.role === "apiserver-serving");
    expect(apiserver).toBeDefined();
    await expect(timeline.bar(apiserver?.sha256 ?? "")).toHaveAccessibleDescription(
      "apiserver.crt, kube-apiserver serving certificate, expires 2027-11-22, in 356 days",
    );
    await expect(timeline.bar(apiserver?.sha256 ?? "")).toHaveAttribute(
      "aria-label",
      /^apiserver\.crt, kube-apiserver, in 356 days/,
    );
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("hovering a bar lights the certificate in the graph and the inventory; clicking opens it", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const report = await reportForFolder(sample, now);
    const timeline = new TimelinePage(page);
    const certificate = report.certificates.find((c) => c.role === "apiserver-etcd-client");
    const sha = certificate?.sha256 ?? "";
    const relationship = report.relationships.find(
      (r) => r.clientEnd.presents?.certificateId === certificate?.id,
    );
    expect(relationship?.id).toBe("apiserver-etcd-client");
    const edge = page.getByTestId(edgeTestId(relationship?.id ?? "")).first();
    const other = report.certificates.find((c) => c.role === "scheduler-client")?.sha256 ?? "";

    await expect(edge).not.toHaveAttribute("data-highlighted", "true");
    await timeline.bar(sha).hover();
    await expect(edge).toHaveAttribute("data-highlighted", "true");
    await expect(timeline.inventoryRow(sha)).toHaveAttribute("data-highlighted", "true");
    await expect(timeline.inventoryRow(other)).not.toHaveAttribute("data-highlighted", "true");
    await expect(timeline.bar(sha)).toHaveAttribute("data-highlighted", "true");
    await expect(timeline.bar(other)).not.toHaveAttribute("data-highlighted", "true");

    await page.mouse.move(0, 0);
    await expect(edge).not.toHaveAttribute("data-highlighted", "true");

    await timeline.bar(sha).click();
    const panel = page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
    await expect(panel).toContainText(commonName(certificate?.subject ?? ""));
    await expect(panel).toContainText("pki/apiserver-etcd-client.crt");
    await expect(timeline.bar(sha)).toHaveAttribute("aria-pressed", "true");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("keyboard: Tab reaches one bar, arrows move between bars, Enter opens, Escape clears", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const timeline = new TimelinePage(page);
    const order = await timeline.fingerprints();
    const tabbable = timeline.section.locator(`[data-testid="${testIds.timelineBar}"][tabindex="0"]`);
    await expect(tabbable).toHaveCount(1);
    await tabbable.focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-sha256"));
    expect(await focused()).toBe(order[0]);
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(order[1]);
    await page.keyboard.press("End");
    expect(await focused()).toBe(order[order.length - 1]);
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(order[0]);
    await page.keyboard.press("Enter");
    await expect(timeline.bar(order[0] ?? "")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(timeline.bar(order[0] ?? "")).toHaveAttribute("aria-pressed", "false");
  });

  test("opens on the leaves and the horizon with CAs clipped; All shows the CAs' ends", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const report = await reportForFolder(sample, now);
    const timeline = new TimelinePage(page);
    const ca = report.certificates.find((c) => c.role === "cluster-ca")?.sha256 ?? "";
    const clip = timeline.bar(ca).locator("[data-clip-end]");
    await expect(clip).toBeVisible();
    expect(await timeline.tickLabels()).not.toContain("2036");
    await page.getByTestId(testIds.timelineAll).click();
    await expect(clip).toBeHidden();
    await expect.poll(() => timeline.tickLabels()).toContain("2036");
    await page.getByTestId(testIds.timelineFocus).click();
    await expect(clip).toBeVisible();
    // Zoomed in on the middle of the view, the judge date is off to the left and its flag says so.
    for (let i = 0; i < 4; i++) await page.getByTestId(testIds.timelineZoomIn).click();
    await expect(timeline.section.getByText(`← now ${day}`)).toBeVisible();
    await page.getByTestId(testIds.timelineFocus).click();
    await expect(timeline.section.getByText(`now ${day}`, { exact: true })).toBeVisible();
    // A drag pans through time: the ticks change.
    const before = await timeline.tickLabels();
    const box = await timeline.scroller.boundingBox();
    if (!box) throw new Error("timeline not laid out");
    await page.mouse.move(box.x + box.width * 0.6, box.y + 80);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + 80, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => timeline.tickLabels()).not.toEqual(before);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("phone width: every bar, ticks that do not overlap, nothing wider than the screen", async ({
    explorer,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const report = await reportForFolder(sample, now);
    const timeline = new TimelinePage(page);
    expect((await timeline.fingerprints()).sort()).toEqual(
      report.certificates.map((c) => c.sha256.toLowerCase()).sort(),
    );
    const boxes = await timeline.tickBoxes();
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]?.left ?? 0).toBeGreaterThan(boxes[i - 1]?.right ?? 0);
    const overflow = await timeline.section.evaluate((section) => section.scrollWidth - section.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
  });

  test("screenshots at 1280×800 and 390×844, light and dark", async ({ explorer, page }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const timeline = new TimelinePage(page);
    for (const viewport of ["desktop", "mobile"] as const)
      for (const scheme of ["light", "dark"] as const) {
        await timeline.screenshot("timeline", viewport, scheme);
        await expect(timeline.bars.first()).toBeVisible();
      }
    expect(explorer.consoleErrors).toEqual([]);
  });
});

test.describe("expiry timeline, what needs planning stands out", () => {
  const at = "2026-06-01";

  test("a leaf that outlives its CA: flagged in words, its overhang past the CA's end drawn", async ({
    explorer,
    page,
  }) => {
    const folder = resolve("e2e/fixtures/faults/leaf-outlives-issuer");
    await explorer.goto(`/?at=${at}`);
    await explorer.loadFolder(folder);
    const report = await reportForFolder(folder, `${at}T00:00:00.000Z`);
    const finding = report.findings.find((f) => f.code === "CERT_OUTLIVES_ISSUER");
    const leaf = report.certificates.find((c) => c.id === finding?.certificateIds?.[0]);
    expect(leaf).toBeDefined();
    const bar = new TimelinePage(page).bar(leaf?.sha256 ?? "");
    await expect(bar).toHaveAttribute("aria-label", /outlives its CA by \d+ days/);
    await expect(bar.getByText(/^outlives its CA by \d+ days$/)).toBeVisible();
    await page.getByTestId(testIds.timelineAll).click();
    const overhang = bar.locator('[data-mark="outlives-issuer"]');
    await expect.poll(async () => (await overhang.boundingBox())?.width ?? 0).toBeGreaterThan(2);
    // The CA's end is drawn through the row (a vertical line: no area for toBeVisible to measure).
    await expect(bar.locator('[data-mark="issuer-end"]')).not.toHaveAttribute("visibility", "hidden");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("a CA expiring inside the horizon: flagged in words and warned by icon", async ({
    explorer,
    page,
  }) => {
    const folder = resolve("e2e/fixtures/faults/ca-expires-soon");
    await explorer.goto(`/?at=${at}`);
    await explorer.loadFolder(folder);
    const report = await reportForFolder(folder, `${at}T00:00:00.000Z`);
    const ids = report.findings
      .filter((f) => f.code === "CA_EXPIRES_SOON")
      .flatMap((f) => f.certificateIds ?? []);
    expect(ids.length).toBeGreaterThan(0);
    const timeline = new TimelinePage(page);
    for (const id of ids) {
      const ca = report.certificates.find((c) => c.id === id);
      const bar = timeline.bar(ca?.sha256 ?? "");
      await expect(bar).toHaveAttribute(
        "aria-label",
        new RegExp(`inside the ${report.caHorizonDays}-day CA horizon`),
      );
      // Drawn on the bar (the <desc> that describes the bar says it too, but is not drawn).
      await expect(
        bar.locator("text").filter({ hasText: `inside the ${report.caHorizonDays}-day CA horizon` }),
      ).toBeVisible();
    }
    expect(explorer.consoleErrors).toEqual([]);
  });
});

test.describe("expiry timeline, demo cluster", () => {
  test("screenshots of the demo cluster", async ({ explorer, page }) => {
    await explorer.goto("/");
    const timeline = new TimelinePage(page);
    await expect(timeline.bars.first()).toBeVisible();
    for (const viewport of ["desktop", "mobile"] as const)
      for (const scheme of ["light", "dark"] as const)
        await timeline.screenshot("timeline-demo", viewport, scheme);
    expect(explorer.consoleErrors).toEqual([]);
  });
});

test.describe("expiry timeline, a thousand certificates", () => {
  const workers = 1000;
  let folder = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    folder = await writeSyntheticCluster(workers);
  });

  test("draws only the rows on screen, zoomed in and out by the wheel", async ({ explorer, page }) => {
    test.setTimeout(300_000);
    await explorer.goto("/?at=2026-06-01");
    const before = await explorer.run();
    await page.locator("input[type=file][webkitdirectory]").setInputFiles(folder);
    await explorer.waitForRunAfter(before);
    const timeline = new TimelinePage(page);
    const svg = timeline.scroller.locator("svg").first();
    const report = await reportForFolder(folder, "2026-06-01T00:00:00.000Z");
    expect(report.certificates.length).toBeGreaterThan(workers);
    await expect(svg).toHaveAttribute("data-bars", String(report.certificates.length));
    const drawn = await timeline.bars.count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(80);

    // Scrolled to the end, the last rows are drawn, and still only a window of them.
    const want = new Set(report.certificates.map((c) => c.sha256.toLowerCase()));
    await timeline.scroller.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
    // The window follows the scroll on the next frames: wait for the last row to be drawn.
    await expect
      .poll(async () => Number(await timeline.bars.last().getAttribute("data-bar-index")))
      .toBe(report.certificates.length - 1);
    expect((await timeline.fingerprints()).every((sha) => want.has(sha))).toBe(true);
    expect(await timeline.bars.count()).toBeLessThan(80);
    await timeline.scroller.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight / 2 }));
    await timeline.screenshot("timeline-1000", "desktop", "light");

    // Selected in the inventory, a certificate far up the list is scrolled into the timeline's view.
    const row = page.getByTestId(testIds.inventory).locator("[data-sha256]").first();
    const picked = (await row.getAttribute("data-sha256")) ?? "";
    await expect(timeline.bar(picked)).toHaveCount(0);
    await row.click();
    await expect(timeline.bar(picked)).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => timeline.shownInScroller(picked)).toBe(true);

    // Forty wheel zoom steps, each timed from the event to a forced layout of the moved marks.
    const timings = await svg.evaluate(async (element) => {
      const box = element.getBoundingClientRect();
      const durations: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        element.dispatchEvent(
          new WheelEvent("wheel", {
            deltaY: i < 20 ? -120 : 120,
            ctrlKey: true,
            clientX: box.left + box.width * 0.6,
            clientY: box.top + 120,
            bubbles: true,
            cancelable: true,
          }),
        );
        element.querySelector("[data-span]")?.getBoundingClientRect();
        durations.push(performance.now() - started);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      durations.sort((a, b) => a - b);
      return { median: durations[20] ?? 0, worst: durations[39] ?? 0 };
    });
    // Timings are reported, not asserted: speed is measured by the benchmarks (npm run bench:browser),
    // and a busy machine must not fail a test that is about what is drawn.
    test.info().annotations.push({ type: "zoom-frame-ms", description: JSON.stringify(timings) });
    // Zoomed in and back out, the timeline still draws a window of rows, not all of them.
    await expect(svg).toHaveAttribute("data-bars", String(report.certificates.length));
    expect(await timeline.bars.count()).toBeGreaterThan(5);
    expect(await timeline.bars.count()).toBeLessThan(80);
    expect(explorer.consoleErrors).toEqual([]);
  });
});
