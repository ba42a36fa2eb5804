import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The bundle as shipped: cli/dist/ as scripts/build-cli.mjs left it (the global setup builds it),
// run by a plain `node` that records every file it loads.

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "cli", "dist");
const BIN = join(DIST, "k8s-pki.mjs");
const SAMPLE = join(ROOT, "e2e", "fixtures", "kubeadm-v1.20");

// Module hooks run in a thread of their own: the loaded URLs go to a file named in the environment.
const RECORDER = `import { appendFileSync } from "node:fs";
export async function load(url, context, nextLoad) {
  if (url.startsWith("file:")) appendFileSync(process.env.K8S_PKI_LOADED, url + "\\n");
  return nextLoad(url, context);
}
`;

let temp: string;
let meta: Metafile;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-bundle-"));
  await writeFile(join(temp, "recorder.mjs"), RECORDER);
  meta = JSON.parse(await readFile(join(DIST, "meta.json"), "utf8")) as Metafile;
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

/** The bundle files (relative to cli/dist) one run of the CLI loads, and its exit code. */
async function loadedBy(args: string[], name: string): Promise<{ code: number; files: string[] }> {
  const log = join(temp, `${name}.log`);
  await writeFile(log, "");
  const register = `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(join(temp, "recorder.mjs")).href)});`;
  const node = [`--import=data:text/javascript,${encodeURIComponent(register)}`, BIN, ...args];
  const code = await promisify(execFile)(process.execPath, node, {
    cwd: ROOT,
    env: { ...process.env, K8S_PKI_LOADED: log },
    maxBuffer: 64 * 1024 * 1024,
  })
    .then(() => 0)
    .catch((error: { code?: unknown }) => {
      if (typeof error.code !== "number") throw error;
      return error.code;
    });
  const urls = (await readFile(log, "utf8")).split("\n").filter((line) => line !== "");
  return { code, files: urls.map((url) => relative(DIST, fileURLToPath(url))).sort() };
}

/** The metafile's output paths are relative to the repository and name the scratch folder the build renamed. */
const distPath = (output: string) => output.replace(/^cli\/dist[^/]*\//, "");

/** The output chunk holding the module `entry` (a dynamic import's target). */
function chunkOf(entry: string): string {
  const found = Object.entries(meta.outputs).find(([, output]) => output.entryPoint === entry);
  if (!found) throw new Error(`no chunk for ${entry}`);
  return distPath(found[0]);
}

/** Every file `path` loads before running: itself and what it imports statically, transitively. */
function staticClosure(path: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = Object.entries(meta.outputs).find(([key]) => distPath(key) === file)?.[1];
    if (!output) throw new Error(`no output ${file}`);
    for (const imported of output.imports)
      if (imported.kind === "import-statement" && !imported.external) visit(distPath(imported.path));
  };
  visit(path);
  return [...seen].sort();
}

describe("the bundled CLI", () => {
  it("is one executable entry that needs nothing beyond Node's own modules", async () => {
    const text = await readFile(BIN, "utf8");
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    const externals = Object.values(meta.outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.external).map((imported) => imported.path),
    );
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    expect([...new Set(externals)].filter((name) => !builtins.has(name))).toEqual([]);
  });

  it("answers --help from the entry and its small shared chunks, without the analysis", async () => {
    const help = await loadedBy(["--help"], "help");
    expect(help.code).toBe(0);
    expect(help.files).toEqual(staticClosure("k8s-pki.mjs"));
    expect(help.files).not.toContain(chunkOf("lib/analyze.ts"));
    const bytes = await Promise.all(
      help.files.map(async (file) => (await readFile(join(DIST, file))).length),
    );
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThan(100_000);
  });

  it("loads the analysis and only the formatter asked for on audit", async () => {
    const audit = await loadedBy(["audit", SAMPLE, "--format", "markdown", "--now", "2026-12-01"], "audit");
    expect(audit.code).toBe(0);
    expect(audit.files).toContain(chunkOf("lib/analyze.ts"));
    expect(audit.files).toContain(chunkOf("lib/format/markdown.ts"));
    expect(audit.files).not.toContain(chunkOf("lib/format/table.ts"));
    expect(audit.files).not.toContain(chunkOf("cli/generate.ts"));
  });
});
