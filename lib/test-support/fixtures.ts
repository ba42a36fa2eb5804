/**
 * Test support (not part of the core): read committed fixture folders from disk and analyse them,
 * caching one report per (fixture, now, thresholds) so table-driven rule tests stay fast.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { analyze } from "../analyze";
import { PathIndex } from "../ingest/resolve-path";
import type { InputFile } from "../inventory";
import type { Finding, Report } from "../report";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = join(REPO_ROOT, "e2e", "fixtures");
export const FIXTURE_NOW = "2026-06-01T00:00:00Z";
export const SAMPLE_NOW = "2026-12-01T00:00:00Z";

/** Folder of a fixture by name: `healthy`, `kubeadm-v1.20`, `demo`, a fault variant, or a path like `layouts/k3s`. */
export function fixtureDir(name: string): string {
  if (name === "healthy" || name === "kubeadm-v1.20" || name === "demo" || name.includes("/"))
    return join(FIXTURES, name);
  return join(FIXTURES, "faults", name);
}

/**
 * Every file under a folder as InputFiles with '/'-separated relative paths, sorted. A symlink is
 * given the bytes of the file it names inside the folder (an absolute target by path suffix, as the
 * CLI and archives resolve it), with its target recorded; one naming nothing in the folder is left out.
 */
export function readTree(dir: string): InputFile[] {
  const files: InputFile[] = [];
  const links: { path: string; target: string }[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const full = join(current, entry);
      const info = lstatSync(full);
      const path = relative(dir, full).split(sep).join("/");
      if (info.isDirectory()) walk(full);
      else if (info.isSymbolicLink()) links.push({ path, target: readlinkSync(full) });
      else files.push({ path, bytes: new Uint8Array(readFileSync(full)) });
    }
  };
  walk(dir);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const index = new PathIndex([...byPath.keys()]);
  for (const link of links) {
    const found = index.resolve(link.target, link.path);
    const file = found === undefined ? undefined : byPath.get(found);
    if (file) files.push({ path: link.path, bytes: file.bytes, linkTarget: link.target });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const cache = new Map<string, Promise<Report>>();

/** The expiry thresholds a test may set; each defaults to analyze's own default. */
export interface ThresholdOptions {
  warnDays?: number;
  warnFraction?: number;
  caHorizonDays?: number;
}

/**
 * The report for a fixture, judged at `now` (the fixtures' judge date by default) with the given
 * thresholds (a number is the warning window in days).
 */
export function reportFor(
  name: string,
  now = name === "kubeadm-v1.20" ? SAMPLE_NOW : FIXTURE_NOW,
  thresholds: number | ThresholdOptions = {},
): Promise<Report> {
  const options = typeof thresholds === "number" ? { warnDays: thresholds } : thresholds;
  const key = JSON.stringify([name, now, options.warnDays, options.warnFraction, options.caHorizonDays]);
  let report = cache.get(key);
  if (!report) {
    report = analyze(readTree(fixtureDir(name)), { now, ...options });
    cache.set(key, report);
  }
  return report;
}

/** Findings at warning level or above. */
export function problems(report: Report): Finding[] {
  return report.findings.filter((f) => f.severity !== "info");
}

/**
 * The healthy node's files plus `copies` copies of its kubelet folder under other nodes' names
 * (`nodes/node-<i>/var/lib/kubelet/…`, fresh bytes each): many files, few of them distinct.
 */
export function healthyWithKubeletCopies(copies: number): InputFile[] {
  const base = readTree(fixtureDir("healthy"));
  const kubelet = base.filter((file) => file.path.startsWith("var/lib/kubelet/"));
  return [
    ...base,
    ...Array.from({ length: copies }, (_, i) =>
      kubelet.map((file) => ({ path: `nodes/node-${i}/${file.path}`, bytes: Uint8Array.from(file.bytes) })),
    ).flat(),
  ];
}
