import { readFileSync } from "node:fs";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { ALL_FINDING_CODES, FINDING_CATALOGUE } from "../finding-codes";
import type { Report } from "../report";
import { REPO_ROOT } from "../test-support/fixtures";
import { FORMAT_REPORT_NAMES, formatReport } from "../test-support/format-reports";
import { HOSTILE_SEQUENCES } from "./hostile-input";
import { unsafeCharacters } from "./output-safety";
import { formatSarif } from "./sarif";
import { pathUri } from "./sarif-location";

const schema: unknown = JSON.parse(
  readFileSync(join(REPO_ROOT, "lib", "format", "schemas", "sarif-schema-2.1.0.json"), "utf8"),
);
const ajv = new AjvDraft04({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema as object);

/** The schema's complaints about `log`, one line each; empty when it is valid. */
function schemaErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

interface Log {
  runs: {
    tool: { driver: { name: string; rules: { id: string; defaultConfiguration: { level: string } }[] } };
    invocations: { executionSuccessful: boolean; properties: { judgedAt: string } }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
      partialFingerprints: { primaryLocationLineHash: string };
    }[];
    properties: { relationships: Record<string, number> };
  }[];
}

async function log(
  name: (typeof FORMAT_REPORT_NAMES)[number],
): Promise<{ report: Report; parsed: Log; text: string }> {
  const report = await formatReport(name);
  const text = formatSarif(report);
  return { report, text, parsed: JSON.parse(text) as Log };
}

describe("--format sarif", () => {
  it.each(FORMAT_REPORT_NAMES)("%s: valid against the SARIF 2.1.0 schema", async (name) => {
    const { parsed, text } = await log(name);
    expect(schemaErrors(parsed)).toEqual([]);
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("the validator is on: a log with a broken result fails", async () => {
    const { parsed } = await log("all-faults");
    const broken = structuredClone(parsed) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    const first = broken.runs[0]?.results[0];
    if (!first) throw new Error("no result to break");
    first.level = "fatal";
    first.ruleIndex = -2;
    delete first.message;
    expect(schemaErrors(broken).length).toBeGreaterThanOrEqual(3);
    expect(schemaErrors({ version: "2.1.0" })).not.toEqual([]);
  });

  it("has a rule for every code the product can emit, at its usual level", async () => {
    const { parsed } = await log("healthy");
    const rules = parsed.runs[0]?.tool.driver.rules ?? [];
    expect(rules.map((rule) => rule.id)).toEqual(ALL_FINDING_CODES);
    const level = { error: "error", warning: "warning", info: "note" } as const;
    for (const rule of rules)
      expect(rule.defaultConfiguration.level).toBe(
        level[FINDING_CATALOGUE[rule.id as keyof typeof FINDING_CATALOGUE].severity],
      );
  });

  it("has one result per finding, at the finding's level, pointing at its rule and its first file", async () => {
    const { report, parsed } = await log("all-faults");
    const run = parsed.runs[0];
    if (!run) throw new Error("no run");
    expect(run.results).toHaveLength(report.findings.length);
    const level = { error: "error", warning: "warning", info: "note" } as const;
    report.findings.forEach((finding, index) => {
      const result = run.results[index];
      expect(result?.ruleId).toBe(finding.code);
      expect(run.tool.driver.rules[result?.ruleIndex ?? -1]?.id).toBe(finding.code);
      expect(result?.level).toBe(level[finding.severity]);
      expect(result?.message.text.startsWith(finding.title)).toBe(true);
      const file = (finding.files[0] ?? "").split("#", 1)[0] ?? "";
      expect(decodeURIComponent(result?.locations[0]?.physicalLocation.artifactLocation.uri ?? "")).toBe(
        file,
      );
    });
    // Both severities of one code come out at their own levels.
    const levels = new Set(
      run.results.filter((r) => r.ruleId === "NODE_AUTHORIZER_DISABLED").map((r) => r.level),
    );
    expect(levels).toEqual(new Set(["error", "warning"]));
    expect(run.invocations[0]?.executionSuccessful).toBe(true);
    expect(run.invocations[0]?.properties.judgedAt).toBe(report.now);
    expect(run.properties.relationships.error).toBe(
      report.relationships.filter((r) => r.status === "error").length,
    );
  });

  it("fingerprints: distinct within a run, the same for the same fault on another day", async () => {
    const { report, parsed } = await log("all-faults");
    const prints = (parsed.runs[0]?.results ?? []).map((r) => r.partialFingerprints.primaryLocationLineHash);
    expect(new Set(prints).size).toBe(prints.length);
    // A day later the titles count other days; the fingerprints do not move.
    const later: Report = {
      ...report,
      now: "2026-06-02T00:00:00.000Z",
      findings: report.findings.map((finding) => ({ ...finding, title: `${finding.title} (later)` })),
    };
    const again = (JSON.parse(formatSarif(later)) as Log).runs[0]?.results ?? [];
    expect(again.map((r) => r.partialFingerprints.primaryLocationLineHash)).toEqual(prints);
  });

  it("hostile cluster: exact file names as URIs, messages without anything a terminal acts on", async () => {
    const { report, parsed, text } = await log("hostile");
    const results = parsed.runs[0]?.results ?? [];
    // The expired certificate under a hostile name: its URI names that exact file, every byte encoded.
    const expired = report.findings.findIndex(
      (f) => f.code === "CERT_EXPIRED" && f.files[0]?.includes("\u202e"),
    );
    const file = report.findings[expired]?.files[0] ?? "";
    expect(file).toContain(HOSTILE_SEQUENCES.clearScreen);
    const uri = results[expired]?.locations[0]?.physicalLocation.artifactLocation.uri ?? "";
    expect(decodeURIComponent(uri)).toBe(file);
    expect(uri).toMatch(/^[A-Za-z0-9\-._~!'()*%/]+$/);
    for (const result of results) expect(unsafeCharacters(result.message.text, { sgr: false })).toEqual([]);
    // Nor anywhere in the file: JSON escapes C0 controls, but a bidi override would stay raw.
    expect(unsafeCharacters(text, { sgr: false })).toEqual([]);
    expect(JSON.parse(text)).toEqual(parsed);
    expect(report.findings.some((finding) => finding.code === "PARSE_ERROR")).toBe(true);
  });

  it("an input not judged in full is not a successful run", async () => {
    const report = await formatReport("healthy");
    const emptied: Report = {
      ...report,
      inputs: { ...report.inputs, certificates: 0, keys: 0, kubeconfigs: 0, manifests: 0 },
    };
    const invocation = (JSON.parse(formatSarif(emptied)) as Log).runs[0]?.invocations[0];
    expect(invocation?.executionSuccessful).toBe(false);
    expect(schemaErrors(JSON.parse(formatSarif(emptied)))).toEqual([]);
  });

  it.each([
    { path: "etc/kubernetes/pki/apiserver.crt", want: "etc/kubernetes/pki/apiserver.crt" },
    { path: "a b/c#d.crt", want: "a%20b/c%23d.crt" },
    { path: "node:1/50%.pem", want: "node%3A1/50%25.pem" },
    { path: "evil\u001b\u202e.crt", want: "evil%1B%E2%80%AE.crt" },
    { path: "lone\ud800.crt", want: "lone%EF%BF%BD.crt" },
    { path: "", want: "." },
  ])("pathUri($path) is $want", ({ path, want }) => {
    expect(pathUri(path)).toBe(want);
  });
});
