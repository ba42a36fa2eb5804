import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { findingTestId, testIds } from "../../components/test-ids";

export const screenshotDir = join("test-results", "screenshots");

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof viewports;

/** A file the page handed to the browser's download, as saved. */
export interface SavedExport {
  name: string;
  bytes: Buffer;
}

/** How long to wait for a report; a big drop on a slow machine may need more than the default. */
export interface WaitOptions {
  timeout?: number;
}
export type ColorScheme = "light" | "dark";

/**
 * The explorer as a user sees it. Constructing it starts recording console errors, uncaught page
 * errors and every request that leaves the page's origin, so any test can assert on them at the end.
 */
export class ExplorerPage {
  readonly consoleErrors: string[] = [];
  readonly foreignRequests: string[] = [];
  readonly main: Locator;
  readonly privacyNote: Locator;
  readonly themeToggle: Locator;
  /** The button that opens the export menu. */
  readonly exportButton: Locator;

  constructor(
    readonly page: Page,
    /** The origin the static build is served from; any other http(s)/ws(s) request is a leak. */
    readonly origin: string,
  ) {
    this.main = page.getByTestId(testIds.main);
    this.privacyNote = page.getByTestId(testIds.privacyNote);
    this.themeToggle = page.getByTestId(testIds.themeToggle);
    this.exportButton = page.getByTestId(testIds.exportMenu).getByRole("button", { name: "Export" });
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const { url } = message.location();
      this.consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
    });
    page.on("pageerror", (error) => this.consoleErrors.push(`uncaught: ${error.message}`));
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== origin) {
        this.foreignRequests.push(request.url());
      }
    });
  }

  /** Opens the explorer and waits until its analysis has settled (the `data-analysis` contract). */
  async goto(path = "/", options: WaitOptions = {}): Promise<void> {
    await this.page.goto(path);
    await expect(this.main).toHaveAttribute("data-analysis", "done", options);
  }

  /** Switches viewport and `prefers-color-scheme`, then saves a full-page PNG under test-results/screenshots. */
  async screenshot(name: string, viewport: ViewportName, colorScheme: ColorScheme): Promise<string> {
    await this.page.setViewportSize(viewports[viewport]);
    await this.page.emulateMedia({ colorScheme });
    await mkdir(screenshotDir, { recursive: true });
    const path = join(screenshotDir, `${name}-${viewport}-${colorScheme}.png`);
    await this.page.screenshot({ path, fullPage: true, animations: "disabled" });
    return path;
  }

  /** Every size in every theme: the set of pictures to look at after a visual change. */
  async screenshotAll(name: string): Promise<string[]> {
    const paths: string[] = [];
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const colorScheme of ["light", "dark"] as const) {
        paths.push(await this.screenshot(name, viewport, colorScheme));
      }
    }
    return paths;
  }

  /** The `data-analysis-run` counter: how many reports have been rendered. */
  async run(): Promise<number> {
    return Number((await this.main.getAttribute("data-analysis-run")) ?? "0");
  }

  /** Waits until a report newer than run `previous` is rendered and the analysis has settled. */
  async waitForRunAfter(previous: number, { timeout = 30_000 }: WaitOptions = {}): Promise<void> {
    await expect
      .poll(async () => ((await this.main.getAttribute("data-analysis")) === "done" ? this.run() : -1), {
        timeout,
      })
      .toBeGreaterThan(previous);
  }

  /** Drops a folder through the real folder input, as "Choose folder" does, and waits for its report. */
  async loadFolder(dir: string, options?: WaitOptions): Promise<void> {
    const before = await this.run();
    await this.page.locator("input[type=file][webkitdirectory]").setInputFiles(dir);
    await this.waitForRunAfter(before, options);
  }

  /** Loads files (archives, kubeconfigs, PEM) through the real "Choose files" input. */
  async loadFiles(paths: string[], options?: WaitOptions): Promise<void> {
    const before = await this.run();
    await this.page.locator("input[type=file]:not([webkitdirectory])").setInputFiles(paths);
    await this.waitForRunAfter(before, options);
  }

  /** Opens the export menu, picks the entry of `kind` (`report-json`, `markdown`, ...) and returns the download. */
  async exportFile(kind: string): Promise<SavedExport> {
    await this.exportButton.click();
    const item = this.page.getByRole("menu", { name: "Export" }).locator(`[data-export-kind="${kind}"]`);
    await expect(item).not.toHaveAttribute("aria-disabled", "true");
    const [download] = await Promise.all([this.page.waitForEvent("download"), item.click()]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  }

  /** Every relationship edge in the graph: statuses by relationship id, sorted. */
  async edgeStatuses(): Promise<Record<string, string[]>> {
    return this.page.evaluate(() => {
      const out: Record<string, string[]> = {};
      for (const element of document.querySelectorAll<HTMLElement | SVGElement>("[data-testid^='edge-']")) {
        const id = element.getAttribute("data-testid")?.slice("edge-".length) ?? "";
        (out[id] ??= []).push(element.getAttribute("data-status") ?? "");
      }
      for (const list of Object.values(out)) list.sort();
      return out;
    });
  }

  /** Clicks the first finding row of a code and returns the detail panel. */
  async openFinding(code: string): Promise<Locator> {
    await this.page.getByTestId(findingTestId(code)).first().click();
    return this.page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();
  }

  /** The page's own background colour, to tell which theme is in effect. */
  async backgroundColor(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  }
}

/** `test` with an `explorer` fixture bound to the configured baseURL. */
export const test = base.extend<{ explorer: ExplorerPage }>({
  explorer: async ({ page, baseURL }, provide) => {
    if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
    await provide(new ExplorerPage(page, new URL(baseURL).origin));
  },
});

export { expect };
