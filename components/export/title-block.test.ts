import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import type { Report } from "@/lib/report";
import { estimateWidth, PALETTE_NAMES, type Palette } from "./svg-text";
import { titleBlockSvg, titleFacts } from "./title-block";

const palette = Object.fromEntries(PALETTE_NAMES.map((name) => [name, `rgb(1, 2, 3)`])) as Palette;
const kubeadm: Report["layout"] = { name: "kubeadm", evidence: ["pki/ca.crt"] };

function withCluster(cluster: Partial<Report["cluster"]>, overrides: Partial<Report> = {}): Report {
  const report = sampleReport(overrides);
  return { ...report, cluster: { ...report.cluster, ...cluster } };
}

describe("titleFacts", () => {
  it("names the product, drawing, cluster, layout, judge date and overall status", () => {
    const report = withCluster({ endpoints: ["https://k8s-api.internal:6443"] }, { layout: kubeadm });
    expect(titleFacts("graph", report)).toEqual({
      title: "K8s PKI Explorer — Trust topology",
      cluster: "Cluster: https://k8s-api.internal:6443 · Kubernetes v1.20.2 · node cp-1",
      layout: "Layout: kubeadm layout",
      judged: `Judged at ${report.now.slice(0, 10)} ${report.now.slice(11, 16)} UTC`,
      status: "Overall: Error — 1 error, 2 warnings, 1 info",
      statusTone: "error",
    });
    expect(titleFacts("timeline", report).title).toBe("K8s PKI Explorer — Certificate expiry timeline");
  });

  it("falls back to the advertised address, and counts many nodes", () => {
    const report = withCluster({ advertiseAddress: "10.0.0.10", nodes: ["a", "b", "c", "d", "e"] });
    expect(titleFacts("graph", report).cluster).toBe(
      "Cluster: API server 10.0.0.10 · Kubernetes v1.20.2 · 5 nodes: a, b, c …",
    );
  });

  it("says what is not known instead of inventing it", () => {
    const report = withCluster({ kubernetesVersion: undefined, nodes: [] }, { layout: undefined });
    const facts = titleFacts("graph", report);
    expect(facts.cluster).toBe("Cluster: not named in the files");
    expect(facts.layout).toBe("Layout: not recognised");
  });

  it("keeps an unanswered quiz's status hidden", () => {
    const facts = titleFacts("graph", sampleReport(), { statusHidden: true });
    expect(facts.status).toBe("Overall: hidden until the question is answered");
    expect(facts.statusTone).toBeUndefined();
    expect(titleBlockSvg(facts, 600, palette).markup).not.toMatch(/Error|Warning/);
  });
});

describe("titleBlockSvg", () => {
  it("escapes a hostile endpoint and shows its hidden characters", () => {
    const report = withCluster({ endpoints: ['https://x"/><script>alert(1)</script>\u202E&'] });
    const { markup } = titleBlockSvg(titleFacts("graph", report), 1200, palette);
    expect(markup).not.toContain("<script");
    expect(markup).not.toContain("\u202E");
    expect(markup).toContain("https://x&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\u202E&amp;");
    expect(markup.match(/<text /g)?.length).toBe(5);
    expect(markup.match(/<\/text>/g)?.length).toBe(5);
  });

  it("cuts a line too long for the width, never past it", () => {
    const report = withCluster({ endpoints: [`https://${"very-long-name.".repeat(40)}example:6443`] });
    const width = 560;
    const { markup, height } = titleBlockSvg(titleFacts("graph", report), width, palette);
    const lines = [...markup.matchAll(/<text x="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)];
    expect(lines).toHaveLength(5);
    for (const [, x, size, text] of lines)
      expect(Number(x) + estimateWidth(text ?? "", Number(size))).toBeLessThanOrEqual(width - 16);
    expect(lines[1]?.[3]?.endsWith("…")).toBe(true);
    expect(height).toBeGreaterThan(80);
  });

  it("draws the status badge in the status's own colours", () => {
    const colours = { ...palette, error: "rgb(200, 0, 0)", "error-soft": "rgb(250, 220, 220)" };
    const { markup } = titleBlockSvg(titleFacts("graph", sampleReport()), 600, colours);
    expect(markup).toContain('fill="rgb(250, 220, 220)" stroke="rgb(200, 0, 0)"');
    expect(markup).not.toContain("var(");
  });
});
