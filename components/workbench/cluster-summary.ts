/**
 * The cluster facts the summary bar names in one glance: which layout the files were recognised as,
 * the Kubernetes version and how many nodes ("kind layout · Kubernetes v1.31.2 · 5 nodes"), and
 * what gave the layout away, for the disclosure beside it.
 */
import { countNoun, layoutPhrase } from "@/lib/format/labels";
import type { Report } from "@/lib/report";

export interface ClusterSummary {
  /** The facts joined by " · "; empty when the report knows none. */
  text: string;
  /** What named the layout ("kind node names", paths, CA names); empty without a layout. */
  evidence: string[];
  /** The evidence as one line for a tooltip: "Recognised from: kind cluster names; kind node names". */
  title?: string;
}

/** Layout, version and node count of a report, each only when known. */
export function clusterSummary(report: Report): ClusterSummary {
  const parts: string[] = [];
  if (report.layout) parts.push(layoutPhrase(report.layout));
  if (report.cluster.kubernetesVersion) parts.push(`Kubernetes ${report.cluster.kubernetesVersion}`);
  const nodes = report.cluster.nodes.length;
  if (nodes > 0) parts.push(nodes === 1 ? `node ${report.cluster.nodes[0]}` : countNoun(nodes, "node"));
  const evidence = report.layout?.evidence ?? [];
  return {
    text: parts.join(" · "),
    evidence,
    title: evidence.length > 0 ? `Recognised from: ${evidence.join("; ")}` : undefined,
  };
}
