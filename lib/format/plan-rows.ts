/**
 * The renewal plan's certificate lines. The same certificate on every node (each kubelet's
 * `kubelet-client-current.pem`, renewed by the same step with the same restart) is one line naming
 * the count and the first nodes, as the plan's day impact already does; a node whose certificate
 * differs — another state, another step — keeps its own line.
 */
import { naturalOrder } from "../shared/natural-order";
import { certificateLabel } from "../view/certificate-label";
import type { RenewalItem } from "../plan/types";
import type { Report } from "../report";
import { nodeContext, nodeNamedIn, nodesPhrase, nodeShape, replaceNode } from "./node-fold";

/** One line of a day: one certificate, or the same one on several nodes. */
export interface PlanRow {
  /** The first of its items (natural order of their nodes): command, note, guide. */
  item: RenewalItem;
  /** Every item the line stands for; one unless folded. */
  items: RenewalItem[];
  /** Their nodes in natural order; only for a folded line. */
  nodes: string[];
  /** The name in the certificate column: the item's label, or the file name every node shares. */
  label: string;
  /** The name in a running list: the label, folded "kubelet-client-current.pem (201 nodes: …)". */
  name: string;
  /** What to do afterwards; a restart on each node told once for all of them. */
  restart: string[];
}

/**
 * The rows for one day's `items` (in plan order). Items on two or more different nodes with the
 * same file name, state, step, note and restarts but for the node form one row where the first
 * was; any other item is a row of its own, as a single node shows it.
 */
export function planRows(report: Report, items: readonly RenewalItem[]): PlanRow[] {
  const { nodes } = nodeContext(report);
  const { certificateNodes: nodeOf } = nodeContext(report);
  const groups = new Map<string, Map<string, RenewalItem>>();
  const keys = items.map((item) => {
    const node = nodeOf.get(item.certificateId);
    if (node === undefined) return undefined;
    const shape = [item.note ?? "", ...item.restart, "", ...item.followUp].map((text) =>
      nodeShape(text, nodes),
    );
    const base = certificateLabel({ id: item.certificateId, paths: item.paths });
    const key = [
      base,
      item.expiryState,
      item.kind,
      item.command,
      item.runnable,
      item.docUrl ?? "",
      ...shape,
    ].join("\u0001");
    const group = groups.get(key) ?? new Map<string, RenewalItem>();
    if (group.has(node)) return undefined;
    groups.set(key, group.set(node, item));
    return key;
  });
  const rows: PlanRow[] = [];
  const placed = new Set<string>();
  items.forEach((item, position) => {
    const key = keys[position];
    const group = key === undefined ? undefined : groups.get(key);
    if (key === undefined || !group || group.size < 2) {
      rows.push({
        item,
        items: [item],
        nodes: [],
        label: item.label,
        name: item.label,
        restart: item.restart,
      });
      return;
    }
    if (placed.has(key)) return;
    placed.add(key);
    const onNodes = [...group.keys()].sort(naturalOrder);
    const members = onNodes.flatMap((node) => group.get(node) ?? []);
    const [first = item] = members;
    const label = certificateLabel({ id: first.certificateId, paths: first.paths });
    rows.push({
      item: first,
      items: members,
      nodes: onNodes,
      label,
      name: `${label} (${nodesPhrase(onNodes)})`,
      restart: foldPhrases(
        report,
        members.flatMap((member) => member.restart),
      ),
    });
  });
  return rows;
}

/**
 * Each distinct phrase once, in first order; phrases that differ only by the node they name
 * ("restart the kubelet on node-1", "… on node-2") become one naming the nodes with `nodesPhrase`.
 */
export function foldPhrases(report: Report, phrases: readonly string[]): string[] {
  const { nodes } = nodeContext(report);
  const byShape = new Map<string, { first: string; named: Set<string> }>();
  const order: string[] = [];
  for (const phrase of phrases) {
    const node = nodeNamedIn([phrase], nodes);
    const shape = node === undefined ? `\u0001${phrase}` : nodeShape(phrase, nodes);
    const entry = byShape.get(shape);
    if (entry) {
      if (node !== undefined) entry.named.add(node);
      continue;
    }
    byShape.set(shape, { first: phrase, named: new Set(node === undefined ? [] : [node]) });
    order.push(shape);
  }
  return order.flatMap((shape) => {
    const entry = byShape.get(shape);
    if (!entry) return [];
    const [node] = entry.named;
    return entry.named.size < 2 || node === undefined
      ? [entry.first]
      : [replaceNode(entry.first, node, nodesPhrase([...entry.named]))];
  });
}
