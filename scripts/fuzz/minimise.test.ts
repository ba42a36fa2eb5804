import { describe, expect, it } from "vitest";

import type { FuzzCase } from "./fuzz-case";
import { minimise } from "./minimise";

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const caseOf = (content: string): FuzzCase => ({
  seed: 1,
  index: 0,
  corpus: "healthy",
  mutator: "byte-insert",
  replaceAll: false,
  changes: [
    { path: "other", bytes: new TextEncoder().encode("kept as is") },
    { path: "target", bytes: new TextEncoder().encode(content) },
  ],
  touched: ["target"],
  target: "target",
});

describe("minimise", () => {
  it.each([
    {
      name: "down to the bytes the failure needs",
      content: `${"a".repeat(500)}\x1b${"b".repeat(500)}`,
      fails: (t: string) => t.includes("\x1b"),
      want: "\x1b",
    },
    {
      name: "keeping two distant pieces",
      content: `x${"-".repeat(300)}BEGIN${"-".repeat(300)}END`,
      fails: (t: string) => /BEGIN.*END/.test(t),
      want: "BEGINEND",
    },
  ])("$name", async ({ content, fails, want }) => {
    const result = await minimise(
      caseOf(content),
      async (candidate) => fails(text(candidate.changes[1]?.bytes)),
      { maxTries: 500, maxMs: 10_000 },
    );
    expect(text(result.fuzzCase.changes[1]?.bytes)).toBe(want);
    expect(text(result.fuzzCase.changes[0]?.bytes)).toBe("kept as is");
    expect(result.fromBytes).toBe(content.length);
  });

  it("stops at its bound of tries", async () => {
    let tries = 0;
    const result = await minimise(caseOf("z".repeat(4096)), async () => (tries++, false), {
      maxTries: 7,
      maxMs: 10_000,
    });
    expect(tries).toBe(7);
    expect(result.toBytes).toBe(4096);
  });
});
