/**
 * The relationship lines of the text formats. A relationship that exists once per node (the
 * kubelet's client certificate, the apiserver reaching each kubelet) is one line for all the nodes
 * where it has the same status and the same finding codes — "kubelet (200 nodes: control-1, node-1,
 * node-2 and 197 more) → kube-apiserver" — and a node that differs gets a line of its own.
 */
import { naturalOrder } from "../shared/natural-order";
import type { Report, ReportCertificate, ReportRelationship } from "../report";
import { type FindingFold, foldFindings } from "./finding-folds";
import { nodeContext, nodesPhrase, nodeShape, relationshipNode, type RelationshipNode } from "./node-fold";
import { componentName, presentedCertificates, relationshipFindings } from "./report-view";
import { nodeLabel } from "../shared/node-label";

/** One line of a relationship listing: one relationship, or the same one on several nodes. */
export interface RelationshipRow {
  /** The first of its relationships (natural order of their nodes): status, id and ends. */
  relationship: ReportRelationship;
  /** Every relationship the line stands for; one unless folded. */
  members: ReportRelationship[];
  /** Their nodes in natural order, and which end runs there; only for a folded line. */
  nodes: string[];
  side?: RelationshipNode["side"];
  /** The findings to print under it, each shared one once and each repeated one folded. */
  findings: FindingFold[];
  /** What was missing, a per-node item told once with how many more nodes miss the same. */
  missing: string[];
}

/**
 * The rows for `relationships` (already in display order). Per-node relationships of one id whose
 * status and set of finding codes agree form one row placed where the first of them was, once
 * there are at least two; everything else keeps a row of its own, exactly as a single node shows it.
 */
export function relationshipRows(
  report: Report,
  relationships: readonly ReportRelationship[],
): RelationshipRow[] {
  const { components } = nodeContext(report);
  const groups = new Map<
    string,
    { side: RelationshipNode["side"]; members: Map<string, ReportRelationship> }
  >();
  const keys = relationships.map((relationship) => {
    const at = relationshipNode(relationship, components);
    if (!at) return undefined;
    const other = at.side === "client" ? relationship.server : relationship.client;
    const codes = [...new Set(relationship.findings)].sort().join(",");
    const key = [relationship.id, relationship.status, at.side, other, codes].join("\u0001");
    const group = groups.get(key) ?? { side: at.side, members: new Map() };
    // A second instance on the same node is told apart by its own line.
    if (group.members.has(at.node)) return undefined;
    group.members.set(at.node, relationship);
    groups.set(key, group);
    return key;
  });
  const rows: RelationshipRow[] = [];
  const placed = new Set<string>();
  relationships.forEach((relationship, position) => {
    const key = keys[position];
    const group = key === undefined ? undefined : groups.get(key);
    if (key === undefined || !group || group.members.size < 2) {
      rows.push(singleRow(report, relationship));
      return;
    }
    if (placed.has(key)) return;
    placed.add(key);
    rows.push(foldedRow(report, group.side, group.members));
  });
  return rows;
}

function singleRow(report: Report, relationship: ReportRelationship): RelationshipRow {
  return {
    relationship,
    members: [relationship],
    nodes: [],
    findings: foldFindings(report, relationshipFindings(report, relationship)),
    missing: relationship.missing,
  };
}

function foldedRow(
  report: Report,
  side: RelationshipNode["side"],
  byNode: Map<string, ReportRelationship>,
): RelationshipRow {
  const nodes = [...byNode.keys()].sort(naturalOrder);
  const members = nodes.flatMap((node) => byNode.get(node) ?? []);
  const seen = new Set<number>();
  // A finding every node refers to (the apiserver verifies no kubelet) is listed once.
  const findings = members
    .flatMap((member) => relationshipFindings(report, member))
    .filter(({ index }) => !seen.has(index) && seen.add(index) !== undefined);
  const [first] = members;
  if (!first) throw new Error("a folded row has members");
  return {
    relationship: first,
    members,
    nodes,
    side,
    findings: foldFindings(report, findings),
    missing: foldMissing(report, members),
  };
}

/** Each distinct missing item once; one repeated per node reads "… (the same on 199 more nodes)". */
function foldMissing(report: Report, members: ReportRelationship[]): string[] {
  const { nodes } = nodeContext(report);
  const byShape = new Map<string, string[]>();
  for (const member of members)
    for (const item of member.missing) {
      const shape = nodeShape(item, nodes);
      byShape.set(shape, [...(byShape.get(shape) ?? []), item]);
    }
  return [...byShape.values()].map((items) => {
    const distinct = new Set(items).size;
    const [first = ""] = items;
    return distinct < 2
      ? first
      : `${first} (the same on ${distinct - 1} more ${distinct === 2 ? "node" : "nodes"})`;
  });
}

/** The row's key column: the instance key of a single relationship, the id of a folded one. */
export function rowKey(row: RelationshipRow): string {
  return row.nodes.length === 0 ? row.relationship.key : row.relationship.id;
}

/**
 * "kubelet (cp-1) → kube-apiserver"; folded, the end on the nodes names them with `nodes`
 * (`nodesPhrase` in full, or just the count where room is short).
 */
export function rowEnds(report: Report, row: RelationshipRow, nodes = nodesPhrase(row.nodes)): string {
  const { relationship } = row;
  const end = (id: string, onNodes: boolean): string =>
    onNodes ? nodeLabel(baseName(report, id), nodes) : componentName(report, id);
  return `${end(relationship.client, row.side === "client")} → ${end(relationship.server, row.side === "server")}`;
}

/** The soonest-expiring certificate any of the row's relationships presents. */
export function rowSoonest(report: Report, row: RelationshipRow): ReportCertificate | undefined {
  return row.members
    .flatMap((member) => presentedCertificates(report, member).slice(0, 1))
    .reduce<ReportCertificate | undefined>(
      (soonest, certificate) =>
        soonest === undefined || Date.parse(certificate.notAfter) < Date.parse(soonest.notAfter)
          ? certificate
          : soonest,
      undefined,
    );
}

/** A per-node component's name without its node: "kubelet" for "kubelet (node-1)". */
function baseName(report: Report, id: string): string {
  const component = nodeContext(report).components.get(id);
  if (!component) return id;
  const { name, node } = component;
  if (node === undefined || !name.includes(node)) return name;
  const stripped = name.replace(` (${node})`, "");
  // The inverse of nodeLabel: what remains is the component, unless the node was named otherwise.
  return stripped.includes(node) ? component.kind : stripped;
}
