/**
 * Many files with one fault are one finding with a count and examples; the rest of the report is
 * what it is without them.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { EXAMPLES, FOLD_FILES, foldInputs, MAX_LISTED } from "./fold-inputs";
import type { Finding } from "../report";

const node = readTree(fixtureDir("healthy"));
const empty = (count: number, folder = "junk") =>
  Array.from({ length: count }, (_, i) => ({
    path: `${folder}/f${String(i).padStart(6, "0")}.crt`,
    bytes: new Uint8Array(),
  }));

describe("input problems folded across files", () => {
  it("10,000 empty files named like certificates: one PARSE_ERROR with the count, the node judged as before", async () => {
    const [alone, flooded] = await Promise.all([
      analyze(node, { now: FIXTURE_NOW }),
      analyze([...node, ...empty(10_000)], { now: FIXTURE_NOW }),
    ]);
    const parse = flooded.findings.filter((f) => f.code === "PARSE_ERROR");
    expect(parse).toHaveLength(1);
    expect(parse[0]?.title).toBe("10,000 files could not be read");
    expect(parse[0]?.detail).toMatch(/each for the same reason: .*empty file/);
    expect(parse[0]?.detail).toContain("junk/f000000.crt, junk/f000001.crt");
    expect(parse[0]?.detail).toContain("and 9,995 more");
    expect(parse[0]?.files).toHaveLength(EXAMPLES);
    const rest = (report: { findings: Finding[] }) => report.findings.filter((f) => f.code !== "PARSE_ERROR");
    expect(rest(flooded)).toEqual(rest(alone));
    expect(flooded.certificates).toEqual(alone.certificates);
  });

  it("a few broken files are each named", async () => {
    const report = await analyze([...node, ...empty(FOLD_FILES)], { now: FIXTURE_NOW });
    const parse = report.findings.filter((f) => f.code === "PARSE_ERROR");
    expect(parse.map((f) => f.files)).toEqual(empty(FOLD_FILES).map((f) => [f.path]));
  });

  it("numbers aside, one reason is one fault; past the listing cap the rest are counted in one", () => {
    const one = (p: { path: string }): Finding => ({
      code: "PARSE_ERROR",
      severity: "warning",
      title: p.path,
      detail: "",
      files: [p.path],
    });
    const many = (_: unknown, files: number): Finding => ({ ...one({ path: `${files} files` }) });
    const sameShape = Array.from({ length: 20 }, (_, i) => ({
      path: `a${i}`,
      reason: `bad at byte ${i * 512}`,
    }));
    expect(foldInputs(sameShape, { one, many }).map((f) => f.title)).toEqual(["20 files"]);
    // Reasons that each name their own file cannot be grouped: the cap still holds.
    const unlike = Array.from({ length: 300 }, (_, i) => ({
      path: `b${i}`,
      reason: `entry name-${"x".repeat(i % 7)}${String.fromCharCode(97 + (i % 26))}`,
    }));
    const titles = foldInputs(unlike, { one, many }).map((f) => f.title);
    expect(titles.length).toBeLessThanOrEqual(MAX_LISTED + 1);
    expect(titles.at(-1)).toMatch(/^\d+ files$/);
  });

  it("INPUT_SKIPPED folds the same way, kinds kept apart", async () => {
    const links = Array.from({ length: 40 }, (_, i) => ({
      path: `links/l${i}`,
      bytes: new Uint8Array(),
      unreadable: "dangling symlink to /nowhere",
    }));
    const outside = {
      path: "out",
      bytes: new Uint8Array(),
      unreadable: "points outside the audited folder (/etc)",
      unreadKind: "outside" as const,
    };
    const report = await analyze([...node, ...links, outside], { now: FIXTURE_NOW });
    const skipped = report.findings.filter((f) => f.code === "INPUT_SKIPPED");
    expect(skipped.map((f) => [f.severity, f.title])).toEqual([
      ["warning", "40 inputs were not read"],
      ["info", "out points outside the audited folder: not followed"],
    ]);
  });
});
