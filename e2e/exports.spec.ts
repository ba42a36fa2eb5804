import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { testIds } from "../components/test-ids";
import {
  expect,
  screenshotDir,
  test,
  viewports,
  type ColorScheme,
  type SavedExport,
  type ViewportName,
} from "./pages/explorer-page";
import { reportForFolder } from "./support/expected-report";

const sample = resolve("e2e/fixtures/kubeadm-v1.20");
const day = "2026-12-01";
const statusWords = { ok: "OK", warning: "Warning", error: "Error", unknown: "Unknown" } as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the page's own XML parser makes of an SVG file. */
async function parseSvg(page: Page, text: string) {
  return page.evaluate((markup) => {
    const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
    const root = doc.documentElement;
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: root.localName,
      namespace: root.namespaceURI,
      width: Number(root.getAttribute("width")),
      height: Number(root.getAttribute("height")),
      viewBox: root.getAttribute("viewBox"),
      edges: [...doc.querySelectorAll("[data-testid^='edge-']")].map((edge) =>
        edge.getAttribute("data-testid"),
      ),
      bars: doc.querySelectorAll("[data-testid='timeline-bar']").length,
      classes: doc.querySelectorAll("[class]").length,
      // Icons nested in a drawing are sized by classes on the page; the file must carry their size.
      unsized: [...root.querySelectorAll("svg")].filter(
        (icon) => !icon.getAttribute("width") || !icon.getAttribute("height"),
      ).length,
      variables: markup.includes("var(--"),
      // The title block's lines and the legend's entries, as drawn into the file.
      title: [...doc.querySelectorAll("[data-export-part='title-block'] text")].map(
        (line) => line.textContent,
      ),
      legend: [...doc.querySelectorAll("[data-export-part='legend'] [data-legend-entry] text")].map(
        (entry) => entry.textContent,
      ),
    };
  }, text);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("exports", () => {
  test("every export downloads, opens, matches the core and holds no private key", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    const expected = await reportForFolder(sample, `${day}T00:00:00.000Z`);
    const saved: SavedExport[] = [];

    const json = await explorer.exportFile("report-json");
    saved.push(json);
    expect(json.name).toBe(`k8s-pki-report-${day}.json`);
    expect(json.bytes.toString("utf8")).toBe(
      `${JSON.stringify(JSON.parse(json.bytes.toString("utf8")), null, 2)}\n`,
    );
    expect(JSON.parse(json.bytes.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(expected)));

    const markdown = await explorer.exportFile("markdown");
    saved.push(markdown);
    expect(markdown.name).toBe(`k8s-pki-audit-${day}.md`);
    const prose = markdown.bytes.toString("utf8");
    expect(prose).toContain("# Kubernetes PKI audit");
    expect(expected.findings.length).toBeGreaterThan(0);
    for (const finding of expected.findings) expect(prose).toContain(finding.code);
    // The audit carries the renewal plan and its commands.
    expect(prose).toContain("kubeadm certs renew apiserver");

    // The formats other tools read: the CLI's own files (byte for byte, in the unit tests).
    const sarif = await explorer.exportFile("sarif");
    saved.push(sarif);
    expect(sarif.name).toBe(`k8s-pki-audit-${day}.sarif`);
    const log = JSON.parse(sarif.bytes.toString("utf8")) as {
      version: string;
      runs: { results: unknown[] }[];
    };
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0]?.results).toHaveLength(expected.findings.length);
    const junit = await explorer.exportFile("junit");
    saved.push(junit);
    expect(junit.name).toBe(`k8s-pki-junit-${day}.xml`);
    expect(junit.bytes.toString("utf8").match(/<testcase /g)?.length).toBeGreaterThanOrEqual(
      expected.relationships.length,
    );
    const metrics = await explorer.exportFile("prometheus");
    saved.push(metrics);
    expect(metrics.name).toBe(`k8s-pki-metrics-${day}.prom`);
    expect(metrics.bytes.toString("utf8")).toContain("# TYPE k8s_pki_relationship_status gauge\n");

    const edgesOnPage = await page
      .getByTestId(testIds.graph)
      .locator("[data-testid^='edge-']")
      .evaluateAll((edges) => edges.map((edge) => edge.getAttribute("data-testid")));
    expect(edgesOnPage.length).toBeGreaterThan(5);

    const svg = await explorer.exportFile("graph-svg");
    saved.push(svg);
    expect(svg.name).toBe(`k8s-pki-topology-${day}.svg`);
    const parsed = await parseSvg(page, svg.bytes.toString("utf8"));
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe("svg");
    expect(parsed.namespace).toBe("http://www.w3.org/2000/svg");
    expect(parsed.edges).toEqual(edgesOnPage);
    expect(parsed.classes).toBe(0);
    expect(parsed.variables).toBe(false);
    expect(parsed.unsized).toBe(0);
    expect(parsed.width).toBeGreaterThan(200);
    expect(parsed.height).toBeGreaterThan(150);
    expect(parsed.viewBox?.split(" ").slice(2).map(Number)).toEqual([parsed.width, parsed.height]);
    // Read away from the page: what, which cluster, which layout, when and how it stands, and a key.
    expect(parsed.title).toEqual([
      "K8s PKI Explorer — Trust topology",
      expect.stringMatching(/^Cluster: .*Kubernetes v1\.20\.2/),
      "Layout: kubeadm layout",
      `Judged at ${day} 00:00 UTC`,
      expect.stringMatching(new RegExp(`^Overall: ${statusWords[expected.summary.status]} — \\d+ errors?, `)),
    ]);
    for (const entry of [
      "OK: solid line",
      "Warning: dashed line",
      "Error: heavy solid line",
      "Unknown: dotted line",
    ])
      expect(
        parsed.legend.some((text) => text?.startsWith(entry)),
        entry,
      ).toBe(true);
    expect(parsed.legend).toEqual(
      expect.arrayContaining(["Secondary relationship (thinner line)", "Key pair"]),
    );

    const png = await explorer.exportFile("graph-png");
    saved.push(png);
    expect(png.name).toBe(`k8s-pki-topology-${day}.png`);
    expect(pngSize(png.bytes)).toEqual({ width: 2 * parsed.width, height: 2 * parsed.height });

    const timelineSvg = await explorer.exportFile("timeline-svg");
    saved.push(timelineSvg);
    expect(timelineSvg.name).toBe(`k8s-pki-timeline-${day}.svg`);
    const timeline = await parseSvg(page, timelineSvg.bytes.toString("utf8"));
    expect(timeline.error).toBeNull();
    expect(timeline.root).toBe("svg");
    expect(timeline.variables).toBe(false);
    expect(timeline.classes).toBe(0);
    expect(timeline.unsized).toBe(0);
    const barsOnPage = await page.getByTestId(testIds.timeline).getByTestId(testIds.timelineBar).count();
    expect(barsOnPage).toBe(expected.certificates.length);
    expect(timeline.bars).toBe(barsOnPage);
    expect(timeline.title[0]).toBe("K8s PKI Explorer — Certificate expiry timeline");
    expect(timeline.title).toContain(`Judged at ${day} 00:00 UTC`);
    expect(timeline.legend).toEqual(
      expect.arrayContaining([
        "Warning window (amber stripes)",
        "Kubelet rotates here (blue line under a bar)",
        "Outlives its CA (red stripes past the CA's end)",
        "Now: the judge date (blue line)",
        `CA horizon: ${expected.caHorizonDays} days (pale blue band to a dashed line)`,
      ]),
    );
    const timelinePng = await explorer.exportFile("timeline-png");
    saved.push(timelinePng);
    expect(timelinePng.name).toBe(`k8s-pki-timeline-${day}.png`);
    expect(pngSize(timelinePng.bytes)).toEqual({ width: 2 * timeline.width, height: 2 * timeline.height });

    // The "✓ Saved" note: a toast of its own in the corner, inside the screen, over neither the
    // toolbar's buttons nor the Learn bar under them.
    for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
      await page.setViewportSize(viewports[viewport]);
      const file = await explorer.exportFile("report-json");
      const note = page.locator("[data-export-status='ok']");
      await expect(note).toHaveText(`✓ Saved ${file.name}`);
      await explorer.exportButton.scrollIntoViewIfNeeded();
      // First, while the note shows (it goes after 4 s).
      await page.screenshot({ path: join(screenshotDir, `export-saved-${viewport}.png`) });
      const noteBox = await note.boundingBox();
      expect(noteBox).not.toBeNull();
      if (!noteBox) continue;
      const { width, height } = viewports[viewport];
      expect(noteBox.x).toBeGreaterThanOrEqual(0);
      expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(width);
      expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(height);
      const apart = (box: { x: number; y: number; width: number; height: number } | null) =>
        !box ||
        box.x >= noteBox.x + noteBox.width ||
        noteBox.x >= box.x + box.width ||
        box.y >= noteBox.y + noteBox.height ||
        noteBox.y >= box.y + box.height;
      for (const control of await page
        .locator("[data-chrome] button, [data-testid='learn-menu'] :is(a, button)")
        .all())
        if (await control.isVisible())
          expect(apart(await control.boundingBox()), await control.innerText()).toBe(true);
    }
    await page.setViewportSize(viewports.desktop);

    // For eyes: the files as saved (the PNGs are the SVGs as the browser rasterised them).
    await mkdir(screenshotDir, { recursive: true });
    for (const file of [svg, png, timelineSvg, timelinePng])
      await writeFile(join(screenshotDir, `export-file-${file.name}`), file.bytes);

    // The fixture holds private keys (ca.key, sa.key, ...); none may reach any export.
    expect(expected.inputs.keys).toBeGreaterThan(5);
    for (const file of saved) expect(file.bytes.toString("latin1"), file.name).not.toContain("PRIVATE KEY");
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("without certificates there is no timeline: its entries say so and do nothing", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFiles([join(sample, "manifests", "kube-apiserver.yaml")]);
    await expect(page.getByTestId(testIds.timeline)).toContainText("No certificates");
    await explorer.exportButton.click();
    for (const kind of ["timeline-svg", "timeline-png"]) {
      const item = page.locator(`[data-export-kind="${kind}"]`);
      await expect(item).toHaveAttribute("aria-disabled", "true");
      await expect(item).toContainText("not drawn");
    }
    let downloads = 0;
    page.on("download", () => downloads++);
    // Playwright would wait for an aria-disabled entry to become enabled: click it as a person would.
    await page.locator(`[data-export-kind="timeline-png"]`).click({ force: true });
    // A disabled entry keeps the menu open and starts nothing.
    await expect(page.getByRole("menu", { name: "Export" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator(`[data-export-kind="timeline-png"]`)).toHaveCount(0);
    expect(downloads).toBe(0);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("the menu works from the keyboard, closes on Escape and outside, and prints", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    const button = explorer.exportButton;
    const menu = page.getByRole("menu", { name: "Export" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const items = menu.getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();
    await expect(items.last()).toHaveAccessibleName(/Print or save as PDF/);
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press("ArrowUp");
    await expect(items.last()).toBeFocused();
    await page.mouse.click(5, 5);
    await expect(menu).toBeHidden();

    await page.evaluate(() => {
      const calls = { count: 0 };
      (window as unknown as { printCalls: typeof calls }).printCalls = calls;
      window.print = () => void calls.count++;
      // Printing may go through a frame holding the audit report: count each such frame as a print.
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLIFrameElement && node.hasAttribute("data-print-report")) calls.count++;
      }).observe(document.body, { childList: true });
    });
    await button.click();
    await menu.getByRole("menuitem", { name: /Print or save as PDF/ }).click();
    await expect(menu).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { printCalls: { count: number } }).printCalls.count),
      )
      .toBe(1);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("screenshots: the open menu at both sizes and themes, and the page as printed", async ({
    explorer,
    page,
  }) => {
    await explorer.goto(`/?at=${day}`);
    await explorer.loadFolder(sample);
    await mkdir(screenshotDir, { recursive: true });
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const colorScheme of ["light", "dark"] as ColorScheme[]) {
        await page.setViewportSize(viewports[viewport]);
        await page.emulateMedia({ colorScheme });
        const menu = page.getByRole("menu", { name: "Export" });
        if (await menu.isVisible()) await page.keyboard.press("Escape");
        await explorer.exportButton.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, -60));
        await explorer.exportButton.click();
        await expect(menu).toBeVisible();
        const box = await menu.boundingBox();
        expect(box).not.toBeNull();
        if (box) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewports[viewport].width);
        }
        await page.screenshot({
          path: join(screenshotDir, `export-${viewport}-${colorScheme}.png`),
          animations: "disabled",
        });
      }
    }
    await page.keyboard.press("Escape");
    // A4 at 96 dpi less the margins, and no pointer resting on the graph.
    await page.setViewportSize({ width: 718, height: 1040 });
    await page.mouse.move(1, 1);
    // What the browser does on Ctrl+P or window.print(): announce the print, then lay out for paper.
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    // Printing is always light, whatever the screen's theme.
    expect(await explorer.backgroundColor()).toBe("rgb(255, 255, 255)");
    await expect(explorer.exportButton).toBeHidden();
    await expect(page.getByRole("button", { name: "Choose folder" })).toBeHidden();
    await expect(page.getByTestId(testIds.graphZoomIn)).toBeHidden();
    await page.screenshot({
      path: join(screenshotDir, "print-a4.png"),
      fullPage: true,
      animations: "disabled",
    });
    // The graph prints whole: a still copy framed around all of it, scaled to the page width.
    const copy = page.getByTestId(testIds.graph).locator("svg[data-print-copy]");
    await expect(copy).toBeVisible();
    const copyBox = await copy.boundingBox();
    expect(copyBox?.width).toBeGreaterThan(600);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect(page.locator("svg[data-print-copy]")).toHaveCount(0);
  });
});
