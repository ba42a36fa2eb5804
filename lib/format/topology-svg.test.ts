import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { loadClusterCa } from "../../scripts/bench/cluster-ca";
import { workerNodeFiles } from "../../scripts/bench/synthetic-cluster";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { EDGE_STYLE, topologySvg, UNFOLDED_NODES } from "./topology-svg";

const LAYOUT_NOW = "2026-12-01T00:00:00Z";

/** The healthy control plane and `workers` workers; those in `foreign` signed by another cluster's CA. */
async function clusterReport(workers: number, foreign: number[]): Promise<Report> {
  const ours = healthyClusterCa();
  const pki = join(fixtureDir("kubeadm-v1.20"), "pki");
  const theirs = loadClusterCa(
    readFileSync(join(pki, "ca.crt"), "utf8"),
    readFileSync(join(pki, "ca.key"), "utf8"),
  );
  const nodes = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      workerNodeFiles(i + 1, foreign.includes(i + 1) ? theirs : ours, globalThis.crypto),
    ),
  );
  return analyze([...readTree(fixtureDir("healthy")), ...nodes.flat()], { now: FIXTURE_NOW });
}

const count = (svg: string, pattern: RegExp): number => svg.match(pattern)?.length ?? 0;
const boxTexts = (svg: string): string[] =>
  [...svg.matchAll(/<g class="component">[\s\S]*?<\/g>/g)].map(([box]) =>
    box
      .replace(/<title>.*?<\/title>/, "")
      .replace(/<[^>]+>/g, " ")
      .trim(),
  );

describe("topologySvg", () => {
  it("draws every component and relationship of a small cluster, each edge in its status", async () => {
    const report = await analyze(readTree(fixtureDir("rotation/cluster-ca-2-mistake-worker-skipped")), {
      now: LAYOUT_NOW,
    });
    expect(report.cluster.nodes.length).toBeLessThanOrEqual(UNFOLDED_NODES);
    const svg = topologySvg(report);
    expect(count(svg, /<g class="edge"/g)).toBe(report.relationships.length);
    for (const status of ["ok", "error", "unknown", "warning"] as const) {
      const edges = report.relationships.filter((relationship) => relationship.status === status).length;
      expect(count(svg, new RegExp(`<g class="edge" data-status="${status}"`, "g")), status).toBe(edges);
      // The legend explains exactly the statuses drawn.
      expect(svg.includes(EDGE_STYLE[status].word), status).toBe(edges > 0);
    }
    // Each node's kubelet is a box of its own, named by its node.
    const kubelets = boxTexts(svg).filter((text) => text.startsWith("kubelet "));
    expect(kubelets.sort()).toEqual(report.cluster.nodes.map((node) => `kubelet  ${node}`).sort());
    // Greyscale: the broken edges are heavy and carry the ✗ glyph, the unknown ones are dotted.
    expect(svg).toMatch(/stroke="#cf222e" stroke-width="3.4" marker-end/);
    expect(svg).toContain(">✗</text>");
    expect(svg).toMatch(/stroke-dasharray="1.5 4" stroke-linecap="round"/);
    expect(topologySvg(report)).toBe(svg);
  });

  it("folds a component on many nodes into one box, and keeps a node that differs apart", async () => {
    const report = await clusterReport(12, [5]);
    const svg = topologySvg(report);
    const boxes = boxTexts(svg);
    // The eleven kubelets whose relationships agree are one box; worker 5, rejected, has its own.
    expect(boxes.filter((text) => /^kubelet +\d+ nodes$/.test(text)).length).toBeGreaterThan(0);
    const alone = report.relationships.filter((relationship) => relationship.status === "error");
    expect(alone.length).toBeGreaterThan(0);
    expect(count(svg, /<g class="edge"/g)).toBeLessThan(report.relationships.length / 2);
    expect(count(svg, /<g class="edge" data-status="error"/g)).toBeGreaterThan(0);
    expect(svg).toContain("is one component on many nodes; a node that differs has a box of its own");
    // One box for the kubelets that agree, whichever relationships fold them.
    expect(boxes.filter((text) => /^kubelet +\d+ nodes$/.test(text))).toHaveLength(1);
    expect(count(svg, /<g class="component"/g)).toBeLessThan(20);
  }, 120_000);

  it("says so when no relationship could be derived", async () => {
    const report = await analyze([], { now: LAYOUT_NOW });
    expect(topologySvg(report)).toContain("No relationship could be derived from the input.");
  });
});
