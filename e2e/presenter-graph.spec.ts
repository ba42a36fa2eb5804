/**
 * Presenter mode's graph, measured as drawn at 1280×720: box labels at least 20 px and the parallel
 * edges' letters at least 18 px on screen (font size times the drawing's scale), every edge's line at
 * least 3 px (lines do not scale with zoom), and every status the demo has shown by its line's pattern
 * and its badge's glyph as well as by colour. Measured in a lesson (the handshake of the demo's broken
 * edge), where presenter mode gives the graph the whole screen. Then pictures of the demo and of a
 * quiz, in light and dark at 1280×720 and on a phone, to look at.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { testIds } from "../components/test-ids";
import { setLook } from "./support/look";
import { expect, screenshotDir, test } from "./pages/explorer-page";
import type { Page } from "@playwright/test";

const PROJECTOR = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

async function look(page: Page, theme: "light" | "dark", presenter: boolean): Promise<void> {
  await setLook(page, theme, presenter);
  await page.mouse.move(0, 0);
}

/** On-screen sizes of the graph's type and lines (runs in the page). */
function measure(page: Page) {
  return page.evaluate(() => {
    const onScreen = (text: SVGTextElement) =>
      parseFloat(getComputedStyle(text).fontSize) * Math.abs(text.getScreenCTM()?.a ?? 0);
    const labels = [...document.querySelectorAll<SVGTextElement>("[data-node] text")]
      .filter((text) => text.getAttribute("font-family") === null)
      .map(onScreen);
    const letters = [...document.querySelectorAll<SVGTextElement>("[data-edge] text[data-tag]")].map(
      onScreen,
    );
    const lines = [...document.querySelectorAll("[data-edge]")].map((edge) => {
      const line = edge.querySelector('path[vector-effect="non-scaling-stroke"]');
      const style = line ? getComputedStyle(line) : undefined;
      return {
        status: edge.getAttribute("data-status") ?? "",
        width: style ? parseFloat(style.strokeWidth) : 0,
        dash: style?.strokeDasharray ?? "",
        glyph: edge.querySelector("[data-badge] path")?.getAttribute("d") ?? "",
      };
    });
    const box = document
      .querySelector('[data-testid="topology-graph"] svg[role="group"]')
      ?.getBoundingClientRect();
    return { labels, letters, lines, box: box && { width: box.width, height: box.height } };
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `presenter-graph-${name}.png`);
  // A phone's page is long and scrolls: the graph itself, to see it at its size.
  if ((page.viewportSize()?.width ?? 0) < 640)
    await page.getByTestId(testIds.topologyGraph).screenshot({ path, animations: "disabled" });
  else await page.screenshot({ path, animations: "disabled" });
}

test("presenter mode draws the graph for a room: type, lines and status patterns", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize(PROJECTOR);
  // A lesson on a projector: the demo's graph fills the screen, the lesson a card over it.
  await explorer.goto("/#handshake/kubelet-client:worker-1");
  const graph = page.getByTestId(testIds.topologyGraph);
  for (const theme of ["light", "dark"] as const) {
    await look(page, theme, true);
    await expect(graph).toHaveAttribute("data-variant", "wide");
    const sizes = await measure(page);
    console.log(
      `${theme}: graph ${Math.round(sizes.box?.width ?? 0)}×${Math.round(sizes.box?.height ?? 0)} px, ` +
        `labels ${Math.min(...sizes.labels).toFixed(1)}–${Math.max(...sizes.labels).toFixed(1)} px, ` +
        `letters ${Math.min(...sizes.letters).toFixed(1)} px, ` +
        `lines ${Math.min(...sizes.lines.map((l) => l.width))}–${Math.max(...sizes.lines.map((l) => l.width))} px`,
    );
    expect(sizes.labels.length).toBeGreaterThan(5);
    for (const size of sizes.labels) expect(size).toBeGreaterThanOrEqual(20);
    expect(sizes.letters.length).toBeGreaterThan(0);
    for (const size of sizes.letters) expect(size).toBeGreaterThanOrEqual(18);
    for (const line of sizes.lines) expect(line.width, line.status).toBeGreaterThanOrEqual(3);
    // Each status has its own pattern and glyph, not only its colour.
    const byStatus = new Map(sizes.lines.map((line) => [line.status, `${line.dash} ${line.glyph}`]));
    expect(byStatus.size).toBeGreaterThanOrEqual(3);
    expect(new Set(byStatus.values()).size).toBe(byStatus.size);
    await shot(page, `handshake-1280-${theme}`);
  }
  await page.evaluate(() => (location.hash = ""));
  await expect(page.getByTestId(testIds.handshake)).toHaveCount(0);
  await shot(page, "demo-1280-dark");
  await look(page, "light", false);
  await page.setViewportSize(PHONE);
  await expect(graph).toHaveAttribute("data-variant", "compact");
  await shot(page, "demo-390-light");

  await page.setViewportSize(PROJECTOR);
  await page.evaluate(() => (location.hash = "#scenario/stale-kubeconfig-ca/quiz"));
  await expect(explorer.main).toHaveAttribute("data-scenario", "stale-kubeconfig-ca", { timeout: 60_000 });
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  for (const theme of ["light", "dark"] as const) {
    await look(page, theme, true);
    await expect(graph).toHaveAttribute("data-variant", "wide");
    await shot(page, `quiz-1280-${theme}`);
  }
  await look(page, "dark", false);
  await page.setViewportSize(PHONE);
  await expect(graph).toHaveAttribute("data-variant", "compact");
  await shot(page, "quiz-390-dark");
  expect(explorer.consoleErrors).toEqual([]);
});
