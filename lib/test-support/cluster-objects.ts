/**
 * Test support: the committed dumps of e2e/fixtures/cluster-objects, alone or with the healthy
 * node, judged at the fixtures' date; one report per (files, with healthy, now).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import type { Report } from "../report";
import { FIXTURE_NOW, FIXTURES, fixtureDir, readTree } from "./fixtures";

/** Every dump of the fixture. */
export const CLUSTER_OBJECT_DUMPS = [
  "webhooks.yaml",
  "apiservices.json",
  "crds.yaml",
  "cert-manager.yaml",
  "secrets.yaml",
  "csr.yaml",
] as const;

/** One committed dump as an input file at the root of the drop. */
export function clusterObjectDump(name: string): InputFile {
  return { path: name, bytes: new Uint8Array(readFileSync(join(FIXTURES, "cluster-objects", name))) };
}

const cache = new Map<string, Promise<Report>>();

/** The named dumps (all by default), with the healthy node when `withHealthy`. */
export function reportWithObjects(
  names: readonly string[] = CLUSTER_OBJECT_DUMPS,
  withHealthy = false,
  now = FIXTURE_NOW,
): Promise<Report> {
  const key = JSON.stringify([names, withHealthy, now]);
  let report = cache.get(key);
  if (!report) {
    const files = [...(withHealthy ? readTree(fixtureDir("healthy")) : []), ...names.map(clusterObjectDump)];
    report = analyze(files, { now });
    cache.set(key, report);
  }
  return report;
}
