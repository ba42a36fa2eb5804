import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageFile, packageRoot } from "./package-root";

const ROOT = resolve(import.meta.dirname, "..");

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-root-"));
  await mkdir(join(temp, "pkg", "cli", "dist", "chunks"), { recursive: true });
  await writeFile(join(temp, "pkg", "package.json"), "{}");
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("packageRoot", () => {
  const cases: { name: string; module: () => string; want: () => string }[] = [
    { name: "a source module in cli/", module: () => join(ROOT, "cli", "main.ts"), want: () => ROOT },
    {
      name: "a bundle chunk two folders deeper",
      module: () => join(temp, "pkg", "cli", "dist", "chunks", "chunk.mjs"),
      want: () => join(temp, "pkg"),
    },
    {
      name: "a module beside package.json",
      module: () => join(temp, "pkg", "x.mjs"),
      want: () => join(temp, "pkg"),
    },
  ];
  it.each(cases)("finds the package of $name", ({ module, want }) => {
    expect(packageRoot(pathToFileURL(module()))).toBe(want());
  });

  it("throws when no folder above holds a package.json", () => {
    expect(() => packageRoot(pathToFileURL(join(temp, "x.mjs")))).toThrow(/no package.json at or above/);
  });

  it("names this package's files from the sources", () => {
    expect(packageFile("public/demo/demo.tar.gz")).toBe(join(ROOT, "public", "demo", "demo.tar.gz"));
  });
});
