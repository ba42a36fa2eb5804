/**
 * Damage aimed at the YAML and JSON readers: billion-laughs alias bombs (exponential and
 * self-referencing), deep `[[[…` / `{a:{a:…` / `- - -` nesting, and 1–4 MB lines. Each lands
 * where a reader will meet it: as the value of one of the file's own keys, as a new top-level key,
 * or as the whole file.
 */
import type { Prng } from "../prng";
import { type FileMutator, type MutableFile, splice, utf8 } from "./mutator";

const CONFIG_PATH =
  /\.(ya?ml|conf|json|kubeconfig|env|service)$|(^|\/)(config|kubeconfig|[^/.]+\.conf\.d\/.*)$/;

/** A file a YAML/JSON (or line-based config) reader will read: by name, or by looking like one. */
export function isConfigFile(file: MutableFile): boolean {
  if (file.text.includes("-----BEGIN ")) return false;
  return CONFIG_PATH.test(file.path) || /^(apiVersion|kind|\{|---)/m.test(file.text.slice(0, 200));
}

/** Lines of the form `  key: value` (value non-empty): places a new value can go. */
function valueLines(text: string): { start: number; valueStart: number; end: number }[] {
  const out: { start: number; valueStart: number; end: number }[] = [];
  for (const match of text.matchAll(/^([ \t-]*"?[A-Za-z0-9_.\/-]+"?\s*:[ \t]+)(\S[^\n]*)$/gm)) {
    const start = match.index ?? 0;
    const valueStart = start + (match[1] ?? "").length;
    out.push({ start, valueStart, end: valueStart + (match[2] ?? "").length });
  }
  return out;
}

/** The text with `value` placed: as one key's value, as a new first/last top-level key, or alone. */
function place(file: MutableFile, value: string, rng: Prng, prelude = ""): string {
  const lines = valueLines(file.text);
  const where = rng.int(4);
  if (where === 0 && lines.length > 0) {
    const line = rng.pick(lines);
    return prelude + file.text.slice(0, line.valueStart) + value + file.text.slice(line.end);
  }
  if (where === 1) return `${prelude}fuzz: ${value}\n${file.text}`;
  if (where === 2) return `${prelude}${file.text}${file.text.endsWith("\n") ? "" : "\n"}fuzz: ${value}\n`;
  return `${prelude}fuzz: ${value}\n`;
}

function laughs(rng: Prng): { prelude: string; alias: string } {
  const levels = rng.range(4, 12);
  const width = rng.range(4, 10);
  const lines = [`l0: &l0 [${Array(width).fill('"lol"').join(", ")}]`];
  for (let level = 1; level < levels; level++)
    lines.push(
      `l${level}: &l${level} [${Array(width)
        .fill(`*l${level - 1}`)
        .join(", ")}]`,
    );
  return { prelude: `${lines.join("\n")}\n`, alias: `*l${levels - 1}` };
}

const BOMBS: ((rng: Prng) => { prelude: string; value: string })[] = [
  (rng) => {
    const { prelude, alias } = laughs(rng);
    return { prelude, value: alias };
  },
  // An anchor whose value names itself.
  (rng) => ({ prelude: "", value: `&a [${Array(rng.range(2, 10)).fill("*a").join(", ")}]` }),
  // Merge keys multiplying one mapping.
  (rng) => ({
    prelude: "m0: &m0 {a: 1, b: 2}\n",
    value: `{<<: [${Array(rng.range(2, 2000)).fill("*m0").join(", ")}]}`,
  }),
  // One large anchored string referred to many times.
  (rng) => ({
    prelude: `big: &big "${"x".repeat(rng.pick([1_000, 100_000, 1_000_000]))}"\n`,
    value: `[${Array(rng.pick([10, 1_000, 10_000]))
      .fill("*big")
      .join(", ")}]`,
  }),
  // An alias to an anchor never defined, and an anchor defined twice.
  () => ({ prelude: "dup: &d 1\ndup2: &d 2\n", value: "*missing" }),
];

const yamlBomb: FileMutator = {
  name: "yaml-bomb",
  weight: 5,
  applies: isConfigFile,
  mutate(file, rng) {
    const { prelude, value } = rng.pick(BOMBS)(rng);
    return utf8(place(file, value, rng, prelude));
  },
};

function nested(rng: Prng): string {
  const depth = rng.pick([100, 1_000, 10_000, 100_000]);
  const closed = rng.chance(0.6);
  switch (rng.int(5)) {
    case 0:
      return "[".repeat(depth) + (closed ? "]".repeat(depth) : "");
    case 1:
      return "{a:".repeat(depth) + "1" + (closed ? "}".repeat(depth) : "");
    case 2:
      return '{"a":'.repeat(depth) + "1" + (closed ? "}".repeat(depth) : "");
    case 3:
      return `\n${"- ".repeat(Math.min(depth, 20_000))}x`;
    default: {
      // Block mappings indented one step deeper per level (the text grows with depth²).
      const levels = Math.min(depth, 2_000);
      const lines: string[] = [""];
      for (let level = 1; level <= levels; level++) lines.push(`${" ".repeat(level)}a:`);
      return `${lines.join("\n")} 1`;
    }
  }
}

const deepNesting: FileMutator = {
  name: "deep-nesting",
  weight: 5,
  applies: isConfigFile,
  mutate: (file, rng) => utf8(place(file, nested(rng), rng)),
};

function hugeText(rng: Prng): string {
  const size = rng.range(1 << 20, 4 << 20);
  const unit = rng.pick([
    "A",
    " ",
    "a: ",
    "- ",
    "-",
    "\u00e9",
    "\\",
    "[",
    "&a *a ",
    "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx4Nz0Qm1yF8tGr5ZqPjWk2sLvD0bHcEuA7iXoYzR9",
  ]);
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

const hugeLine: FileMutator = {
  name: "huge-line",
  weight: 4,
  applies: () => true,
  mutate(file, rng) {
    const line = hugeText(rng);
    if (rng.chance(0.4) && valueLines(file.text).length > 0) return utf8(place(file, line, rng));
    // Byte-wise, so a binary file keeps its other bytes.
    const starts = [0];
    file.bytes.forEach((byte, i) => {
      if (byte === 0x0a) starts.push(i + 1);
    });
    return splice(file.bytes, rng.pick(starts), 0, utf8(`${line}\n`));
  },
};

export const YAML_MUTATORS: readonly FileMutator[] = [yamlBomb, deepNesting, hugeLine];
