/**
 * `npm run release` (after `npm run build`): the two artefacts of a release, in `release/`.
 *
 * - `k8s-pki-explorer-site-<version>.tar.gz`: the static site (`out/`) under one top folder, for any
 *   static file server, offline included. Deterministic: entries sorted, no dates, owners or modes
 *   of the build machine (lib/archive/write-tar.ts), so the same build gives the same bytes.
 * - `k8s-pki-explorer-<version>.tgz`: `npm pack` of the command line (`npx ./k8s-pki-explorer-<v>.tgz
 *   audit DIR`), whose bundle needs no dependency at run time.
 * - `SHA256SUMS` over both, in the format `sha256sum -c` reads.
 *
 * Usage: tsx scripts/release.ts [--out DIR] [--site-only]
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { writeTar } from "../lib/archive/write-tar";
import type { InputFile } from "../lib/inventory";

const repoRoot = resolve(import.meta.dirname, "..");

/** Every file under `dir`, '/'-separated relative paths in code-point order (the same on every OS). */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The name of the site archive's top folder and file stem for a version. */
export function siteName(version: string): string {
  return `k8s-pki-explorer-site-${version}`;
}

/**
 * The static export in `outDir` as a gzip'd tar, every entry under `<siteName(version)>/`. Throws
 * when `outDir` is not a finished export (no index.html, or no policy `<meta>` yet: that is
 * written by `scripts/csp-hashes.mjs` after `next build`): a release must never ship a half-built site.
 */
export function siteArchive(outDir: string, version: string): Uint8Array {
  const index = join(outDir, "index.html");
  if (!existsSync(index)) throw new Error(`${outDir} holds no index.html: run \`npm run build\` first`);
  if (!/<meta http-equiv="Content-Security-Policy"/i.test(readFileSync(index, "utf8")))
    throw new Error(
      `${index} has no Content-Security-Policy yet: build with \`npm run build\`, which hashes it`,
    );
  const top = siteName(version);
  const files: InputFile[] = filesUnder(outDir).map((path) => ({
    path: `${top}/${path}`,
    bytes: new Uint8Array(readFileSync(join(outDir, ...path.split("/")))),
  }));
  return new Uint8Array(gzipSync(writeTar(files), { level: 9 }));
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function main(): void {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "site-only": { type: "boolean" } },
    strict: true,
  });
  const outDir = resolve(values.out ?? join(repoRoot, "release"));
  mkdirSync(outDir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };

  const artefacts: string[] = [];
  const site = join(outDir, `${siteName(pkg.version)}.tar.gz`);
  writeFileSync(site, siteArchive(join(repoRoot, "out"), pkg.version));
  artefacts.push(site);
  if (!values["site-only"]) {
    // The bundle was just built by `npm run build`; packing runs `prepare` once more, which rebuilds it.
    const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", outDir], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    const name = packed.trim().split("\n").at(-1);
    if (!name) throw new Error("npm pack named no tarball");
    artefacts.push(join(outDir, name));
  }
  const sums = artefacts.map((path) => `${sha256(readFileSync(path))}  ${basename(path)}\n`).join("");
  writeFileSync(join(outDir, "SHA256SUMS"), sums);
  for (const path of [...artefacts, join(outDir, "SHA256SUMS")])
    console.log(`${relative(process.cwd(), path)}  ${readFileSync(path).length} bytes`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
