/**
 * The analysis core run in the test process on the same files the browser gets: what the page shows
 * must be exactly what the report says.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../lib/analyze";
import type { Report } from "../../lib/report";
import { readTree } from "../../lib/test-support/fixtures";

/**
 * Report for a folder dropped through the folder input: the folder is the audited root, its files
 * named relative to it, as `k8s-pki audit <folder>` names them.
 */
export async function reportForFolder(dir: string, now: string): Promise<Report> {
  return analyze(readTree(dir), { now });
}

/** Report for the bundled demo: the files its archive holds, kept as a folder in e2e/fixtures/demo. */
export async function reportForDemo(now?: string): Promise<Report> {
  const root = join(process.cwd(), "e2e", "fixtures", "demo");
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), "public", "demo", "manifest.json"), "utf8"),
  ) as {
    judgeAt: string;
    files: string[];
  };
  const files = manifest.files.map((path) => ({
    path,
    bytes: new Uint8Array(readFileSync(join(root, path))),
  }));
  return analyze(files, { now: now ?? manifest.judgeAt });
}

/** Relationship statuses by id, sorted, e.g. { "kubelet-client": ["error", "ok"] }. */
export function statusesById(report: Report): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of report.relationships) (out[r.id] ??= []).push(r.status);
  for (const list of Object.values(out)) list.sort();
  return out;
}
