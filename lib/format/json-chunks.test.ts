import { describe, expect, it } from "vitest";

import { jsonChunks } from "./json-chunks";

const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));

describe("jsonChunks", () => {
  it.each([
    ["a scalar", 42],
    ["a small object", { a: 1, b: [1, 2], c: { d: "x" } }],
    ["an empty object and array", { a: {}, b: [] }],
    ["a long array of objects", many(200, (i) => ({ id: `c-${i}`, paths: [`p/${i}`], nested: { n: i } }))],
    [
      "an object with a long array",
      { list: many(700, (i) => ({ id: `c-${i}`, nested: { n: [i] } })), after: 1 },
    ],
    [
      "a report-shaped object",
      {
        schemaVersion: 3,
        certificates: many(600, (i) => ({ id: i, sans: ["DNS:a", "IP:1.2.3.4"], skip: undefined })),
        relationships: many(70, (i) => ({ key: `k${i}`, chains: [{ steps: [] }] })),
        findings: [],
        summary: { error: 0 },
        gone: undefined,
      },
    ],
    ["undefined and functions inside a long array", { a: many(800, (i) => (i % 2 ? undefined : () => i)) }],
    ["a long array of arrays", many(100, (i) => many(i % 3, (j) => j))],
    ["text that needs escaping", many(70, (i) => `line\n"${i}"\u2028\t`)],
  ])("writes %s exactly as JSON.stringify(value, null, 2)", (_, value) => {
    expect([...jsonChunks(value)].join("")).toBe(JSON.stringify(value, null, 2));
  });

  it("writes a long top-level array in batches, never as one string", () => {
    const certificates = many(10_000, (i) => ({ id: `c-${i}`, paths: [`node-${i}/kubelet.pem`] }));
    const chunks = [...jsonChunks({ certificates })];
    const whole = JSON.stringify({ certificates }, null, 2);
    expect(chunks.join("")).toBe(whole);
    expect(chunks.length).toBeGreaterThan(30);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(whole.length / 20);
  });
});
