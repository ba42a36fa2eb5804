#!/usr/bin/env node
// `npm run build:cli` (also run by `prepare`, so `npm ci` leaves a working `k8s-pki`): bundles the
// CLI with esbuild into cli/dist/, so the command starts without compiling TypeScript. Code
// splitting keeps what main.ts imports lazily (the analysis, each formatter, the generator) in
// chunks of their own: `--help` loads the entry alone.
import { rmSync, renameSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const repoRoot = resolve(import.meta.dirname, "..");

/** Where the bundle goes; the `bin` of package.json is `<this>/k8s-pki.mjs`. */
export const CLI_DIST = join(repoRoot, "cli", "dist");

/**
 * Bundles cli/k8s-pki.ts into `outdir` (default cli/dist): k8s-pki.mjs, chunks/*.mjs and
 * meta.json (esbuild's metafile: which chunk holds which module, what each chunk imports).
 * Writes into a scratch folder first, so a concurrent reader never meets a half-written bundle.
 * Resolves with the metafile; rejects (esbuild printed why) when the sources do not compile.
 */
export async function buildCli(outdir = CLI_DIST) {
  const scratch = `${outdir}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    const result = await build({
      absWorkingDir: repoRoot,
      // The prepare pool's worker threads run a second entry (cli/prepare-pool.ts).
      entryPoints: ["cli/k8s-pki.ts", "cli/prepare-worker.ts"],
      outdir: scratch,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      outExtension: { ".js": ".mjs" },
      entryNames: "[name]",
      chunkNames: "chunks/[name]-[hash]",
      // Bundled CommonJS packages call `require`, which an ES module does not have.
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
      },
      metafile: true,
      logLevel: "warning",
    });
    writeFileSync(join(scratch, "meta.json"), JSON.stringify(result.metafile));
    rmSync(outdir, { recursive: true, force: true });
    renameSync(scratch, outdir);
    return result.metafile;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = performance.now();
  try {
    const metafile = await buildCli();
    const outputs = Object.keys(metafile.outputs).filter((path) => path.endsWith(".mjs"));
    const ms = Math.round(performance.now() - started);
    console.log(`k8s-pki: built ${relative(process.cwd(), CLI_DIST)}/ (${outputs.length} files) in ${ms} ms`);
  } catch (error) {
    // esbuild has already printed the compile errors; anything else is worth its stack.
    if (!(error instanceof Error && "errors" in error)) console.error(error);
    process.exitCode = 1;
  }
}
