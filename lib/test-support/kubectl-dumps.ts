/**
 * Test support: a fixture node judged together with the committed kubectl dumps of its cluster
 * (e2e/fixtures/kubectl-dumps), one report per (fixture, dumps, now).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { FIXTURE_NOW, FIXTURES, fixtureDir, readTree } from "./fixtures";

const cache = new Map<string, Promise<Report>>();

/** `fixture` with the named dumps (`secrets.yaml`, `csr.yaml`) at the root of the drop. */
export function reportWithDumps(
  fixture: string,
  dumps: readonly string[],
  now = FIXTURE_NOW,
): Promise<Report> {
  const key = JSON.stringify([fixture, dumps, now]);
  let report = cache.get(key);
  if (!report) {
    const files = [
      ...readTree(fixtureDir(fixture)),
      ...dumps.map((name) => ({
        path: name,
        bytes: new Uint8Array(readFileSync(join(FIXTURES, "kubectl-dumps", name))),
      })),
    ];
    report = analyze(files, { now });
    cache.set(key, report);
  }
  return report;
}
