/**
 * An HA drop holds several control planes, each with its own kube-apiserver, etcd member and
 * kubeconfigs (`cp-1/etc/kubernetes`, `cp-2/etc/kubernetes`, …). Each is judged on its own files —
 * its kubeconfigs against its own apiserver certificate, its etcd certificates against its own flags
 * — so the drop is split into one group per control plane. Workers and everything outside a node
 * folder go with the first control plane, whose apiserver their kubelets are checked against.
 */
import { basename } from "../ingest/resolve-path";
import { subsetInventory } from "../ingest/subset-inventory";
import type { Inventory } from "../inventory";
import { naturalOrder } from "../shared/natural-order";
import { componentKindOf } from "./kubeadm-defaults";
import { isUnder, nodeRoot } from "./node-root";

export interface ControlPlaneGroup {
  /** The node folder (`cp-2`). */
  root: string;
  /** The node's name: from its kubelet's certificate, else its etcd member name, else the folder. */
  node: string;
  inventory: Inventory;
}

/** Files that only a control plane holds: kube-apiserver's configuration or serving certificate. */
const APISERVER_CERT =
  /(^|\/)(apiserver\.crt|serving-kube-apiserver\.crt|kube-api-?server\.(crt|pem)|kubernetes\.pem)$/;

function controlPlaneRoots(inventory: Inventory): string[] {
  const roots = new Set<string>();
  const add = (path: string) => {
    const root = nodeRoot(path);
    if (root !== undefined && root !== "") roots.add(root);
  };
  for (const manifest of inventory.manifests) {
    if (componentKindOf(manifest.component) === "kube-apiserver") add(manifest.source.path);
  }
  for (const flags of inventory.componentFlags ?? []) {
    if (flags.component === "kube-apiserver") add(flags.source.path);
  }
  for (const path of inventory.paths) if (APISERVER_CERT.test(path)) add(path);
  return [...roots].sort(naturalOrder);
}

/** A node's name from what its files say about it, else its folder's name. */
function nodeName(inventory: Inventory, root: string): string {
  for (const cert of inventory.certificates) {
    const kubelet = cert.subjectCN?.match(/^system:node:(.+)$/)?.[1];
    if (kubelet && cert.sources.some((s) => isUnder(s.path, root))) return kubelet;
  }
  return basename(root);
}

/**
 * The control-plane groups of a drop, or undefined when it holds at most one control plane (the
 * whole drop is then judged as one, as before). Node folders whose roots nest are not split.
 */
export function controlPlaneGroups(inventory: Inventory): ControlPlaneGroup[] | undefined {
  const roots = controlPlaneRoots(inventory);
  if (roots.length < 2) return undefined;
  if (roots.some((a) => roots.some((b) => a !== b && isUnder(b, a)))) return undefined;
  const [first, ...others] = roots;
  if (first === undefined) return undefined;
  const inOther = (path: string) => others.some((root) => isUnder(path, root));
  const groups: ControlPlaneGroup[] = [];
  const firstInventory = subsetInventory(inventory, (path) => !inOther(path));
  groups.push({ root: first, node: nodeName(firstInventory, first), inventory: firstInventory });
  for (const root of others) {
    const part = subsetInventory(inventory, (path) => isUnder(path, root));
    groups.push({ root, node: nodeName(part, root), inventory: part });
  }
  // Two folders of one node (copies of the same backup) keep apart by folder.
  const named = new Map<string, number>();
  for (const group of groups) named.set(group.node, (named.get(group.node) ?? 0) + 1);
  for (const group of groups) if ((named.get(group.node) ?? 0) > 1) group.node = group.root;
  return groups;
}
