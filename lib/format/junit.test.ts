import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { requireTool, runTool } from "../test-support/external-tool";
import { FORMAT_REPORT_NAMES, formatReport } from "../test-support/format-reports";
import { tempDir } from "../test-support/pki-material";
import { HOSTILE_SEQUENCES } from "./hostile-input";
import { INPUT_SUITE, RELATIONSHIP_SUITE, formatJunit } from "./junit";
import { unsafeCharacters } from "./output-safety";
import { unattachedFindings } from "./report-view";
import { xmlText } from "./xml-text";

/** The JUnit text in a file, and an XPath evaluator on it run by xmllint (a real XML parser). */
function parsed(text: string): { file: string; xpath: (expression: string) => string } {
  const xmllint = requireTool("xmllint", "libxml2-utils");
  const file = join(tempDir(), "junit.xml");
  writeFileSync(file, text);
  return {
    file,
    xpath: (expression) => {
      const run = runTool(xmllint, ["--xpath", expression, file]);
      if (run.status !== 0) throw new Error(`xmllint --xpath ${expression}: ${run.stderr}`);
      return run.stdout.trim();
    },
  };
}

const count = (xpath: (expression: string) => string, expression: string) =>
  Number(xpath(`count(${expression})`));

describe("--format junit", () => {
  it.each(FORMAT_REPORT_NAMES)(
    "%s: well-formed XML 1.0 (xmllint --noout), counts that add up",
    async (name) => {
      const report = await formatReport(name);
      const { file, xpath } = parsed(formatJunit(report));
      const lint = runTool(requireTool("xmllint", "libxml2-utils"), ["--noout", file]);
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      const suite = `/testsuites/testsuite[@name="${RELATIONSHIP_SUITE}"]`;
      expect(count(xpath, `${suite}/testcase`)).toBe(report.relationships.length);
      for (const scope of ["/testsuites", "/testsuites/testsuite"]) {
        for (const [attribute, cases] of [
          ["tests", "testcase"],
          ["failures", "testcase[failure]"],
          ["skipped", "testcase[skipped]"],
          ["errors", "testcase[error]"],
        ] as const) {
          const declared = Number(xpath(`sum(${scope}/@${attribute})`));
          expect(declared, `${scope}/@${attribute}`).toBe(count(xpath, `/testsuites//${cases}`));
        }
      }
      expect(xpath("string(/testsuites/@timestamp)")).toBe(report.now.slice(0, 19));
    },
  );

  it("fails each broken relationship with its errors, skips each unknown one with what was missing", async () => {
    const report = await formatReport("all-faults");
    const { xpath } = parsed(formatJunit(report));
    const suite = `/testsuites/testsuite[@name="${RELATIONSHIP_SUITE}"]`;
    const broken = report.relationships.filter((r) => r.status === "error");
    expect(broken.length).toBeGreaterThan(10);
    expect(count(xpath, `${suite}/testcase[failure]`)).toBe(broken.length);
    expect(count(xpath, `${suite}/testcase[skipped]`)).toBe(
      report.relationships.filter((r) => r.status === "unknown").length,
    );
    // Warnings never fail a test case: they are in its output.
    const warned = report.relationships.filter((r) => r.status === "warning");
    expect(warned.length).toBeGreaterThan(0);
    expect(
      count(xpath, `${suite}/testcase[not(failure) and not(skipped) and contains(system-out, "warning ")]`),
    ).toBeGreaterThanOrEqual(warned.length);
    // One broken relationship in full: its class, its name in words, its first error as the message.
    const sanMissing = broken.find((r) => r.findings.includes("SAN_MISSING") && r.id === "etcd-peer");
    if (!sanMissing) throw new Error("no broken etcd-peer relationship");
    const testCase = `${suite}/testcase[@classname="etcd-peer" and contains(@name, "${sanMissing.key}")]`;
    expect(count(xpath, testCase)).toBe(1);
    expect(xpath(`string(${testCase}/failure/@type)`)).toBe("SAN_MISSING");
    expect(xpath(`string(${testCase}/failure/@message)`)).toMatch(/does not cover/);
    expect(xpath(`string(${testCase}/failure)`)).toContain("Fix: ");
    expect(xpath(`string(${testCase}/@name)`)).toMatch(/^etcd.* → etcd.*\(etcd-peer/);
  });

  it("puts findings of no relationship in the inputs suite, one test case per code, failing on an error", async () => {
    const report = await formatReport("all-faults");
    const { xpath } = parsed(formatJunit(report));
    const unattached = unattachedFindings(report).map(({ finding }) => finding);
    const codes = [...new Set(unattached.map((finding) => finding.code))].sort();
    expect(codes).toContain("PARSE_ERROR");
    const suite = `/testsuites/testsuite[@name="${INPUT_SUITE}"]`;
    expect(
      xpath(`${suite}/testcase/@name`)
        .split("\n")
        .map((line) => line.trim().replace(/^name="|"$/g, "")),
    ).toEqual(codes);
    const failing = codes.filter((code) => unattached.some((f) => f.code === code && f.severity === "error"));
    expect(count(xpath, `${suite}/testcase[failure]`)).toBe(failing.length);
    expect(count(xpath, `${suite}/testcase[@name="PARSE_ERROR"]/failure`)).toBe(0);
  });

  it("a healthy node has no inputs suite and no failure", async () => {
    const { xpath } = parsed(formatJunit(await formatReport("healthy")));
    expect(count(xpath, "/testsuites/testsuite")).toBe(1);
    expect(xpath("string(/testsuites/@failures)")).toBe("0");
  });

  it("hostile cluster: every control character written as a visible escape, the structure intact", async () => {
    const report = await formatReport("hostile");
    const text = formatJunit(report);
    expect(unsafeCharacters(text, { sgr: false })).toEqual([]);
    expect(text).toContain("\\x1B[2J");
    expect(text).toContain("\\u202E");
    expect(text).not.toContain("<script>");
    const { xpath } = parsed(text);
    expect(count(xpath, "//testcase")).toBe(
      report.relationships.length + new Set(unattachedFindings(report).map((f) => f.finding.code)).size,
    );
    // The parsed text holds the escapes as text: the hostile sequences never reached the parser.
    expect(xpath("string(/testsuites)")).toContain("\\x1B]0;owned\\x07");
    expect(xpath("string(//testcase[@name='CERT_EXPIRED']/system-out)")).toContain("\\u202Egnp.exe");
  });

  it("is the same for the same report", async () => {
    const report: Report = await formatReport("all-faults");
    expect(formatJunit(structuredClone(report))).toBe(formatJunit(report));
  });

  it.each([
    { text: `a<b & "c" 'd'>`, want: "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;" },
    { text: `tab\tnl\ncr\r${HOSTILE_SEQUENCES.clearScreen}`, want: "tab\\tnl\\ncr\\r\\x1B[2J" },
    { text: "nul\u0000 fffe\ufffe lone\ud800", want: "nul\\x00 fffe\\uFFFE lone\\uD800" },
    { text: "é ✓ 漢字 😀", want: "é ✓ 漢字 😀" },
  ])("xmlText($text)", ({ text, want }) => {
    expect(xmlText(text)).toBe(want);
  });
});
