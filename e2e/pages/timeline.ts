import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { testIds } from "../../components/test-ids";
import { screenshotDir, viewports, type ColorScheme, type ViewportName } from "./explorer-page";

/**
 * The expiry timeline as a user sees it: its bars by fingerprint, the views it lights up, its
 * toolbar, and pictures of the section alone.
 */
export class TimelinePage {
  readonly section: Locator;
  readonly bars: Locator;
  readonly scroller: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByTestId(testIds.timeline);
    this.bars = this.section.getByTestId(testIds.timelineBar);
    this.scroller = this.section.getByTestId(testIds.timelineScroll);
  }

  /** The bar of the certificate with this SHA-256 fingerprint. */
  bar(sha256: string): Locator {
    return this.section.locator(`[data-testid="${testIds.timelineBar}"][data-sha256="${sha256}"]`);
  }

  /** The inventory's row (table) or card (phone) of the same certificate. */
  inventoryRow(sha256: string): Locator {
    return this.page.getByTestId(testIds.inventory).locator(`[data-sha256="${sha256}"]`);
  }

  /** Whether the bar is inside the timeline's scrolled box, below its axis band (wherever the page is). */
  async shownInScroller(sha256: string): Promise<boolean> {
    const scroller = await this.scroller.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    });
    const bar = this.bar(sha256);
    if ((await bar.count()) === 0) return false;
    const box = await bar.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    });
    return box.top >= scroller.top && box.bottom <= scroller.bottom + 0.5;
  }

  /** Every drawn bar's `data-sha256`, in row order. */
  async fingerprints(): Promise<string[]> {
    return this.bars.evaluateAll((bars) => bars.map((bar) => bar.getAttribute("data-sha256") ?? ""));
  }

  /** `data-state` of every drawn bar by fingerprint. */
  async states(): Promise<Record<string, string>> {
    return this.bars.evaluateAll((bars) =>
      Object.fromEntries(
        bars.map((bar) => [bar.getAttribute("data-sha256") ?? "", bar.getAttribute("data-state") ?? ""]),
      ),
    );
  }

  /** Text of the time axis' visible tick labels, left to right. */
  async tickLabels(): Promise<string[]> {
    return this.section
      .locator("svg .tick:not([visibility='hidden']) text")
      .evaluateAll((texts) => texts.map((text) => text.textContent ?? ""));
  }

  /** Visible tick label boxes, to check they never overlap. */
  async tickBoxes(): Promise<{ left: number; right: number }[]> {
    return this.section.locator("svg .tick:not([visibility='hidden']) text").evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
  }

  /** Saves a picture of the timeline section at a viewport size and colour scheme. */
  async screenshot(name: string, viewport: ViewportName, colorScheme: ColorScheme): Promise<string> {
    await this.page.setViewportSize(viewports[viewport]);
    await this.page.emulateMedia({ colorScheme });
    await this.section.scrollIntoViewIfNeeded();
    await mkdir(screenshotDir, { recursive: true });
    const path = join(screenshotDir, `${name}-${viewport}-${colorScheme}.png`);
    await this.section.screenshot({ path, animations: "disabled" });
    return path;
  }
}
