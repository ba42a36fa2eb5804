/**
 * Where a renewal is run: the node whose files hold the certificate. A drop of several nodes keeps
 * each node's files in its own folder, and each node's kubelet names the node (`system:node:<name>`
 * in its kubeconfig), so a folder maps to a node name through the kubelet found in it; a drop of one
 * node's files maps its one kubelet's name to every path.
 */
import { nodeRoot } from "../cluster/node-root";
import type { Report, ReportCertificate } from "../report";

/** Finds the nodes a certificate's files lie on, in natural order of first path; built once per report. */
export function renewalNodes(report: Report): (certificate: Pick<ReportCertificate, "paths">) => string[] {
  const byRoot = new Map<string, string>();
  for (const component of report.components) {
    if (component.kind !== "kubelet" || component.node === undefined) continue;
    for (const source of component.sources) {
      const root = nodeRoot(source);
      if (root !== undefined && !byRoot.has(root)) byRoot.set(root, component.node);
    }
  }
  return (certificate) => {
    const nodes = new Set<string>();
    for (const path of certificate.paths) {
      const root = nodeRoot(path.split("#", 1)[0] ?? path);
      const node = root === undefined ? undefined : byRoot.get(root);
      if (node !== undefined) nodes.add(node);
    }
    return [...nodes];
  };
}
