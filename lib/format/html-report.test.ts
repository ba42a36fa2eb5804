import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { formatHtmlReport } from "./html-report";
import { liveHtml } from "./html-report-safety";
import { escapeHtml } from "./html-report-text";
import { PRODUCT_VERSION } from "./html-report-version";
import { type InputDigest, inputDigest } from "./input-digest";
import { certificateRows } from "./certificate-rows";
import { renewalPlan } from "../plan/renewal-plan";

// The multi-node rotation: a cluster CA rotated on the control plane and not on a worker.
const ROTATION = fixtureDir("rotation/cluster-ca-2-mistake-worker-skipped");
const NOW = "2026-12-01T00:00:00Z";

let report: Report;
let digest: InputDigest;
let html: string;
beforeAll(async () => {
  const files = readTree(ROTATION);
  digest = await inputDigest(files, globalThis.crypto);
  report = await analyze(files, { now: NOW });
  html = formatHtmlReport(report, { digest });
}, 120_000);

/** The text of the section that starts at `<h2 id="…">`, up to the next section heading. */
function section(id: string): string {
  const start = html.indexOf(`<h2 id="${id}">`);
  expect(start, id).toBeGreaterThan(0);
  const next = html.indexOf("<h2 ", start + 1);
  return html.slice(start, next === -1 ? undefined : next);
}

describe("the HTML report of the multi-node rotation", () => {
  it("is one document with every section, in order", () => {
    expect(html.startsWith("<!DOCTYPE html>\n")).toBe(true);
    expect(html.endsWith("</html>\n")).toBe(true);
    const order = ["topology", "timeline", "findings", "relationships", "certificates", "plan", "digest"].map(
      (id) => html.indexOf(`id="${id}"`, html.indexOf("</nav>")),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain(`<body data-status="${report.summary.status}">`);
  });

  it("leads with the overall status, the counts and what was judged", () => {
    const header = html.slice(0, html.indexOf("</header>"));
    expect(report.summary.status).toBe("error");
    expect(header).toContain("overall status: ✗ error");
    expect(header).toMatch(/\d+ errors?, \d+ warnings?, \d+ info/);
    expect(header).toContain("Judged at 2026-12-01 00:00 UTC");
    expect(header).toContain("kubeadm layout");
    expect(header).toContain(`${report.inputs.files} files read`);
  });

  it("explains every finding: its code, title, detail, evidence and fix", () => {
    const findings = section("findings");
    const text = findings.replace(/<[^>]+>/g, "");
    expect(report.findings.length).toBeGreaterThan(3);
    for (const finding of report.findings) {
      expect(findings).toContain(`data-code="${finding.code}"`);
      expect(text).toContain(escapeHtml(finding.title));
      expect(text).toContain(escapeHtml(finding.detail));
      if (finding.fix) expect(text).toContain(escapeHtml(finding.fix.replace(/`/g, "")));
      for (const evidence of finding.evidence ?? []) expect(text).toContain(escapeHtml(evidence.fact));
    }
    expect(findings).toContain("<dt>Fix</dt>");
    expect(findings).toContain("<dt>Rests on</dt>");
  });

  it("draws the topology with a legend and the timeline with one bar per row and a legend", () => {
    const topology = section("topology");
    expect(topology).toContain('data-status="error"');
    expect(topology).toContain("error: broken or about to break");
    expect(topology).toContain("An arrow runs from a client to the server that verifies it");
    for (const node of report.cluster.nodes) expect(topology).toContain(`>${node}<`);
    const timeline = section("timeline");
    expect(timeline.match(/<g class="bar"/g)).toHaveLength(certificateRows(report).length);
    expect(timeline).toContain("ok: valid past the warning window");
    expect(timeline).toContain("judged 2026-12-01");
  });

  it("lists the relationships, the inventory and the plan's commands", () => {
    expect(section("relationships")).toContain("<code>apiserver-kubelet-client:worker-2</code>");
    const certificates = section("certificates");
    expect(certificates).toContain("<thead><tr><th>Paths</th>");
    for (const certificate of report.certificates)
      expect(certificates).toContain(escapeHtml(certificate.paths[0] ?? ""));
    const plan = section("plan");
    const commands = renewalPlan(report).commands;
    expect(commands.length).toBeGreaterThan(0);
    expect(plan).toContain(`<pre class="commands"><code>${escapeHtml(commands.join("\n"))}</code></pre>`);
  });

  it("names the judge instant, layout, file count, input digest and version in its footer", () => {
    const footer = section("digest");
    expect(footer).toContain(`<dd>${report.now}</dd>`);
    expect(footer).toContain("kubeadm layout");
    expect(digest.files).toBe(readTree(ROTATION).length);
    expect(footer).toContain(`${digest.files} files in the digest`);
    expect(footer).toMatch(/<code>[0-9a-f]{64}<\/code>/);
    expect(footer).toContain(`<code>${digest.sha256}</code>`);
    expect(footer).toContain(`k8s-pki ${PRODUCT_VERSION}`);
    expect(footer).toContain("sha256sum");
  });

  it("loads nothing and runs nothing: no script, link, external reference or handler", () => {
    expect(liveHtml(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<link|\s(src|href)\s*=\s*["']?(https?:|\/\/)/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it("is the same bytes for the same report and digest", () => {
    expect(formatHtmlReport(report, { digest })).toBe(html);
  });
});
