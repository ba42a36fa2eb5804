import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rangeAdmits } from "./engine-range";

const ROOT = join(__dirname, "..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe("rangeAdmits", () => {
  it.each([
    { range: ">=20.9", version: "20.9.0", want: true },
    { range: ">=20.9", version: "20.8.9", want: false },
    { range: ">= 20", version: "20.0.0", want: true },
    { range: ">=22.12.0", version: "20.19.0", want: false },
    { range: "^20.19.0 || >=22.12.0", version: "20.19.0", want: true },
    { range: "^20.19.0 || >=22.12.0", version: "20.9.0", want: false },
    { range: "^20.19.0 || >=22.12.0", version: "21.0.0", want: false },
    { range: "^20.19.0 || ^22.13.0 || >=24", version: "22.12.0", want: false },
    { range: "^20.19.0 || ^22.13.0 || >=24", version: "24.0.0", want: true },
    { range: "18 || 20 || >=22", version: "20.5.1", want: true },
    { range: "18 || 20 || >=22", version: "21.7.0", want: false },
    { range: "20.x", version: "20.99.0", want: true },
    { range: "~20.9", version: "20.9.5", want: true },
    { range: "~20.9", version: "20.10.0", want: false },
    { range: "^0.4", version: "0.4.2", want: true },
    { range: "^0.4", version: "0.5.0", want: false },
    { range: ">4 <21", version: "20.19.0", want: true },
    { range: ">4 <21", version: "21.0.0", want: false },
    { range: ">20", version: "20.5.0", want: false },
    { range: "<=20", version: "20.5.0", want: true },
    { range: "*", version: "20.9.0", want: true },
    { range: "node >= 20", version: "20.9.0", want: undefined },
  ])("$range admits $version: $want", ({ range, version, want }) => {
    expect(rangeAdmits(range, version)).toBe(want);
  });
});

describe("the stated Node.js requirement", () => {
  const develop = /Requirements: Node\.js ≥ (\d+\.\d+) to build and test/.exec(readme)?.[1];
  const cli = /the published CLI alone runs on Node\.js ≥ (\d+\.\d+)/.exec(readme)?.[1];

  it("is said in the README, for development and for the CLI, and package.json's engines is the CLI's", () => {
    expect(develop).toBeDefined();
    expect(cli).toBeDefined();
    expect(pkg.engines.node).toBe(`>=${cli}`);
    // The published package carries its analysis in its bundle: no dependency brings its own engines.
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
    expect(rangeAdmits(pkg.engines.node, `${develop}.0`)).toBe(true);
  });

  it("is admitted by every locked package's engines.node: npm ci prints no engine warning", () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const engines = entry.engines;
      const range = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (range === undefined) continue;
      if (rangeAdmits(range, `${develop ?? "0.0"}.0`) !== true)
        refused.push(`${path || "(root)"}@${entry.version ?? "?"}: engines.node ${range}`);
    }
    expect(refused).toEqual([]);
  });
});
