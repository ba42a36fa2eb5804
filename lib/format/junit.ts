/**
 * `--format junit`: the audit as a JUnit XML test report, which every CI system shows as tests.
 *
 * Suite `k8s-pki trust relationships` holds one test case per relationship instance (class: the
 * relationship id; name: its ends in words, with the instance key where there are several): an
 * `error` relationship fails with its error findings (the first title as the message; every error's
 * detail and fix in the body), an `unknown` one is skipped with what was missing, and warnings and
 * information go to its `system-out`, never failing it. Findings no relationship refers to
 * (PARSE_ERROR, INPUT_SKIPPED, an unused certificate's) form suite `k8s-pki inputs`, one test case
 * per code, failing on an error. The exit code stays `--fail-on`'s; the report only shows.
 *
 * Every string from the input is made inert and legal XML 1.0 (lib/format/xml-text.ts). A pure
 * function of the report: the CLI and the explorer's export give the same bytes.
 */
import type { Finding, Report, ReportRelationship } from "../report";
import { componentName, groupRelationships, relationshipFindings, unattachedFindings } from "./report-view";
import { xmlAttributes, xmlLines } from "./xml-text";

export const RELATIONSHIP_SUITE = "k8s-pki trust relationships";
export const INPUT_SUITE = "k8s-pki inputs";

interface TestCase {
  classname: string;
  name: string;
  failure?: { message: string; type: string; body: string[] };
  skipped?: string;
  output: string[];
}

/** One finding as lines of a test body: code and title, then detail, fix and files. */
function findingLines(finding: Finding): string[] {
  const lines = [`${finding.severity} ${finding.code}: ${finding.title}`, `  ${finding.detail}`];
  if (finding.fix) lines.push(`  Fix: ${finding.fix}`);
  if (finding.files.length > 0) lines.push(`  Files: ${finding.files.join(", ")}`);
  return lines;
}

/** A failure made of the error findings, or none when there are none. */
function failureOf(errors: readonly Finding[]): TestCase["failure"] {
  const [first] = errors;
  if (!first) return undefined;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return { message: `${first.title}${more}`, type: first.code, body: errors.flatMap(findingLines) };
}

function relationshipCase(report: Report, relationship: ReportRelationship): TestCase {
  const findings = relationshipFindings(report, relationship).map(({ finding }) => finding);
  const ends = `${componentName(report, relationship.client)} → ${componentName(report, relationship.server)}`;
  const testCase: TestCase = {
    classname: relationship.id,
    name: relationship.key === relationship.id ? ends : `${ends} (${relationship.key})`,
    output: findings.filter((finding) => finding.severity !== "error").flatMap(findingLines),
  };
  if (relationship.status === "error") {
    const errors = findings.filter((finding) => finding.severity === "error");
    testCase.failure = failureOf(errors) ?? {
      message: `${relationship.key} is judged broken`,
      type: "error",
      body: [relationship.summary],
    };
  } else if (relationship.status === "unknown") {
    testCase.skipped = `missing: ${relationship.missing.join("; ") || "inputs to judge it"}`;
  }
  return testCase;
}

/** Test cases for the findings no relationship refers to: one per code, in code order. */
function inputCases(report: Report): TestCase[] {
  const byCode = new Map<string, Finding[]>();
  for (const { finding } of unattachedFindings(report)) {
    const findings = byCode.get(finding.code) ?? [];
    findings.push(finding);
    byCode.set(finding.code, findings);
  }
  return [...byCode.keys()].sort().map((code) => {
    const findings = byCode.get(code) ?? [];
    const failure = failureOf(findings.filter((finding) => finding.severity === "error"));
    return {
      classname: "inputs",
      name: code,
      ...(failure ? { failure } : {}),
      output: findings.filter((finding) => finding.severity !== "error").flatMap(findingLines),
    };
  });
}

function caseXml(testCase: TestCase): string[] {
  const open = `    <testcase${xmlAttributes({ classname: testCase.classname, name: testCase.name, time: 0 })}`;
  const inner: string[] = [];
  if (testCase.failure) {
    const { message, type, body } = testCase.failure;
    inner.push(`      <failure${xmlAttributes({ message, type })}>${xmlLines(body)}</failure>`);
  }
  if (testCase.skipped !== undefined)
    inner.push(`      <skipped${xmlAttributes({ message: testCase.skipped })}/>`);
  if (testCase.output.length > 0) inner.push(`      <system-out>${xmlLines(testCase.output)}</system-out>`);
  return inner.length === 0 ? [`${open}/>`] : [`${open}>`, ...inner, "    </testcase>"];
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function counts(cases: readonly TestCase[]): Counts {
  return {
    tests: cases.length,
    failures: cases.filter((testCase) => testCase.failure).length,
    errors: 0,
    skipped: cases.filter((testCase) => testCase.skipped !== undefined).length,
  };
}

/** JUnit's timestamp: an ISO date-time without a zone (the XSD's form), here always UTC. */
function timestamp(now: string): string {
  const ms = Date.parse(now);
  return Number.isNaN(ms) ? now : new Date(ms).toISOString().slice(0, 19);
}

function suiteXml(name: string, cases: readonly TestCase[], report: Report, id: number): string[] {
  const properties = [
    ["judged-at", report.now],
    ["layout", report.layout?.name],
    ["kubernetes-version", report.cluster.kubernetesVersion],
  ].filter((entry): entry is [string, string] => entry[1] !== undefined);
  return [
    `  <testsuite${xmlAttributes({ name, ...counts(cases), time: 0, timestamp: timestamp(report.now), id })}>`,
    "    <properties>",
    ...properties.map(([key, value]) => `      <property${xmlAttributes({ name: key, value })}/>`),
    "    </properties>",
    ...cases.flatMap(caseXml),
    "  </testsuite>",
  ];
}

/** The report as a JUnit XML test report (UTF-8, final newline). */
export function formatJunit(report: Report): string {
  const { primary, secondary } = groupRelationships(report);
  const relationships = [...primary, ...secondary].map((relationship) =>
    relationshipCase(report, relationship),
  );
  const inputs = inputCases(report);
  const suites: [string, TestCase[]][] = [[RELATIONSHIP_SUITE, relationships]];
  if (inputs.length > 0) suites.push([INPUT_SUITE, inputs]);
  const total = counts([...relationships, ...inputs]);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites${xmlAttributes({ name: "k8s-pki audit", ...total, time: 0, timestamp: timestamp(report.now) })}>`,
    ...suites.flatMap(([name, cases], id) => suiteXml(name, cases, report, id)),
    "</testsuites>",
    "",
  ].join("\n");
}
