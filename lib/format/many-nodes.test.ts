import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { healthyClusterCa } from "../../scripts/bench/fixture-inputs";
import { loadClusterCa } from "../../scripts/bench/cluster-ca";
import { workerNodeFiles } from "../../scripts/bench/synthetic-cluster";
import { analyze } from "../analyze";
import type { Report } from "../report";
import { fixtureDir, FIXTURE_NOW, readTree } from "../test-support/fixtures";
import { formatMarkdown } from "./markdown";
import { formatPlan } from "./plan";
import { formatTable } from "./table";

/**
 * Real reports of a kubeadm control plane (the healthy fixture) plus `workers` worker nodes whose
 * kubelet client certificates are issued by the cluster CA, except those listed in `foreign`, which
 * another cluster's CA (the kubeadm v1.20 fixture's) signed: the apiserver rejects those kubelets.
 */
const cache = new Map<string, Promise<Report>>();
function clusterReport(workers: number, foreign: number[] = []): Promise<Report> {
  const key = JSON.stringify([workers, foreign]);
  const cached = cache.get(key);
  if (cached) return cached;
  const report = (async () => {
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
  })();
  cache.set(key, report);
  return report;
}

const table = (report: Report): string[] => formatTable(report, { color: false, width: 100 }).split("\n");
const plan = (report: Report): string[] => formatPlan(report, { color: false, width: 100 }).split("\n");
const markdown = (report: Report): string[] => formatMarkdown(report).split("\n");

/** The lines of a relationship listing whose key column is `key` (`kubelet-client`, `kubelet-client:node-3`). */
function rowsOf(lines: string[], key: string): string[] {
  return lines.filter(
    (line) => new RegExp(`^  . \\w+ +${key} `).test(line) || line.includes(`| \`${key}\` |`),
  );
}

describe("many healthy nodes read as one line per relationship", () => {
  const cases: { name: string; format: (report: Report) => string[]; want: RegExp }[] = [
    {
      name: "table",
      format: table,
      want: /^ {2}✓ ok +kubelet-client +kubelet \(13 nodes\) → kube-apiserver +\d+ days left$/,
    },
    {
      name: "markdown",
      format: markdown,
      want: /^\| ✓ ok \| `kubelet-client` \| kubelet \(13 nodes: control-1, node-1, node-2 and 10 more\) → kube-apiserver \|/,
    },
  ];
  it.each(cases)("$name: one kubelet-client line for the 13 kubelets", async ({ format, want }) => {
    const lines = format(await clusterReport(12));
    const rows = rowsOf(lines, "kubelet-client");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(want);
    expect(lines.filter((line) => /kubelet-client:node-\d/.test(line))).toEqual([]);
  });

  it("table: names the nodes under a folded line too narrow for them, in natural order", async () => {
    const lines = table(await clusterReport(12));
    const row = lines.findIndex((line) => rowsOf([line], "kubelet-client").length === 1);
    expect(lines[row + 1]).toBe("      on 13 nodes: control-1, node-1, node-2 and 10 more");
  });

  it("table: a wide terminal keeps the nodes on the line", async () => {
    const lines = formatTable(await clusterReport(12), { color: false, width: 200 }).split("\n");
    expect(rowsOf(lines, "kubelet-client")[0]).toContain(
      "kubelet (13 nodes: control-1, node-1, node-2 and 10 more) → kube-apiserver",
    );
  });

  it("table: the finding every kubelet shares is printed once, not once per node", async () => {
    const lines = table(await clusterReport(12));
    expect(lines.filter((line) => line.includes("KUBELET_SERVING_UNVERIFIED"))).toHaveLength(2);
    expect(rowsOf(lines, "kubelet-serving")[0]).toMatch(
      /^ {2}\? unknown +kubelet-serving +kube-apiserver → kubelet/,
    );
    expect(lines).toContain("      missing: node-1: kubelet serving certificate (the same on 11 more nodes)");
  });

  it("table: the kubelet client certificates are one line of the certificate list", async () => {
    const lines = table(await clusterReport(12));
    const certificates = lines.filter((line) => line.includes("system:node:"));
    expect(certificates).toEqual([
      expect.stringMatching(/^ {2}kubelet-client-current\.pem +system:node:<node> \(13 nodes\) /),
    ]);
  });

  it("plan: one line for the 13 kubelet client certificates, then the nodes", async () => {
    const lines = plan(await clusterReport(12));
    const rows = lines.filter((line) => line.includes("kubelet-client-current.pem  "));
    expect(rows).toHaveLength(1);
    expect(lines[lines.indexOf(rows[0] ?? "") + 1]).toBe(
      "    on 13 nodes: control-1, node-1, node-2 and 10 more",
    );
  });

  it("shrinks the 200-line listings a 12-worker cluster printed", async () => {
    const report = await clusterReport(12);
    expect(table(report).length).toBeLessThan(80);
    expect(plan(report).length).toBeLessThan(75);
  });
});

describe("a node that differs keeps its own line with its finding", () => {
  const cases: {
    name: string;
    foreign: number[];
    /** Key column of the line the broken kubelets are on, and the nodes it names. */
    key: string;
    healthy: string;
  }[] = [
    { name: "one broken kubelet", foreign: [3], key: "kubelet-client:node-3", healthy: "12 nodes" },
    {
      name: "two broken kubelets fold together",
      foreign: [3, 7],
      key: "kubelet-client",
      healthy: "11 nodes",
    },
  ];
  it.each(cases)("$name", async ({ foreign, key, healthy }) => {
    const report = await clusterReport(12, foreign);
    const lines = formatTable(report, { color: false, width: 200 }).split("\n");
    const broken = lines.find((line) => /^ {2}✗ error +kubelet-client/.test(line));
    expect(broken).toMatch(new RegExp(`^ {2}✗ error +${key} `));
    const ok = rowsOf(lines, "kubelet-client").filter((line) => line.includes("✓ ok"));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toContain(`kubelet (${healthy}: control-1, node-1, node-2 and`);
    // The finding is under the broken line, before the next relationship.
    const start = lines.indexOf(broken ?? "");
    const next = lines.findIndex((line, index) => index > start && /^ {2}\S/.test(line));
    const under = lines.slice(start + 1, next).join("\n");
    expect(under).toMatch(/✗ error [A-Z_]+ /);
    for (const node of foreign) expect(under).toContain(`workers/node-${node}/`);
  });
});

describe("a finding repeated on many nodes is told once with the count", () => {
  const foreign = [2, 4, 5, 8, 11];
  it("table: one finding block for the five broken kubelets, with three example files", async () => {
    const lines = formatTable(await clusterReport(12, foreign), { color: false, width: 200 }).split("\n");
    const broken = rowsOf(lines, "kubelet-client").filter((line) => line.includes("✗ error"));
    expect(broken).toEqual([
      expect.stringContaining("kubelet (5 nodes: node-2, node-4, node-5 and 2 more) → kube-apiserver"),
    ]);
    // Each kubelet's certificate is signed by the other CA, and each kubelet.conf trusts that CA.
    for (const code of ["CHAIN_BAD_SIGNATURE", "KUBECONFIG_CA_MISMATCH"]) {
      const titles = lines.filter((line) => line.startsWith(`      ✗ error ${code} `));
      // Once under each relationship that refers to them, never once per node.
      expect(titles.length).toBe(code === "CHAIN_BAD_SIGNATURE" ? 1 : 2);
      for (const title of titles) expect(title).toMatch(/ \(5 nodes\)$/);
    }
    expect(lines).toContain(
      "              files: workers/node-2/etc/kubernetes/kubelet.conf, workers/node-4/etc/kubernetes/kubelet.conf, workers/node-5/etc/kubernetes/kubelet.conf and 2 more",
    );
    const examples = lines.filter((line) =>
      line.includes("On 5 nodes: node-2, node-4, node-5 and 2 more. For example: "),
    );
    expect(examples).toHaveLength(3);
  });

  it("markdown: the finding is one section naming the nodes, counted in its heading", async () => {
    const text = formatMarkdown(await clusterReport(12, foreign));
    const headings = text.split("\n").filter((line) => line.startsWith("#### `CHAIN_BAD_SIGNATURE`"));
    expect(headings).toEqual([expect.stringMatching(/ \(5 nodes\)$/)]);
    expect(text).toContain("On 5 nodes: node-2, node-4, node-5 and 2 more. For example: ");
    expect(text).toContain(
      "`kubelet-client:node-2`, `kubelet-client:node-4`, `kubelet-client:node-5` and 2 more",
    );
  });
});
