/**
 * What the topology graph draws, before any geometry: one node per component that a relationship
 * touches and per trust anchor, one edge per relationship instance, in the order keyboard users walk
 * them. Many kubelets collapse into one group node whose edges carry the worst status of their members,
 * and instances of one relationship between the same two boxes (one per control plane of an HA
 * cluster) are one edge carrying the worst of them.
 */
import type { Selection } from "@/components/explorer/selection";
import type {
  ComponentKind,
  RelationshipId,
  RelationshipStatus,
  Report,
  ReportComponent,
  ReportRelationship,
  TrustAnchor,
} from "@/lib/report";
import { anchorsRelationship } from "./anchors-relationship";
import { describeNode } from "./describe-node";
import { anchorCaptions, anchorLabels, componentLabels, widestForms } from "./node-label";
import { finishSteps } from "@/components/explorer/finish-steps";
import { worstStatus } from "./status";
import { inertText } from "@/lib/format/inert-text";

export type Column = "anchors" | "left" | "centre" | "right";
export type NodeShape = "component" | "ca" | "key-pair" | "group";
export type NodeIcon = ComponentKind | "ca" | "key-pair" | "group";

export interface GraphNode {
  /** Component id, anchor id, or {@link KUBELET_GROUP_ID}. */
  id: string;
  shape: NodeShape;
  icon: NodeIcon;
  /**
   * What the box says, in forms longest first (the renderer shows the longest that fits). SVG text
   * has no `<bdi>`: every text of a node is inert (`inertText`), a bidi control or a zero-width space
   * of the input written as its escape, and measured as drawn.
   */
  labels: string[];
  /**
   * For a box of a group that must read alike (every node's kubelet), the group's widest label at
   * each form (`widestForms`): the box takes a form only where the whole group can.
   */
  labelPeers?: string[];
  /** The full name, for the accessible name and the tooltip. */
  name: string;
  /** A second line (an anchor's file), in forms longest first; empty for none. */
  captions: string[];
  /** Accessible name: what it is and the status of the relationships it takes part in. */
  ariaLabel: string;
  column: Column;
  /** Sort key inside the column. */
  rank: number;
  selection: Selection;
  /** Components this node stands for: itself, or every kubelet of a group. */
  members: string[];
  certificateId?: string;
}

export interface GraphEdge {
  /** Unique: the (first) relationship key, or `<relationship id>@kubelets` for a kubelet group's edge. */
  id: string;
  relationshipId: RelationshipId;
  /** The relationship instances this edge draws: one, every kubelet's for a group, every control plane's. */
  keys: string[];
  primary: boolean;
  status: RelationshipStatus;
  source: string;
  target: string;
  /** Position in the keyboard order: primary relationships in report order, then secondary. */
  order: number;
  selection: Selection;
  ariaLabel: string;
  /** The accessible name without the status, for a quiz that must not give the answer away. */
  quizLabel: string;
  /** Anchor node ids that vouch for one end of this edge. */
  anchors: string[];
}

export interface TopologyModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** How many kubelets were collapsed into the group node (0 when none). */
  aggregatedKubelets: number;
  note?: string;
}

export interface TopologyModelOptions {
  /** Short labels, and controller-manager and scheduler among the clients, for the narrow layout. */
  compact: boolean;
  /** Collapse node kubelets into one group node when there are more than this many. */
  aggregateAbove: number;
}

export const KUBELET_GROUP_ID = "kubelets";
/** Beyond this many node kubelets they become one node: 12 on a wide screen, 6 on a phone. */
export const DEFAULT_AGGREGATE_ABOVE = { wide: 12, compact: 6 } as const;

/** Anchors left to right: each sits roughly above the part of the graph it vouches for. */
const ANCHOR_ROLE_ORDER = ["front-proxy-ca", "cluster-ca", "etcd-ca", "kubelet-serving-ca"];

const LEFT_ORDER: ComponentKind[] = [
  "kube-controller-manager",
  "kube-scheduler",
  "clients",
  "admin",
  "user",
  "front-proxy",
];
const CENTRE_KINDS: ComponentKind[] = [
  "kube-apiserver",
  "kube-controller-manager",
  "kube-scheduler",
  "etcd",
  "etcd-healthcheck",
];

function columnOf(kind: ComponentKind, compact: boolean): Column {
  if (kind === "kubelet" || kind === "kube-proxy") return "right";
  if (compact && (kind === "kube-controller-manager" || kind === "kube-scheduler")) return "left";
  return CENTRE_KINDS.includes(kind) ? "centre" : "left";
}

function rankOf(component: ReportComponent, index: number, column: Column): number {
  const within = index / 1000;
  if (column === "right") {
    if (component.kind === "kubelet") return (component.node ? 0 : 2) + within;
    return 3 + within;
  }
  if (column === "left") {
    const at = LEFT_ORDER.indexOf(component.kind);
    return (at < 0 ? LEFT_ORDER.length : at) + within;
  }
  return CENTRE_KINDS.indexOf(component.kind) + within;
}

function anchorRank(anchor: TrustAnchor, index: number): number {
  const at = ANCHOR_ROLE_ORDER.indexOf(anchor.role);
  const base = anchor.kind === "key-pair" ? 99 : at < 0 ? ANCHOR_ROLE_ORDER.length : at;
  return base + index / 1000;
}

/** Keyboard and drawing order: primary relationships in report order, then secondary ones. */
function orderedRelationships(report: Report): ReportRelationship[] {
  const primary = report.relationships.filter((r) => r.primary);
  const secondary = report.relationships.filter((r) => !r.primary);
  return [...primary, ...secondary];
}

function componentNode(
  component: ReportComponent,
  index: number,
  bootstrapOnly: boolean,
  compact: boolean,
): GraphNode {
  const column = columnOf(component.kind, compact);
  return {
    id: component.id,
    shape: "component",
    icon: component.kind,
    labels: componentLabels(component, { compact, bootstrapOnly }).map(inertText),
    captions: [],
    name: inertText(component.name),
    ariaLabel: "",
    column,
    rank: rankOf(component, index, column),
    selection: { kind: "component", id: component.id },
    members: [component.id],
  };
}

function anchorNode(anchor: TrustAnchor, index: number): GraphNode {
  return {
    id: anchor.id,
    shape: anchor.kind === "key-pair" ? "key-pair" : "ca",
    icon: anchor.kind === "key-pair" ? "key-pair" : "ca",
    labels: anchorLabels(anchor).map(inertText),
    name: inertText(anchor.name),
    captions: anchorCaptions(anchor).map(inertText),
    ariaLabel: "",
    column: "anchors",
    rank: anchorRank(anchor, index),
    selection: { kind: "anchor", id: anchor.id },
    members: [],
    certificateId: anchor.certificateId,
  };
}

/**
 * Anchors once per id: control planes judged one by one each report the key pair they share under
 * the same id, and one box (one React key) stands for all of them.
 */
function uniqueAnchors(anchors: TrustAnchor[]): TrustAnchor[] {
  const seen = new Set<string>();
  return anchors.filter((a) => !seen.has(a.id) && Boolean(seen.add(a.id)));
}

/** `id`, or `id#2`, `id#3`… when an earlier edge took it: edge ids are React keys and must differ. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}#${n}`;
  used.add(candidate);
  return candidate;
}

/** A component id the report names in a relationship but not among its components still gets a box. */
function fallbackComponent(id: string): ReportComponent {
  return { id, kind: "user", name: id, sources: [] };
}

/**
 * Build the graph's nodes and edges from a report. Deterministic: the same report always gives the
 * same nodes, edges and order.
 */
export function buildTopologyModel(report: Report, options: TopologyModelOptions): TopologyModel {
  return finishSteps(topologyModelSteps(report, options));
}

/** Relationships looked at between two steps of {@link topologyModelSteps}. */
const RELATIONSHIPS_PER_STEP = 2500;

/**
 * {@link buildTopologyModel} in steps of a few milliseconds each: a caller may run them in separate
 * tasks, so a fleet's fifteen thousand relationships never freeze the page in one.
 */
export function* topologyModelSteps(
  report: Report,
  options: TopologyModelOptions,
): Generator<void, TopologyModel> {
  const { compact, aggregateAbove } = options;
  const relationships = orderedRelationships(report);
  const touched = new Set<string>();
  for (const r of relationships) touched.add(r.client).add(r.server);
  const known = new Map(report.components.map((c) => [c.id, c]));
  const components = [
    ...report.components.filter((c) => touched.has(c.id)),
    ...[...touched]
      .filter((id) => !known.has(id))
      .sort()
      .map(fallbackComponent),
  ];
  // Names as drawn and spoken: an override or a zero-width space in the input is written as its escape.
  const nameOf = new Map(components.map((c) => [c.id, inertText(c.name)]));
  // A component whose every relationship is kubelet-bootstrap, in one pass over the relationships.
  const bootstrapOnly = new Map<string, boolean>();
  for (const r of relationships)
    if (r.id !== "kubelet-bootstrap") bootstrapOnly.set(r.client, false).set(r.server, false);
    else {
      if (!bootstrapOnly.has(r.client)) bootstrapOnly.set(r.client, true);
      if (!bootstrapOnly.has(r.server)) bootstrapOnly.set(r.server, true);
    }

  const nodeKubelets = components.filter((c) => c.kind === "kubelet" && c.node);
  const aggregate = nodeKubelets.length > aggregateAbove;
  const grouped = new Set(aggregate ? nodeKubelets.map((c) => c.id) : []);
  const nodeOf = (id: string) => (grouped.has(id) ? KUBELET_GROUP_ID : id);

  const nodes: GraphNode[] = [
    ...uniqueAnchors(report.trustAnchors).map((a, i) => anchorNode(a, i)),
    ...components
      .filter((c) => !grouped.has(c.id))
      .map((c, i) => componentNode(c, i, bootstrapOnly.get(c.id) ?? false, compact)),
  ];
  // Every kubelet box names its node the same way, the longer form only where all of them fit it.
  const kubeletBoxes = nodes.filter((node) => node.icon === "kubelet" && node.shape === "component");
  const kubeletPeers = widestForms(kubeletBoxes.map((node) => node.labels));
  for (const node of kubeletBoxes) node.labelPeers = kubeletPeers;

  // Which anchors vouch for a relationship, as anchorsRelationship decides, by lookups rather than a
  // test of every anchor: a CA by the certificates the ends verify with, key pairs by the test itself.
  const caAnchors = new Map<string, TrustAnchor[]>();
  for (const anchor of report.trustAnchors)
    if (anchor.kind !== "key-pair" && anchor.certificateId)
      caAnchors.set(anchor.certificateId, [...(caAnchors.get(anchor.certificateId) ?? []), anchor]);
  const keyPairs = report.trustAnchors.filter((anchor) => anchor.kind === "key-pair");
  const lookUp = (r: ReportRelationship) => {
    const matched = new Set<TrustAnchor>(keyPairs.filter((anchor) => anchorsRelationship(anchor, r)));
    for (const end of [r.clientEnd, r.serverEnd])
      for (const id of end.verifiesWith?.certificateIds ?? [])
        for (const anchor of caAnchors.get(id) ?? []) matched.add(anchor);
    return matched.size === 0 ? [] : report.trustAnchors.filter((a) => matched.has(a)).map((a) => a.id);
  };
  // The answer depends only on the id, what the ends present and what they verify with: a fleet's
  // thousands of kubelet relationships share a handful of answers.
  const bySignature = new Map<string, string[]>();
  const endSignature = (end: ReportRelationship["clientEnd"]) =>
    `${end.presents?.kind ?? ""}:${end.verifiesWith?.certificateIds.join(",") ?? "-"}`;
  const anchorIdsOf = (r: ReportRelationship) => {
    const signature = `${r.id}|${endSignature(r.clientEnd)}|${endSignature(r.serverEnd)}`;
    let ids = bySignature.get(signature);
    if (!ids) bySignature.set(signature, (ids = lookUp(r)));
    return ids;
  };
  // The anchors of a bundle in order of first appearance; a group's thousands of members usually
  // name every anchor within the first few, and the rest need not be looked at.
  const anchorIds = new Set(report.trustAnchors.map((a) => a.id));
  const anchorsOfMembers = (members: readonly ReportRelationship[]) => {
    const found = new Set<string>();
    for (const member of members) {
      if (found.size === anchorIds.size) break;
      for (const id of anchorIdsOf(member)) found.add(id);
    }
    return [...found];
  };
  const plain = (r: ReportRelationship, client: string, server: string) => `${r.id}: ${client} → ${server}`;
  const label = (r: ReportRelationship, client: string, server: string, status: RelationshipStatus) =>
    `${plain(r, client, server)}, ${status}`;

  // One edge per (relationship id, source box, target box): the instances of a relationship on
  // several control planes, or on every kubelet of a group, share one line instead of many parallel ones.
  const edges: GraphEdge[] = [];
  // Bundles by relationship id, then source box, then target box: no key string per instance.
  const bundles: { edge: GraphEdge; members: ReportRelationship[] }[] = [];
  const bundleOf = new Map<string, Map<string, Map<string, (typeof bundles)[number]>>>();
  const usedIds = new Set<string>();
  yield;
  for (const [at, r] of relationships.entries()) {
    if (at > 0 && at % RELATIONSHIPS_PER_STEP === 0) yield;
    const source = nodeOf(r.client);
    const target = nodeOf(r.server);
    let bySource = bundleOf.get(r.id);
    if (!bySource) bundleOf.set(r.id, (bySource = new Map()));
    let byTarget = bySource.get(source);
    if (!byTarget) bySource.set(source, (byTarget = new Map()));
    const existing = byTarget.get(target);
    if (existing) {
      existing.members.push(r);
      existing.edge.keys.push(r.key);
      continue;
    }
    const grouped = source === KUBELET_GROUP_ID || target === KUBELET_GROUP_ID;
    const clientName = nameOf.get(r.client) ?? inertText(r.client);
    const serverName = nameOf.get(r.server) ?? inertText(r.server);
    const edge: GraphEdge = {
      id: uniqueId(grouped ? `${r.id}@${KUBELET_GROUP_ID}` : r.key, usedIds),
      relationshipId: r.id,
      keys: [r.key],
      primary: r.primary,
      status: r.status,
      source,
      target,
      order: edges.length,
      selection: { kind: "relationship", key: r.key },
      ariaLabel: label(r, clientName, serverName, r.status),
      quizLabel: plain(r, clientName, serverName),
      anchors: anchorIdsOf(r),
    };
    const bundle = { edge, members: [r] };
    byTarget.set(target, bundle);
    bundles.push(bundle);
    edges.push(edge);
  }

  let repeated = 0;
  let perNode = true;
  yield;
  for (const { edge, members } of bundles) {
    if (members.length > RELATIONSHIPS_PER_STEP / 2) yield;
    const grouped = edge.source === KUBELET_GROUP_ID || edge.target === KUBELET_GROUP_ID;
    if (members.length === 1 && !grouped) continue;
    if (!grouped && members.length > 1) {
      repeated = Math.max(repeated, members.length);
      perNode &&= members.every((m) => m.key.includes("@"));
    }
    const status = worstStatus(members.map((m) => m.status));
    const worst = members.find((m) => m.status === status) ?? members[0];
    if (!worst) continue;
    const many = `${members.length} kubelets`;
    const client =
      edge.source === KUBELET_GROUP_ID ? many : (nameOf.get(worst.client) ?? inertText(worst.client));
    const server =
      edge.target === KUBELET_GROUP_ID ? many : (nameOf.get(worst.server) ?? inertText(worst.server));
    edge.status = status;
    // A group's edge opens the group's view of that relationship, with every kubelet not ok listed.
    edge.selection = grouped
      ? { kind: "kubelet-group", relationship: edge.relationshipId }
      : { kind: "relationship", key: worst.key };
    edge.ariaLabel = `${label(worst, client, server, status)} (worst of ${members.length})`;
    // The first instance, not the worst: which of them is broken is what a quiz asks.
    const first = members[0] ?? worst;
    const firstClient =
      edge.source === KUBELET_GROUP_ID ? many : (nameOf.get(first.client) ?? inertText(first.client));
    const firstServer =
      edge.target === KUBELET_GROUP_ID ? many : (nameOf.get(first.server) ?? inertText(first.server));
    edge.quizLabel = `${plain(first, firstClient, firstServer)} (${members.length} instances)`;
    edge.anchors = anchorsOfMembers(members);
  }

  yield;
  if (aggregate) {
    nodes.push({
      id: KUBELET_GROUP_ID,
      shape: "group",
      icon: "group",
      labels: [`${nodeKubelets.length} kubelets`],
      captions: [],
      name: `${nodeKubelets.length} kubelets, drawn as one node`,
      ariaLabel: "",
      column: "right",
      rank: 1,
      // The group's own view: counts by status and every kubelet that is not ok, each one click away.
      selection: { kind: "kubelet-group" },
      members: nodeKubelets.map((k) => k.id),
    });
  }

  for (const node of nodes) node.ariaLabel = describeNode(node, edges);

  const notes = [
    aggregate
      ? `${nodeKubelets.length} kubelets are drawn as one node; each of its edges shows the worst status of its ${nodeKubelets.length} instances.`
      : "",
    repeated > 1
      ? `${perNode ? `Relationships found on up to ${repeated} control planes` : "Relationships found more than once between the same two boxes"} are drawn once each, with the worst status of their instances; select an edge to see every instance.`
      : "",
  ].filter(Boolean);
  const note = notes.length > 0 ? notes.join(" ") : undefined;
  return { nodes, edges, aggregatedKubelets: aggregate ? nodeKubelets.length : 0, note };
}
