import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { toPublicHalves } from "../test-support/public-halves-tree";
import { formatMarkdown } from "./markdown";
import { publicHalvesNote } from "./public-halves-note";
import { sampleReport } from "./sample-report";
import { formatTable } from "./table";

const withHalves = (publicHalves: string[]): Report => {
  const report = sampleReport();
  return { ...report, inputs: { ...report.inputs, publicHalves } };
};

describe("publicHalvesNote", () => {
  it.each([
    { name: "none", halves: [], want: undefined },
    {
      name: "one, named",
      halves: ["pki/sa.key"],
      want: "pki/sa.key was a public half (as collected with --public-keys-only): key pairing was checked on the public key; the private key itself was not seen.",
    },
    {
      name: "three, named",
      halves: ["a.key", "b.key", "c.key"],
      want: "a.key, b.key, c.key were public halves (as collected with --public-keys-only): key pairing was checked on the public keys; the private keys themselves were not seen.",
    },
    {
      name: "four, counted",
      halves: ["a.key", "b.key", "c.key", "d.key"],
      want: "4 keys were public halves (as collected with --public-keys-only): key pairing was checked on the public keys; the private keys themselves were not seen.",
    },
  ])("$name", ({ halves, want }) => {
    expect(publicHalvesNote(withHalves(halves))).toBe(want);
  });

  it("is absent from a report without public halves, in every format", () => {
    const report = sampleReport();
    expect(formatTable(report, { color: false })).not.toContain("public hal");
    expect(formatMarkdown(report)).not.toContain("public hal");
  });

  it("prints a path from the input inert in the table and as code in Markdown", () => {
    const report = withHalves(["pki/\u001b[31mred.key"]);
    const table = formatTable(report, { color: false });
    expect(table).not.toContain("\u001b");
    expect(table).toContain("was a public half");
    expect(formatMarkdown(report)).toMatch(/^- Private keys: `pki\/.*red\.key` was a public half/m);
  });
});

describe("a healthy cluster collected as public halves", () => {
  it("says so once under the header of the table and in the Markdown summary, and nothing else changes", async () => {
    const files = readTree(fixtureDir("healthy"));
    const [keys, halves] = await Promise.all([
      analyze(files, { now: FIXTURE_NOW }),
      analyze(toPublicHalves(files).files, { now: FIXTURE_NOW }),
    ]);
    const note =
      "17 keys were public halves (as collected with --public-keys-only): key pairing was checked on the public keys; the private keys themselves were not seen.";
    const table = formatTable(halves, { color: false, width: 200 }).split("\n");
    const read = table.findIndex((line) => /^\d+ files read/.test(line));
    expect(table[read + 1]).toBe(note);
    expect(table.filter((line) => !line.includes(note))).toEqual(
      formatTable(keys, { color: false, width: 200 }).split("\n"),
    );
    expect(formatMarkdown(halves)).toContain(`\n- Private keys: ${note}\n`);
  });
});
