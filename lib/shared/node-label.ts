/**
 * How a component that runs on a node is named, in one place: "kubelet (worker-1)". The report's
 * component names, the findings' titles, the text formats and the explorer's graph, panels and
 * lists all say it this way, so one node never reads as `kind-worker` in one place and
 * `kubelet (kind-worker)` or `kubelet:kind-worker` in another.
 */

/** "kubelet (worker-1)"; `what` alone when the node is not known. */
export function nodeLabel(what: string, node: string | undefined): string {
  return node ? `${what} (${node})` : what;
}

/**
 * A component id as its name: `kubelet:worker-1` → "kubelet (worker-1)" (the id's first colon
 * splits the component from its node; a node name may hold more colons), any other id as it is.
 */
export function labelOfId(id: string): string {
  const colon = id.indexOf(":");
  return colon > 0 ? nodeLabel(id.slice(0, colon), id.slice(colon + 1)) : id;
}
