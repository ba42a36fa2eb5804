/**
 * Findings as the text formats list them: one finding that repeats on many nodes — the same code,
 * severity, title, detail and fix but for the node's name and paths — is told once with the count
 * and a few of its files, instead of once per kubelet.
 */
import type { Finding, Report } from "../report";
import { naturalOrder } from "../shared/natural-order";
import { countNoun } from "./labels";
import { nodeContext, nodeShape } from "./node-fold";
import type { IndexedFinding } from "./report-view";

/** One finding to print, standing for itself or for the same finding on several nodes. */
export interface FindingFold {
  /** The first of them (report order), whose title, detail and fix are shown. */
  finding: Finding;
  /** Every finding it stands for, report order; one unless folded. */
  instances: IndexedFinding[];
  /** The distinct nodes they are about, natural order; empty unless folded. */
  nodes: string[];
  /** Every file of every instance once, first seen first. */
  files: string[];
}

/**
 * Fold `findings` (in the order to print them): those about two or more different nodes that have
 * the same shape become one, placed where the first of them was; a finding about no node, or
 * alone in its shape, stays as it is. A single-node report therefore prints as before.
 */
export function foldFindings(report: Report, findings: readonly IndexedFinding[]): FindingFold[] {
  const { nodes, findingNodes } = nodeContext(report);
  const byShape = new Map<string, IndexedFinding[]>();
  const keys = findings.map((entry) => {
    if (!findingNodes.has(entry.index)) return undefined;
    const { finding } = entry;
    const key = [finding.severity, finding.code, finding.title, finding.detail, finding.fix ?? ""]
      .map((text) => nodeShape(text, nodes))
      .join("\u0001");
    const same = byShape.get(key);
    if (same) same.push(entry);
    else byShape.set(key, [entry]);
    return key;
  });
  const folds: FindingFold[] = [];
  const placed = new Set<string>();
  // The nodes a shape is about, once per shape: every finding of a large group asks.
  const aboutByShape = new Map<string, string[]>();
  const nodesAbout = (key: string, shared: readonly IndexedFinding[]) => {
    let about = aboutByShape.get(key);
    if (!about) {
      about = [...new Set(shared.flatMap(({ index }) => findingNodes.get(index) ?? []))];
      aboutByShape.set(key, about);
    }
    return about;
  };
  findings.forEach((entry, position) => {
    const key = keys[position];
    const shared = key === undefined ? [entry] : (byShape.get(key) ?? [entry]);
    const about = key === undefined ? [] : nodesAbout(key, shared);
    if (key === undefined || about.length < 2) {
      folds.push(single(entry));
      return;
    }
    if (placed.has(key)) return;
    placed.add(key);
    folds.push({
      finding: entry.finding,
      instances: shared,
      nodes: [...about].sort(naturalOrder),
      files: [...new Set(byNode(shared, findingNodes).flatMap(({ finding }) => finding.files))],
    });
  });
  return folds;
}

/** "200 nodes", or "400 findings on 200 nodes" when some node has the finding more than once. */
export function foldCount(fold: FindingFold): string {
  const nodes = countNoun(fold.nodes.length, "node");
  return fold.instances.length === fold.nodes.length
    ? nodes
    : `${countNoun(fold.instances.length, "finding")} on ${nodes}`;
}

/** A finding printed as itself. */
export function single(entry: IndexedFinding): FindingFold {
  return { finding: entry.finding, instances: [entry], nodes: [], files: entry.finding.files };
}

/** Instances in the natural order of their nodes, so example files start at node-1, not node-10. */
function byNode(entries: IndexedFinding[], findingNodes: ReadonlyMap<number, string>): IndexedFinding[] {
  return [...entries].sort(
    (a, b) =>
      naturalOrder(findingNodes.get(a.index) ?? "", findingNodes.get(b.index) ?? "") || a.index - b.index,
  );
}
