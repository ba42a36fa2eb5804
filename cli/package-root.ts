/**
 * The package's own folder, found from a module's URL. The CLI runs from its sources (tests import
 * main.ts) and from the bundle in cli/dist/, one folder deeper: a fixed `../` would be right for only
 * one of them, while the nearest package.json above is the package's in both.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder at or above `moduleUrl`'s folder that holds a package.json; throws if none. */
export function packageRoot(moduleUrl: string | URL): string {
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    // A CLI without its package.json is a broken install, a bug rather than an input problem.
    if (dirname(dir) === dir) throw new Error(`no package.json at or above ${start}`);
  }
}

/** A file of this package, given '/'-separated from the package root. */
export function packageFile(path: string): string {
  return join(packageRoot(import.meta.url), ...path.split("/"));
}
