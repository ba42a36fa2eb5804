/**
 * The worker thread's code as one bundled ES module (esbuild, as the CLI is built), written to a
 * scratch folder. A thread started on it needs no TypeScript loader, so replacing one that ran out
 * of budget takes a fraction of a second instead of seconds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const ENTRY = resolve(import.meta.dirname, "fuzz-worker.ts");

export interface WorkerBundle {
  file: string;
  /** Removes the scratch folder. */
  dispose: () => Promise<void>;
}

/** Bundles scripts/fuzz/fuzz-worker.ts with everything it imports. */
export async function bundleWorker(): Promise<WorkerBundle> {
  const dir = await mkdtemp(join(tmpdir(), "k8s-pki-fuzz-"));
  const file = join(dir, "fuzz-worker.mjs");
  await build({
    entryPoints: [ENTRY],
    outfile: file,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Bundled CommonJS packages call `require`, which an ES module does not have.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  return { file, dispose: () => rm(dir, { recursive: true, force: true }) };
}
