import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "@/cli/main";
import { analyze } from "@/lib/analyze";
import { createRequestHandler } from "@/lib/bridge/handle-request";
import type { AnalysisResponse } from "@/lib/bridge/protocol";
import { formatHtmlReport } from "@/lib/format/html-report";
import { inputDigest } from "@/lib/format/input-digest";
import { formatMarkdown } from "@/lib/format/markdown";
import { STANDARD_FORMATS } from "@/lib/format/standard-formats";
import { FIXTURES, readTree, SAMPLE_NOW } from "@/lib/test-support/fixtures";
import { exportFileName, reportJson, type ExportKind } from "./export-files";

describe("export file names", () => {
  it.each<{ kind: ExportKind; now: string; want: string }>([
    { kind: "report-json", now: "2026-06-01T00:00:00.000Z", want: "k8s-pki-report-2026-06-01.json" },
    { kind: "markdown", now: "2026-06-01T23:59:59.999Z", want: "k8s-pki-audit-2026-06-01.md" },
    { kind: "graph-svg", now: "2026-12-01T00:00:00Z", want: "k8s-pki-topology-2026-12-01.svg" },
    { kind: "graph-png", now: "2026-12-01T00:00:00Z", want: "k8s-pki-topology-2026-12-01.png" },
    { kind: "timeline-svg", now: "2027-01-31T12:00:00+02:00", want: "k8s-pki-timeline-2027-01-31.svg" },
    { kind: "timeline-png", now: "not a date", want: "k8s-pki-timeline-undated.png" },
    { kind: "sarif", now: "2026-06-01T00:00:00Z", want: "k8s-pki-audit-2026-06-01.sarif" },
    { kind: "html", now: "2026-06-01T00:00:00Z", want: "k8s-pki-audit-2026-06-01.html" },
    { kind: "junit", now: "2026-06-01T00:00:00Z", want: "k8s-pki-junit-2026-06-01.xml" },
    { kind: "prometheus", now: "2026-06-01T00:00:00Z", want: "k8s-pki-metrics-2026-06-01.prom" },
  ])("$kind at $now", ({ kind, now, want }) => {
    expect(exportFileName(kind, now)).toBe(want);
  });
});

const sample = join(FIXTURES, "kubeadm-v1.20");

/** Every base64 line of every PEM private key in the fixture: none may appear in any export. */
function privateKeyLines(): string[] {
  const lines: string[] = [];
  for (const file of readTree(sample)) {
    const text = new TextDecoder().decode(file.bytes);
    for (const block of text.matchAll(/-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END/g))
      lines.push(...(block[1] ?? "").split(/\s+/).filter((line) => line.length >= 40));
  }
  return lines;
}

describe("report JSON", () => {
  it("is byte for byte what `k8s-pki audit --format json` prints for the same folder", async () => {
    let stdout = "";
    const code = await main(["audit", sample, "--format", "json", "--now", SAMPLE_NOW], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => undefined },
      env: {},
      clock: () => new Date(SAMPLE_NOW),
    });
    expect(code).toBe(0);
    const report = await analyze(readTree(sample), { now: SAMPLE_NOW });
    expect(reportJson(report)).toBe(stdout);
  });

  it("never contains private key bytes, in JSON, Markdown or HTML", async () => {
    const keys = privateKeyLines();
    // The fixture holds real keys (ca.key, apiserver.key, sa.key, ...): the check is not empty.
    expect(keys.length).toBeGreaterThan(50);
    const report = await analyze(readTree(sample), { now: SAMPLE_NOW });
    expect(report.inputs.keys).toBeGreaterThan(5);
    const digest = await inputDigest(readTree(sample), globalThis.crypto);
    for (const text of [reportJson(report), formatMarkdown(report), formatHtmlReport(report, { digest })]) {
      expect(text).not.toContain("PRIVATE KEY");
      for (const line of keys) expect(text).not.toContain(line);
    }
    // And the report still names where the keys were found.
    expect(readFileSync(join(sample, "pki", "ca.key"), "utf8")).toContain("PRIVATE KEY");
    expect(reportJson(report)).toContain("pki/ca.key");
  });
});

describe("SARIF, JUnit XML, Prometheus metrics and the HTML report", () => {
  it.each([...STANDARD_FORMATS, "html" as const])(
    "%s: the page's file is byte for byte what the CLI prints",
    async (format) => {
      let stdout = "";
      const code = await main(["audit", sample, "--format", format, "--now", SAMPLE_NOW], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => undefined },
        env: {},
        clock: () => new Date(SAMPLE_NOW),
      });
      expect(code).toBe(0);
      expect(stdout.length).toBeGreaterThan(1000);
      // The page's path: the analysis engine analyses the drop, then makes the file where the report is.
      const handle = createRequestHandler(globalThis.crypto, { inParts: true });
      const posted: AnalysisResponse[] = [];
      const files = readTree(sample).map((file) => ({ path: file.path, bytes: file.bytes.slice().buffer }));
      await handle({ type: "analyze", id: 1, files, now: SAMPLE_NOW, warnDays: 30 }, (r) => posted.push(r));
      await handle({ type: "export", id: 2, of: 1, format }, (r) => posted.push(r));
      const exported = posted.at(-1);
      if (exported?.type !== "exported") throw new Error(`expected a file, got ${exported?.type}`);
      expect(new TextDecoder().decode(exported.bytes)).toBe(stdout);
    },
  );
});

describe("the HTML report's input digest, made where the report is", () => {
  it("is of the bytes as sent, even when preparers take them away during the analysis", async () => {
    const tree = readTree(sample);
    const want = await inputDigest(tree, globalThis.crypto);
    const handle = createRequestHandler(globalThis.crypto, { inParts: true });
    const posted: AnalysisResponse[] = [];
    const files = tree.map((file) => ({ path: file.path, bytes: file.bytes.slice().buffer }));
    const analysed = handle({ type: "analyze", id: 1, files, now: SAMPLE_NOW, warnDays: 30 }, (r) =>
      posted.push(r),
    );
    // As a prepare Worker's port does: the buffers are transferred, and detached here.
    structuredClone(
      files.map((file) => file.bytes),
      { transfer: files.map((file) => file.bytes) },
    );
    expect(files.every((file) => file.bytes.byteLength === 0)).toBe(true);
    await analysed;
    await handle({ type: "export", id: 2, of: 1, format: "html" }, (r) => posted.push(r));
    const exported = posted.at(-1);
    if (exported?.type !== "exported") throw new Error(`expected a file, got ${exported?.type}`);
    const html = new TextDecoder().decode(exported.bytes);
    expect(html).toContain(`<dt>SHA-256</dt><dd><code>${want.sha256}</code>`);
    expect(html).toContain(`${want.files} files in the digest`);
  });
});
