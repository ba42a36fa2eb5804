/**
 * Test support: the reports every output format is checked on — the healthy fixture, every fault
 * fixture audited together (each under its own folder, as several CLI arguments are: 29 code and
 * severity pairs at once), the demo cluster and the hostile cluster (terminal escapes, bidi and
 * invisible characters, NUL and markup in subjects, file names and kubeconfig entries). Each is
 * analysed once per test file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../analyze";
import { HOSTILE_NOW, hostileFiles } from "../format/hostile-input";
import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { expandArchives } from "../ingest/expand-archives";
import type { InputFile } from "../inventory";
import type { Report } from "../report";
import { FIXTURE_NOW, FIXTURES, REPO_ROOT, readTree, reportFor } from "./fixtures";

export type FormatReportName = "healthy" | "all-faults" | "demo" | "hostile";

export const FORMAT_REPORT_NAMES: readonly FormatReportName[] = ["healthy", "all-faults", "demo", "hostile"];

/** Every fault fixture's files, each under its own folder name. */
export function allFaultFiles(): InputFile[] {
  const root = join(FIXTURES, "faults");
  return readdirSync(root)
    .sort()
    .flatMap((name) => readTree(join(root, name)).map((file) => ({ ...file, path: `${name}/${file.path}` })));
}

async function hostileReport(): Promise<Report> {
  const archive = new Uint8Array(readFileSync(join(REPO_ROOT, "public", "demo", "demo.tar.gz")));
  const demo = expandArchives([{ path: "demo.tar.gz", bytes: archive }], DEFAULT_ARCHIVE_LIMITS).files;
  return analyze(await hostileFiles(demo, globalThis.crypto, true), { now: new Date(HOSTILE_NOW) });
}

const cache = new Map<FormatReportName, Promise<Report>>();

/** The named report, analysed on first use. */
export function formatReport(name: FormatReportName): Promise<Report> {
  let report = cache.get(name);
  if (!report) {
    if (name === "hostile") report = hostileReport();
    else if (name === "all-faults") report = analyze(allFaultFiles(), { now: FIXTURE_NOW });
    else report = reportFor(name);
    cache.set(name, report);
  }
  return report;
}
