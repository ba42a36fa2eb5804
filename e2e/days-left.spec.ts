/**
 * One number for one certificate, in the page as in the CLI, far from UTC: a page in
 * Pacific/Kiritimati (+14), Pacific/Pago_Pago (−11) and Asia/Kolkata (+5:30), judged at UTC
 * midnight, shows the same days left in the inventory, the finding and the renewal plan as
 * `k8s-pki audit --now` (table and JSON) for the same files. Then the graph of the kind HA layout,
 * whose kubelet boxes all name their node the same way, at both screen sizes.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { findingTestId, testIds } from "../components/test-ids";
import type { Report } from "../lib/report";
import {
  basicConstraints,
  craftCertificate,
  craftKey,
  keyUsage,
  name,
} from "../lib/test-support/craft-certificate";
import { pem } from "../lib/test-support/pki-material";
import { ExplorerPage, expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const DAY = "2026-12-02";
const NOW = `${DAY}T00:00:00Z`;
/** Expired 15.3 days before the judge instant (-15), and expiring 30 hours after it (1). */
const CERTIFICATES = [
  { file: "expired.crt", notAfter: "2026-11-16T16:48:00Z", code: "CERT_EXPIRED", days: -15 },
  { file: "soon.crt", notAfter: "2026-12-03T06:00:00Z", code: "CERT_EXPIRES_SOON", days: 1 },
] as const;
/** Each zone, and its offset from UTC as the page's `getTimezoneOffset` says it (minutes, sign inverted). */
const ZONES = [
  { zone: "Pacific/Kiritimati", offset: -840 },
  { zone: "Pacific/Pago_Pago", offset: 660 },
  { zone: "Asia/Kolkata", offset: -330 },
];

/** "expired 15 days ago", "in 1 day", "1 day left" → "15 days ago", "in 1 day". */
function distance(text: string): string {
  const match = /(less than an hour|\d+ (?:hour|day|year)s?)/.exec(text);
  if (!match?.[1]) return `no distance in "${text}"`;
  return /expired|ago/.test(text) ? `${match[1]} ago` : `in ${match[1]}`;
}

async function cli(dir: string, format: string, zone: string): Promise<string> {
  const args = ["cli/dist/k8s-pki.mjs", "audit", dir, "--format", format, "--now", NOW];
  const env = { ...process.env, TZ: zone, NO_COLOR: "1" };
  try {
    return (await promisify(execFile)(process.execPath, args, { env })).stdout;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (failed.code === 1 && failed.stdout) return failed.stdout;
    throw error;
  }
}

let dir = "";

function shot(name: string, viewport: keyof typeof viewports): string {
  return join(screenshotDir, `${name}-${viewport}.png`);
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-days-left-"));
  await mkdir(screenshotDir, { recursive: true });
  const key = await craftKey("ECDSA", globalThis.crypto);
  for (const { file, notAfter } of CERTIFICATES) {
    const der = await craftCertificate(
      {
        subject: name(`client-${file.replace(".crt", "")}`),
        issuer: name(`client-${file.replace(".crt", "")}`),
        notBefore: new Date("2026-01-01T00:00:00Z"),
        notAfter: new Date(notAfter),
        spki: key.spki,
        extensions: [basicConstraints(false), keyUsage([0])],
        signer: key,
      },
      globalThis.crypto,
    );
    await writeFile(join(dir, file), pem("CERTIFICATE", der));
  }
});

test("the inventory, the findings and the plan tell the CLI's days in every time zone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
  for (const { zone, offset } of ZONES) {
    const [json, table] = await Promise.all([cli(dir, "json", zone), cli(dir, "table", zone)]);
    const report = JSON.parse(json) as Report;
    const context = await browser.newContext({ baseURL, viewport: viewports.desktop, timezoneId: zone });
    const explorer = new ExplorerPage(await context.newPage(), new URL(baseURL).origin);
    const { page } = explorer;
    await explorer.goto(`/?at=${DAY}`);
    expect(await page.evaluate((at) => new Date(at).getTimezoneOffset(), NOW)).toBe(offset);
    await explorer.loadFolder(dir);

    for (const { file, code, days } of CERTIFICATES) {
      const certificate = report.certificates.find((c) => c.paths.includes(file));
      const finding = report.findings.find((f) => f.code === code && f.files.includes(file));
      expect(certificate?.daysLeft, `${zone}: the CLI's JSON for ${file}`).toBe(days);
      const cliWords = distance(table.split("\n").find((line) => line.trim().startsWith(file)) ?? "");

      const row = page
        .getByTestId(testIds.inventory)
        .locator(`[data-sha256="${certificate?.sha256}"]`)
        .first();
      const findingRow = page.getByTestId(findingTestId(code));
      const card = page.getByTestId(testIds.renewalDay).filter({ hasText: file });
      await expect(card).toHaveAttribute("data-days-left", String(days));
      await expect(findingRow).toContainText(finding?.title ?? `no ${code} from the CLI`);
      const words = {
        inventory: distance((await row.textContent()) ?? ""),
        finding: distance(finding?.title ?? ""),
        plan: distance((await card.locator("h3 + span").textContent()) ?? ""),
      };
      expect(words, `${zone}: ${file}`).toEqual({ inventory: cliWords, finding: cliWords, plan: cliWords });
    }
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
    if (zone === ZONES[0]?.zone)
      for (const viewport of ["desktop", "mobile"] as const) {
        await page.setViewportSize(viewports[viewport]);
        for (const view of [testIds.renewalPlan, testIds.inventory])
          await page.getByTestId(view).screenshot({ path: shot(`days-left-${view}`, viewport) });
      }
    await context.close();
  }
});

test("every kubelet box of the kind HA graph names its node the same way", async ({ explorer, page }) => {
  await explorer.goto(`/?at=2026-12-01`);
  await explorer.loadFolder(resolve("e2e/fixtures/layouts/kind-ha"));
  for (const viewport of ["desktop", "mobile"] as const) {
    await page.setViewportSize(viewports[viewport]);
    const kubelets = page.locator('[data-node^="kubelet:"]');
    await expect(kubelets).toHaveCount(5);
    const labels = await kubelets.evaluateAll((boxes) =>
      boxes.map((box) => box.querySelector("text")?.textContent ?? ""),
    );
    // All "kubelet (<node>)" or all "<node>": never a mix.
    const long = labels.filter((label) => label.startsWith("kubelet ("));
    expect([0, labels.length], labels.join(", ")).toContain(long.length);
    await page.getByTestId(testIds.graph).screenshot({ path: shot("days-left-kind-graph", viewport) });
  }
});
