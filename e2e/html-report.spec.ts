/**
 * The single-file HTML audit report through the page's own doors: exported from the menu, it is
 * byte for byte what `k8s-pki audit --format html` writes for the same archive; "Print or save as
 * PDF" prints that same document from a hidden frame; and the file, opened in Chromium with the
 * network cut off, renders whole without asking for anything. Screenshots of the report at both
 * sizes and its PDF (A4) are left in test-results for eyes.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports, type ViewportName } from "./pages/explorer-page";

const fixture = resolve("e2e/fixtures/rotation/cluster-ca-2-mistake-worker-skipped");
// The layouts are judged a week after they were issued (as in parity.spec.ts).
const DAY = "2026-12-01";
const out = join("test-results", "html-report");

/** `k8s-pki audit <input> --format html --now <day>`: exit 1 is a verdict, its report is on stdout. */
async function cliHtml(input: string): Promise<string> {
  const args = ["cli/dist/k8s-pki.mjs", "audit", input, "--format", "html", "--now", `${DAY}T00:00:00Z`];
  const env = { ...process.env, TZ: "UTC", NO_COLOR: "1" };
  const { stdout } = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 << 20 }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw new Error(`k8s-pki audit failed (${String(error.code)}): ${error.stderr ?? ""}`);
    },
  );
  return stdout;
}

/** The fixture as a person would pack it: a .tar.gz named after the folder (no symlink is lost). */
function tarOf(folder: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "k8s-pki-html-")), `${basename(folder)}.tar.gz`);
  execFileSync("tar", ["-czf", path, "-C", folder, "."]);
  return path;
}

interface PrintRecord {
  title: string;
  length: number;
}

test("the HTML report: the CLI's bytes, printed as exported, opened offline", async ({
  explorer,
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  mkdirSync(out, { recursive: true });
  // Every frame's print() is recorded on the page instead of opening a dialog.
  await page.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { prints?: PrintRecord[] } | null;
      if (!top) return;
      top.prints = [
        ...(top.prints ?? []),
        { title: document.title, length: document.documentElement.outerHTML.length },
      ];
    };
  });
  await explorer.goto(`/?at=${DAY}`, { timeout: 60_000 });

  // The demo's report, for the PDF pages looked at by eye.
  const demo = await explorer.exportFile("html");
  writeFileSync(join(out, "demo.html"), demo.bytes);

  const archive = tarOf(fixture);
  const cli = cliHtml(archive);
  await explorer.loadFiles([archive], { timeout: 60_000 });
  await expect(page.getByTestId(testIds.sources)).toContainText(basename(archive));
  const exported = await explorer.exportFile("html");
  expect(exported.name).toBe(`k8s-pki-audit-${DAY}.html`);
  const html = exported.bytes.toString("utf8");
  expect(html).toBe(await cli);
  const file = join(out, "rotation.html");
  writeFileSync(file, exported.bytes);

  // Print or save as PDF: the same document, from a frame of its own.
  await explorer.exportButton.click();
  await page.getByRole("menu", { name: "Export" }).locator(`[data-export-kind="print"]`).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        ((window as unknown as { prints?: PrintRecord[] }).prints ?? []).map((p) => p.title),
      ),
    )
    .toEqual([`Kubernetes PKI audit — ${DAY}`]);
  expect(await page.locator("iframe[data-print-report]").getAttribute("srcdoc")).toBe(html);
  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);

  // The file alone, offline and with every request refused: nothing is asked for.
  for (const name of Object.keys(viewports) as ViewportName[]) {
    const url = pathToFileURL(resolve(file)).href;
    const context = await browser.newContext({ offline: true, viewport: viewports[name] });
    // Only the file itself may load; anything else it asked for would be refused, and counted.
    await context.route("**", (route) =>
      route.request().url() === url || route.request().url().endsWith("/demo.html")
        ? route.continue()
        : route.abort(),
    );
    const reader = await context.newPage();
    const requests: string[] = [];
    reader.on("request", (request) => requests.push(request.url()));
    await reader.goto(url);
    await expect(reader.getByRole("heading", { level: 1, name: "Kubernetes PKI audit" })).toBeVisible();
    await expect(reader.locator("figure svg")).toHaveCount(2);
    expect(requests).toEqual([url]);
    // The drawings fit the width of the page, on a phone too.
    const widest = await reader.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll("figure svg")].map((svg) => svg.getBoundingClientRect().right),
      ),
    );
    expect(widest).toBeLessThanOrEqual(viewports[name].width);
    mkdirSync(screenshotDir, { recursive: true });
    await reader.screenshot({ path: join(screenshotDir, `html-report-${name}.png`) });
    await reader.locator("#findings").scrollIntoViewIfNeeded();
    await reader.screenshot({ path: join(screenshotDir, `html-report-findings-${name}.png`) });
    if (name === "desktop") {
      await reader.pdf({ path: join(out, "rotation.pdf"), format: "A4", printBackground: true });
      await reader.goto(pathToFileURL(resolve(out, "demo.html")).href);
      await reader.pdf({ path: join(out, "demo.pdf"), format: "A4", printBackground: true });
    }
    await context.close();
  }
});
