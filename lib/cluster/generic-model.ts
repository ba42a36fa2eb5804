/**
 * The model of a drop with no Kubernetes wiring (a gRPC-tutorial mTLS folder, a web server's
 * certificates): no component, no relationship, no Kubernetes role. Its CAs are the trust anchors,
 * and the checks that need no wiring — validity, chains by signature, key pairs, EKUs by what the
 * file says it is — still run on every certificate.
 */
import type { Inventory } from "../inventory";
import type { ReportLayout } from "../report";
import type { ClusterModel } from "./model";

/** A ClusterModel that assumes nothing about Kubernetes. */
export function buildGenericModel(inventory: Inventory, layout: ReportLayout): ClusterModel {
  const certRoles = new Map<string, string>();
  const anchors: ClusterModel["anchors"] = [];
  for (const cert of inventory.certificates) {
    if (!cert.isCA) continue;
    certRoles.set(cert.id, "ca");
    anchors.push({
      role: "ca",
      name: cert.subjectCN ?? cert.subject,
      cert,
      source: cert.sources[0]?.path ?? cert.id,
    });
  }
  return {
    layout,
    nodes: [],
    dnsDomain: "cluster.local",
    kubelets: [],
    kubeconfigRoles: new Map(),
    components: [],
    wirings: [],
    serviceAccount: { verifyKeys: [], verifyRefs: [] },
    refs: [],
    certRoles,
    anchors,
  };
}
