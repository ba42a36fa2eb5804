/**
 * The Prometheus text exposition format (version 0.0.4), as node_exporter's textfile collector reads
 * it: each family's `# HELP` and `# TYPE` lines, then its samples, families contiguous. Label values
 * come from the input (subjects, file names), so each is first made inert — a control, bidi or
 * invisible character becomes a visible escape — and then escaped as the format asks (`\\`, `\"`,
 * `\n`): no value can end a line, close a quote or hide what it says. Output is sorted, so the same
 * report always gives the same bytes.
 */
import { inertText } from "./inert-text";

/** One sample: its labels (name → value) and its value. */
export interface Sample {
  labels: Readonly<Record<string, string>>;
  value: number;
}

/** One metric family: every sample of one metric name. */
export interface MetricFamily {
  name: string;
  help: string;
  type: "gauge" | "counter";
  samples: readonly Sample[];
}

/** A label value as the format quotes it: inert first, then `\`, `"` and line feeds escaped. */
export function labelValue(value: string): string {
  return inertText(value).replace(/[\\"\n]/g, (character) => (character === "\n" ? "\\n" : `\\${character}`));
}

function helpText(text: string): string {
  return inertText(text).replace(/[\\\n]/g, (character) => (character === "\n" ? "\\n" : "\\\\"));
}

/** A value as Go's parser reads it: integers in full, other numbers in JavaScript's shortest form. */
function sampleValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "+Inf" : "-Inf";
  return String(value);
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `{a="1",b="2"}` with the labels in name order; empty values are left out, as Prometheus reads them. */
function labelSet(labels: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(labels)
    .filter(([, value]) => value !== "")
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([name, value]) => `${name}="${labelValue(value)}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

/**
 * The families as exposition text: in name order, each with its HELP and TYPE, its samples in the
 * order of their label sets, a family without samples left out, and a final newline. A sample
 * whose label set its family already has is dropped (the second would make the scrape fail).
 */
export function expositionText(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of [...families].sort((a, b) => byCodeUnits(a.name, b.name))) {
    const rendered = new Map<string, string>();
    for (const sample of family.samples) {
      const labels = labelSet(sample.labels);
      if (!rendered.has(labels)) rendered.set(labels, `${family.name}${labels} ${sampleValue(sample.value)}`);
    }
    if (rendered.size === 0) continue;
    lines.push(`# HELP ${family.name} ${helpText(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const labels of [...rendered.keys()].sort(byCodeUnits)) lines.push(rendered.get(labels) ?? "");
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
