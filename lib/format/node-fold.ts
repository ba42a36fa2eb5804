/**
 * The words and the sameness test the text formats use to fold what repeats per node: a kubelet's
 * relationship, finding or certificate that is the same on 200 nodes but for the node's name and
 * its folder is told once, with the count and the first few nodes, the way the graph draws them.
 */
import { naturalOrder } from "../shared/natural-order";
import type { Report, ReportComponent, ReportRelationship } from "../report";
import { NODES_NAMED } from "../plan/breakage";

/** Stands for a node name or a path in a shape; never occurs in report text. */
const PLACEHOLDER = "\u0000";
/** A run of characters a node name is made of; anything else (`/`, `:`, `@`, space) ends it. */
const NAME_RUN = /[A-Za-z0-9_.-]+/g;
/** A whitespace-separated word holding a `/` is a path (the trailing punctuation of a sentence aside). */
const PATH_WORD = /[^\s"'`()]*\/[^\s"'`(),;]*[^\s"'`(),;.:]/g;

/**
 * "200 nodes: control-1, node-1, node-2 and 197 more", or "2 nodes: node-1 and node-2" when every
 * node fits: the nodes in natural order, as many named as the renewal plan names (`NODES_NAMED`).
 */
export function nodesPhrase(nodes: readonly string[]): string {
  const sorted = [...nodes].sort(naturalOrder);
  const named = sorted.slice(0, NODES_NAMED);
  const rest = sorted.length - named.length;
  const list =
    rest > 0
      ? `${named.join(", ")} and ${rest} more`
      : named.length <= 1
        ? (named[0] ?? "")
        : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  // Counted here rather than with countNoun: labels.ts words its cluster facts with this phrase.
  return `${sorted.length} ${sorted.length === 1 ? "node" : "nodes"}: ${list}`;
}

/**
 * The first `shown` items joined by ", ", then "and N more" for the rest ("a, b, c and 197 more"),
 * so a list of 200 files reads as a few examples and a count.
 */
export function examplesPhrase(items: readonly string[], shown = NODES_NAMED): string {
  if (items.length <= shown) return items.join(", ");
  return `${items.slice(0, shown).join(", ")} and ${items.length - shown} more`;
}

/** Texts longer than this are not shaped (finding texts are a few hundred characters). */
export const MAX_SHAPED_TEXT = 4096;

/**
 * `text` with every path and every node name (a whole name, so `node-1` is not found in `node-10`)
 * replaced by one placeholder: two texts with the same shape say the same thing about different
 * nodes ("CN=system:node:node-2 in workers/node-2/…" and the same for node-7).
 */
export function nodeShape(text: string, nodes: ReadonlySet<string>): string {
  // PATH_WORD backtracks over a long word without a slash, quadratically: a text this long (a
  // flag's value of megabytes quoted in a finding) is left as it is and folds with its equals only.
  if (text.length > MAX_SHAPED_TEXT) return text;
  return text
    .replace(PATH_WORD, PLACEHOLDER)
    .replace(NAME_RUN, (run) =>
      nodes.has(run) || (run.endsWith(".") && nodes.has(run.slice(0, -1))) ? PLACEHOLDER : run,
    );
}

/** `text` with the whole name `node` replaced by `replacement` ("… on node-1" → "… on 201 nodes: …"). */
export function replaceNode(text: string, node: string, replacement: string): string {
  return text.replace(NAME_RUN, (run) =>
    run === node ? replacement : run === `${node}.` ? `${replacement}.` : run,
  );
}

/** The first node named in `texts` (whole names only), for a finding that says which node it is about. */
export function nodeNamedIn(texts: readonly string[], nodes: ReadonlySet<string>): string | undefined {
  for (const text of texts)
    for (const run of text.match(NAME_RUN) ?? []) {
      if (nodes.has(run)) return run;
      if (run.endsWith(".") && nodes.has(run.slice(0, -1))) return run.slice(0, -1);
    }
  return undefined;
}

/** What the folds ask of a report's nodes, built once per report. */
export interface NodeContext {
  /** Every node name the report knows: the cluster's and the per-node components'. */
  nodes: ReadonlySet<string>;
  components: ReadonlyMap<string, ReportComponent>;
  /** The node a finding is about, by its index; absent when it is about none or several. */
  findingNodes: ReadonlyMap<number, string>;
  /** The node of a certificate only one node's component presents (a kubelet's own), by id. */
  certificateNodes: ReadonlyMap<string, string>;
}

/** The end of a relationship that runs on a node, and the node. */
export interface RelationshipNode {
  node: string;
  side: "client" | "server";
}

const contexts = new WeakMap<Report, NodeContext>();

/**
 * The nodes of `report` and which finding is about which node: the node of the relationships
 * that refer to it when they agree on one, else the first node its files or detail name. Cached
 * per report, so every section of a format asks it once.
 */
export function nodeContext(report: Report): NodeContext {
  const cached = contexts.get(report);
  if (cached) return cached;
  const components = new Map(report.components.map((component) => [component.id, component]));
  const nodes = new Set(report.cluster.nodes);
  for (const component of report.components) if (component.node !== undefined) nodes.add(component.node);
  // Relationships on no node (the apiserver's serving one) do not say which node a finding is about.
  const referring = new Map<number, Set<string>>();
  for (const relationship of report.relationships) {
    const node = relationshipNode(relationship, components)?.node;
    for (const index of relationship.findingRefs) {
      const on = referring.get(index) ?? new Set();
      referring.set(index, node === undefined ? on : on.add(node));
    }
  }
  const findingNodes = new Map<number, string>();
  report.findings.forEach((finding, index) => {
    const by = referring.get(index);
    const node =
      by === undefined || by.size === 0
        ? nodeNamedIn([...finding.files, finding.detail], nodes)
        : by.size === 1
          ? [...by][0]
          : undefined;
    if (node !== undefined) findingNodes.set(index, node);
  });
  const context = { nodes, components, findingNodes, certificateNodes: certificateNodes(report, components) };
  contexts.set(report, context);
  return context;
}

/**
 * The node a relationship is per-node for: the node of exactly one of its ends (the kubelet of
 * `kubelet-client:node-1`, the kubelet `apiserver-kubelet-client:node-1` reaches). Undefined when
 * neither or both ends run on a node, so an etcd peer link between two nodes is never folded.
 */
export function relationshipNode(
  relationship: ReportRelationship,
  components: ReadonlyMap<string, ReportComponent>,
): RelationshipNode | undefined {
  const client = components.get(relationship.client)?.node;
  const server = components.get(relationship.server)?.node;
  if (client !== undefined && server === undefined) return { node: client, side: "client" };
  if (server !== undefined && client === undefined) return { node: server, side: "server" };
  return undefined;
}

/** The node whose component alone presents a certificate (a kubelet's own); shared ones have none. */
function certificateNodes(
  report: Report,
  components: ReadonlyMap<string, ReportComponent>,
): Map<string, string> {
  const seen = new Map<string, Set<string | undefined>>();
  for (const relationship of report.relationships)
    for (const [end, id] of [
      [relationship.clientEnd, relationship.client],
      [relationship.serverEnd, relationship.server],
    ] as const) {
      const certificateId = end.presents?.certificateId;
      if (certificateId === undefined) continue;
      seen.set(certificateId, (seen.get(certificateId) ?? new Set()).add(components.get(id)?.node));
    }
  const nodes = new Map<string, string>();
  for (const [certificateId, on] of seen) {
    const [node] = on;
    if (on.size === 1 && node !== undefined) nodes.set(certificateId, node);
  }
  return nodes;
}
