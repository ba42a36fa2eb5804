/**
 * One certificate, one instant, one number: the report's JSON, the CLI's table, Markdown and plan,
 * the findings, and the page's inventory phrase and renewal plan all tell the same days left (and
 * the same words), whatever the process's time zone and on either side of UTC midnight.
 *
 * The CLI runs as users run it (the bundle, `--now`), under time zones far from UTC (`TZ`), on one
 * drop of certificates signed with a real key, in every text format that tells days (table, JSON,
 * Markdown, plan and the single-file HTML report); the page's own phrase functions read the same JSON.
 * The days are whole 24-hour periods toward zero (lib/expiry.ts `daysLeft`): 15.3 days ago is -15,
 * 20 minutes either side of notAfter is 0 (never -0), 30 hours ahead is 1.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiryStatus } from "@/components/inventory/expiry-status";
import { daysPhrase } from "@/components/plan/plan-day";
import { renewalPlan } from "@/lib/plan/renewal-plan";
import type { Report } from "@/lib/report";
import {
  basicConstraints,
  craftCertificate,
  craftKey,
  keyUsage,
  name,
} from "@/lib/test-support/craft-certificate";
import { pem, webCrypto } from "@/lib/test-support/pki-material";
import { CLI_BIN, REPO_ROOT } from "./test-support/run-cli";

/** Far from UTC both ways, and a half-hour offset: a local-time slip shows in at least one. */
const ZONES: { zone: string; offset: number }[] = [
  { zone: "UTC", offset: 0 },
  { zone: "Pacific/Kiritimati", offset: -840 },
  { zone: "Pacific/Pago_Pago", offset: 660 },
  { zone: "Asia/Kolkata", offset: -330 },
];

/** Ten minutes either side of UTC midnight. */
const BEFORE_MIDNIGHT = "2026-12-01T23:50:00Z";
const AFTER_MIDNIGHT = "2026-12-02T00:10:00Z";

interface Expected {
  /** The one number every view must tell. */
  days: number;
  /** The distance words every view must use. */
  words: string;
}

/** Each certificate of the drop (`<file>.crt`, CN the same) and what it reads at each instant. */
const CERTIFICATES: { file: string; notAfter: string; before: Expected; after: Expected }[] = [
  {
    file: "expired-15-days",
    notAfter: "2026-11-16T16:48:00Z",
    before: { days: -15, words: "15 days ago" },
    after: { days: -15, words: "15 days ago" },
  },
  {
    file: "expired-30-hours",
    notAfter: "2026-11-30T17:50:00Z",
    before: { days: -1, words: "1 day ago" },
    after: { days: -1, words: "1 day ago" },
  },
  {
    file: "across-midnight",
    notAfter: BEFORE_MIDNIGHT,
    before: { days: 0, words: "in less than an hour" },
    after: { days: 0, words: "less than an hour ago" },
  },
  {
    file: "twenty-minutes",
    notAfter: "2026-12-02T00:30:00Z",
    before: { days: 0, words: "in less than an hour" },
    after: { days: 0, words: "in less than an hour" },
  },
  {
    file: "thirty-hours",
    notAfter: "2026-12-03T05:50:00Z",
    before: { days: 1, words: "in 1 day" },
    after: { days: 1, words: "in 1 day" },
  },
  {
    file: "five-days",
    notAfter: "2026-12-07T00:10:00Z",
    before: { days: 5, words: "in 5 days" },
    after: { days: 5, words: "in 5 days" },
  },
];

/** "expired 15 days ago", "expires in 5 days", "5 days left" → the distance as `words` spells it. */
function distance(phrase: string): string {
  const match = /(less than an hour|\d+ (?:hour|day|year)s?)/.exec(phrase);
  if (!match?.[1]) return `no distance in "${phrase}"`;
  return /expired|ago/.test(phrase) ? `${match[1]} ago` : `in ${match[1]}`;
}

/** The line of `text` that holds `needle`, or a message that says none does. */
function lineWith(text: string, needle: RegExp): string {
  return text.split("\n").find((line) => needle.test(line)) ?? `no line matches ${needle}`;
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "days-left-"));
  const key = await craftKey("ECDSA", webCrypto);
  for (const { file, notAfter } of CERTIFICATES) {
    const der = await craftCertificate(
      {
        subject: name(file),
        issuer: name(file),
        notBefore: new Date("2026-01-01T00:00:00Z"),
        notAfter: new Date(notAfter),
        spki: key.spki,
        extensions: [basicConstraints(false), keyUsage([0])],
        signer: key,
      },
      webCrypto,
    );
    await writeFile(join(dir, `${file}.crt`), pem("CERTIFICATE", der));
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = promisify(execFile);

/** Node's own reading of the zone: proves `TZ` reaches a child process and names a real zone. */
async function offsetIn(zone: string, at: string): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    ["-e", `console.log(new Date("${at}").getTimezoneOffset())`],
    {
      env: { ...process.env, TZ: zone },
    },
  );
  return Number(stdout.trim());
}

/** `k8s-pki audit <dir> --format <format> --now <now>` under `TZ=<zone>`, its stdout (exit 1: errors found). */
async function cli(zone: string, format: string, now: string): Promise<string> {
  const args = [CLI_BIN, "audit", dir, "--format", format, "--now", now];
  const env = { ...process.env, NO_COLOR: "1", TZ: zone };
  try {
    return (await run(process.execPath, args, { cwd: REPO_ROOT, env, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string };
    if (failed.code !== 1 || failed.stdout === undefined) throw error;
    return failed.stdout;
  }
}

describe.each(ZONES)("days left with TZ=$zone", ({ zone, offset }) => {
  it.each([
    { instant: "10 minutes before UTC midnight", now: BEFORE_MIDNIGHT, side: "before" as const },
    { instant: "10 minutes after UTC midnight", now: AFTER_MIDNIGHT, side: "after" as const },
  ])("every view agrees $instant", async ({ now, side }) => {
    expect(await offsetIn(zone, now)).toBe(offset);
    const [jsonText, table, markdown, planText, html] = await Promise.all(
      ["json", "table", "markdown", "plan", "html"].map((format) => cli(zone, format, now)),
    );
    const report = JSON.parse(jsonText ?? "") as Report;
    const plan = renewalPlan(report);

    const numbers: Record<string, Record<string, unknown>> = {};
    const words: Record<string, Record<string, string>> = {};
    const wantNumbers: Record<string, Record<string, unknown>> = {};
    const wantWords: Record<string, Record<string, string>> = {};
    for (const certificate of CERTIFICATES) {
      const path = `${certificate.file}.crt`;
      const expected = certificate[side];
      const judged = report.certificates.find((c) => c.paths.includes(path));
      const day = plan.days.find((d) => d.items.some((item) => item.paths.includes(path)));
      const finding = report.findings.find(
        (f) => (f.code === "CERT_EXPIRED" || f.code === "CERT_EXPIRES_SOON") && f.files?.includes(path),
      );
      const date = certificate.notAfter.slice(0, 10);
      const inventoryRow = lineWith(markdown ?? "", new RegExp(`^\\| \`${path}\` \\|`));
      const htmlRow =
        (html ?? "")
          .split("<tr>")
          .find((row) => row.startsWith(`<td><code>${path}</code>`) && row.includes('class="number"')) ?? "";
      const htmlDays = /<td class="number">([^<]*)<\/td>/.exec(htmlRow)?.[1] ?? "no days cell";
      numbers[path] = {
        json: judged?.daysLeft,
        minusZero: Object.is(judged?.daysLeft, -0),
        plan: day?.daysLeft,
        markdown: Number(inventoryRow.split("|")[5]?.trim().split(" ")[0]),
        html: Number(htmlDays.split(" ")[0]),
      };
      wantNumbers[path] = {
        json: expected.days,
        minusZero: false,
        plan: expected.days,
        markdown: expected.days,
        html: expected.days,
      };
      const views: Record<string, string> = {
        finding: finding?.title ?? "no expiry finding",
        table: lineWith(table ?? "", new RegExp(`^\\s+${path}\\s`)),
        markdownPlan: lineWith(markdown ?? "", new RegExp(`^### ${date} — `)),
        plan: lineWith(planText ?? "", new RegExp(`^${date} · `)),
        htmlPlan:
          new RegExp(`<h3 class="day-head">${date} — ([^(<]*)`).exec(html ?? "")?.[1] ?? "no HTML plan day",
        pageInventory: judged ? expiryStatus(judged, report.now, report.warnDays).phrase : "not judged",
        pagePlan: day ? daysPhrase(plan.now, day) : "no plan day",
      };
      words[path] = Object.fromEntries(Object.entries(views).map(([view, text]) => [view, distance(text)]));
      wantWords[path] = Object.fromEntries(Object.keys(views).map((view) => [view, expected.words]));
    }
    expect(numbers).toEqual(wantNumbers);
    expect(words).toEqual(wantWords);
  });
});
