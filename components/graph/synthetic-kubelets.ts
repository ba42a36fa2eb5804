/**
 * Test support: a real report grown to many worker nodes by cloning its node kubelet and that
 * kubelet's relationships, so layouts can be checked at cluster sizes no fixture has.
 */
import type { RelationshipStatus, Report, ReportRelationship } from "@/lib/report";
import { pushAll } from "@/lib/shared/collections";
import { nodeLabel } from "@/lib/shared/node-label";

/** Per-node relationship ids, and the status to give node `i`'s copy (default: the original's). */
export interface SyntheticKubeletOptions {
  statusOf?: (relationshipId: string, node: number) => RelationshipStatus | undefined;
}

/** A copy of `report` whose single node kubelet is replaced by `count` kubelets `node-1..node-N`. */
export function withKubelets(report: Report, count: number, options: SyntheticKubeletOptions = {}): Report {
  const original = report.components.find((c) => c.kind === "kubelet" && c.node);
  if (!original) throw new Error("withKubelets: the report has no node kubelet to clone");
  const touches = (r: ReportRelationship) => r.client === original.id || r.server === original.id;
  const template = report.relationships.filter(touches);
  const rename = (id: string, node: string) => (id === original.id ? `kubelet:${node}` : id);

  const components = report.components.flatMap((c) =>
    c.id !== original.id
      ? [c]
      : Array.from({ length: count }, (_, i) => {
          const node = `node-${i + 1}`;
          return { ...c, id: `kubelet:${node}`, name: nodeLabel("kubelet", node), node };
        }),
  );
  const clones = Array.from({ length: count }, (_, i) =>
    template.map((r): ReportRelationship => {
      const node = `node-${i + 1}`;
      return {
        ...r,
        key: `${r.id}:${node}`,
        client: rename(r.client, node),
        server: rename(r.server, node),
        status: options.statusOf?.(r.id, i + 1) ?? r.status,
        clientEnd: { ...r.clientEnd, component: rename(r.clientEnd.component, node) },
        serverEnd: { ...r.serverEnd, component: rename(r.serverEnd.component, node) },
      };
    }),
  );
  // Keep the report's order: each kubelet's relationships where the original ones were.
  const relationships: ReportRelationship[] = [];
  for (const r of report.relationships) {
    if (!touches(r)) relationships.push(r);
    else
      for (const perNode of clones)
        pushAll(
          relationships,
          perNode.filter((c) => c.id === r.id),
        );
  }
  const nodes = components.filter((c) => c.kind === "kubelet" && c.node).map((c) => c.node ?? "");
  return { ...report, components, relationships, cluster: { ...report.cluster, nodes } };
}
