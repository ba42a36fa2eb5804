/**
 * One model for a drop judged as several control-plane groups: each group's relationships, kubelets
 * and components side by side, the first group's configuration as the cluster's, and every group's
 * own model kept for the checks that compare control planes with each other.
 */
import { naturalOrder } from "../shared/natural-order";
import type { ReportLayout } from "../report";
import type { ClusterModel, ModelComponent, RelationshipWiring } from "./model";

/** The relationships a kubelet has: their keys already name the node. */
const PER_KUBELET = new Set([
  "kubelet-client",
  "kubelet-serving",
  "apiserver-kubelet-client",
  "kubelet-bootstrap",
]);

/** A relationship nothing was found for: only the list of what is missing. */
function isPlaceholder(wiring: RelationshipWiring): boolean {
  return (
    wiring.missing.length > 0 &&
    !wiring.clientCredential &&
    !wiring.serverCredential &&
    wiring.clientVerifiers.length === 0 &&
    wiring.serverVerifiers.length === 0
  );
}

/**
 * Name one group's control-plane relationships after its node (`apiserver-serving@cp-2`) and drop
 * the placeholders an earlier group already has, so three control planes give three judged
 * apiserver-serving edges but one "kube-proxy: nothing found". `seen` carries ids across groups.
 */
export function keyWiringsByNode(
  wirings: RelationshipWiring[],
  node: string,
  seen: Set<string>,
  usedKeys: Set<string> = new Set(),
): RelationshipWiring[] {
  const kept: RelationshipWiring[] = [];
  for (const wiring of wirings) {
    if (isPlaceholder(wiring) && seen.has(wiring.id)) continue;
    seen.add(wiring.id);
    if (!PER_KUBELET.has(wiring.id) && !isPlaceholder(wiring) && !wiring.key.includes(":")) {
      wiring.key = `${wiring.key}@${node}`;
    } else if (PER_KUBELET.has(wiring.id) && !wiring.key.includes(":")) {
      // A group with one kubelet keys it without its node; across groups the node must be said.
      const kubelet = [wiring.client, wiring.server].find((id) => id.startsWith("kubelet:"));
      if (kubelet) wiring.key = `${wiring.key}:${kubelet.slice("kubelet:".length)}`;
    }
    // Two folders of one node (a backup dropped twice) keep their relationships apart by group.
    if (usedKeys.has(wiring.key)) wiring.key = `${wiring.key}@${node}`;
    usedKeys.add(wiring.key);
    kept.push(wiring);
  }
  return kept;
}

function mergeComponents(models: ClusterModel[]): ModelComponent[] {
  const byId = new Map<string, ModelComponent>();
  for (const model of models) {
    for (const component of model.components) {
      const held = byId.get(component.id);
      if (!held) byId.set(component.id, { ...component, sources: [...component.sources] });
      else
        for (const source of component.sources) if (!held.sources.includes(source)) held.sources.push(source);
    }
  }
  return [...byId.values()];
}

/** Merge the groups' models; `groups` is in control-plane order, the first is the cluster's voice. */
export function mergeModels(
  groups: { node: string; root: string; model: ClusterModel }[],
  layout: ReportLayout,
): ClusterModel {
  const models = groups.map((g) => g.model);
  const [first] = models;
  if (!first) throw new Error("mergeModels: no groups");
  const certRoles = new Map<string, string>();
  for (const model of models)
    for (const [id, role] of model.certRoles) if (!certRoles.has(id)) certRoles.set(id, role);
  const anchorKeys = new Set<string>();
  const anchors = models.flatMap((model) =>
    model.anchors.filter((anchor) => {
      // A key-pair anchor (service accounts) is one per cluster, whichever control plane showed it.
      const key = `${anchor.role} ${anchor.cert?.id ?? ""}`;
      if (anchorKeys.has(key)) return false;
      anchorKeys.add(key);
      return true;
    }),
  );
  const nodes = new Set([...models.flatMap((m) => m.nodes), ...groups.map((g) => g.node)]);
  return {
    ...first,
    layout,
    nodes: [...nodes].sort(naturalOrder),
    kubelets: models.flatMap((m) => m.kubelets).sort((a, b) => naturalOrder(a.node, b.node)),
    kubeconfigRoles: new Map(models.flatMap((m) => [...m.kubeconfigRoles])),
    components: mergeComponents(models),
    wirings: models.flatMap((m) => m.wirings),
    refs: models.flatMap((m) => m.refs),
    certRoles,
    anchors,
    controlPlanes: groups.map(({ node, root, model }) => ({ node, root, model })),
  };
}
