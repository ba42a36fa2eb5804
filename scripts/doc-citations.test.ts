/**
 * Every Kubernetes-fact citation in the code must land on something in docs/k8s-pki-spec.md, so a reader
 * of any clone can follow it. A citation starts at `k8s-pki-spec` (or `k8s-pki-spec.md`) and runs to
 * the end of its parenthesis or sentence; each `§X[.Y]` inside it, with an optional `row(s) N, M, K–L`
 * or `item(s) N`, must name a heading of the spec and, when given, rows of the table or items of the
 * numbered list under that very heading.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SPEC = "docs/k8s-pki-spec.md";
const ROOTS = ["lib", "cli", "scripts", "components", "app"];
const SKIPPED_DIRS = new Set(["node_modules", "cli/dist"]);
const SOURCE = /\.(ts|tsx|mjs)$/;
const THIS_FILE = "scripts/doc-citations.test.ts";

interface SpecSection {
  rows: Set<number>;
  items: Set<number>;
}

interface Citation {
  line: number;
  section: string;
  kind?: "row" | "item";
  numbers: number[];
}

/** The spec's sections by number, each with the row numbers of its tables and its numbered items. */
function indexSpec(markdown: string): Map<string, SpecSection> {
  const sections = new Map<string, SpecSection>();
  let current: SpecSection | undefined;
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading?.[1] !== undefined) {
      current = { rows: new Set(), items: new Set() };
      sections.set(heading[1], current);
      continue;
    }
    const row = /^\|\s*(\d+)\s*\|/.exec(line);
    if (row?.[1] !== undefined) current?.rows.add(Number(row[1]));
    const item = /^(\d+)\.\s/.exec(line);
    if (item?.[1] !== undefined) current?.items.add(Number(item[1]));
  }
  return sections;
}

/** Where a citation that starts at `from` ends: its closing parenthesis, its sentence or its comment. */
function citationEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")" && depth-- === 0) return i;
    else if (ch === "." && /\s/.test(text[i + 1] ?? " ")) return i;
    else if (ch === "*" && text[i + 1] === "/") return i;
    else if (ch === "\n" && !/^[ \t]*(\*(?!\/)|\/\/)/.test(text.slice(i + 1, i + 40))) return i;
  }
  return text.length;
}

/** "1–9, 13" → [1, …, 9, 13]. */
function expandNumbers(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from = NaN, to = from] = part.split(/[–-]/).map((n) => Number(n.trim()));
    return Array.from({ length: to - from + 1 }, (_, k) => from + k);
  });
}

const ANCHOR = /k8s-pki-spec(?:\.md)?/g;
const PLACE =
  /§(\d+(?:\.\d+)*)(?:\s+(row|item)s?\s+(\d+(?:\s*[–-]\s*\d+)?(?:\s*,\s*\d+(?:\s*[–-]\s*\d+)?)*))?/g;

/** Every place in the spec a source text cites, with its line. */
function findCitations(text: string): Citation[] {
  const citations: Citation[] = [];
  for (const anchor of text.matchAll(ANCHOR)) {
    const start = anchor.index + anchor[0].length;
    const region = text.slice(start, citationEnd(text, start));
    for (const place of region.matchAll(PLACE)) {
      const [, section = "", kind, list] = place;
      const line = text.slice(0, start + place.index).split("\n").length;
      citations.push({
        line,
        section,
        kind: kind === "row" || kind === "item" ? kind : undefined,
        numbers: list === undefined ? [] : expandNumbers(list),
      });
    }
  }
  return citations;
}

/** Why a citation does not resolve, or undefined when it does. */
function unresolved(citation: Citation, spec: Map<string, SpecSection>): string | undefined {
  const section = spec.get(citation.section);
  if (section === undefined) return `§${citation.section} is not a section of ${SPEC}`;
  if (citation.kind === undefined) return undefined;
  const present = citation.kind === "row" ? section.rows : section.items;
  const missing = citation.numbers.filter((n) => !present.has(n));
  return missing.length === 0
    ? undefined
    : `§${citation.section} has no ${citation.kind} ${missing.join(", ")}`;
}

/** Every problem in one file's citations, as `file:line: why`. */
function checkSource(file: string, text: string, spec: Map<string, SpecSection>): string[] {
  return findCitations(text).flatMap((c) => {
    const why = unresolved(c, spec);
    return why === undefined ? [] : [`${file}:${c.line}: ${why}`];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return SKIPPED_DIRS.has(path) || SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && path !== THIS_FILE ? [path] : [];
  });
}

const MINI_SPEC = [
  "## 2. Kubeconfigs",
  "1. first item",
  "2. second item",
  "### 2.1 Table",
  "| #   | what |",
  "| --- | ---- |",
  "| 1   | a    |",
  "| 2   | b    |",
  "| 3   | c    |",
  "| row 4 | not a numbered row |",
  "```",
  "| 5   | inside a code block |",
  "```",
].join("\n");

describe("the citation resolver", () => {
  const spec = indexSpec(MINI_SPEC);

  it.each([
    { name: "a section", source: "// x (k8s-pki-spec §2.1).", want: [] },
    { name: "a row", source: "// x (k8s-pki-spec §2.1 row 3).", want: [] },
    { name: "rows with a range", source: "// x (k8s-pki-spec §2.1 rows 1–3).", want: [] },
    { name: "an item", source: "// x (k8s-pki-spec §2 item 2).", want: [] },
    { name: "a chain", source: "// x (k8s-pki-spec §2.1 row 1, §2 item 1, §2).", want: [] },
    { name: "the file name", source: "// facts (k8s-pki-spec.md; §2 the list).", want: [] },
    { name: "a missing section", source: "// x (k8s-pki-spec §3).", want: ["f.ts:1: §3 is not a section"] },
    { name: "a missing row", source: "// x (k8s-pki-spec §2.1 row 4).", want: ["f.ts:1: §2.1 has no row 4"] },
    {
      name: "a range past the table",
      source: "// x (k8s-pki-spec §2.1 rows 2–5).",
      want: ["f.ts:1: §2.1 has no row 4, 5"],
    },
    { name: "a missing item", source: "// x (k8s-pki-spec §2 item 3).", want: ["f.ts:1: §2 has no item 3"] },
    { name: "rows of a list", source: "// x (k8s-pki-spec §2 row 1).", want: ["f.ts:1: §2 has no row 1"] },
    {
      name: "a chained place that is missing",
      source: "// x (k8s-pki-spec §2.1 row 1, §7 row 16).",
      want: ["f.ts:1: §7 is not a section"],
    },
    {
      name: "a citation continued on the next comment line",
      source: "/**\n * x (k8s-pki-spec §2,\n * §2.2 item 1) y\n */",
      want: ["f.ts:3: §2.2 is not a section"],
    },
    { name: "a § after the citation ends", source: "// x (k8s-pki-spec §2). See RFC 5280 §6.1.3.", want: [] },
    { name: "a § before the anchor", source: "// RFC 5280 §6.1.3 (k8s-pki-spec §2.1).", want: [] },
  ])("$name", ({ source, want }) => {
    const got = checkSource("f.ts", source, spec).map((p) => p.replace(` of ${SPEC}`, ""));
    expect(got).toEqual(want);
  });
});

describe(SPEC, () => {
  const spec = indexSpec(readFileSync(SPEC, "utf8"));

  it.each([
    { section: "4.1", kind: "rows", count: 14 },
    { section: "7", kind: "rows", count: 26 },
    { section: "8", kind: "items", count: 15 },
    { section: "9", kind: "items", count: 10 },
  ] as const)("keeps §$section $kind 1–$count", ({ section, kind, count }) => {
    const got = [...(spec.get(section)?.[kind] ?? [])].sort((a, b) => a - b);
    expect(got).toEqual(Array.from({ length: count }, (_, k) => k + 1));
  });

  it("has a place for every citation in the code", () => {
    const files = ROOTS.flatMap(sourceFiles);
    const texts = files.map((file) => ({ file, text: readFileSync(file, "utf8") }));
    const problems = texts.flatMap(({ file, text }) => checkSource(file, text, spec));
    const citations = texts.flatMap(({ text }) => findCitations(text));
    // The scanner must actually see the code's citations, or an empty problem list proves nothing.
    expect(citations.length).toBeGreaterThan(40);
    expect(citations.some((c) => c.section === "4.1" && c.kind === "row" && c.numbers.includes(10))).toBe(
      true,
    );
    expect(problems).toEqual([]);
  });
});
