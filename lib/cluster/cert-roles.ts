/**
 * Role labels for certificates and the trust anchors of the cluster. A certificate's role comes from
 * the relationship that uses it; certificates no configuration uses get a role from their content
 * (CN/O, EKU, SANs), so a hand-made or Vault-issued PKI still reads sensibly.
 */
import type { CertificateRecord, Inventory } from "../inventory";
import type { RelationshipWiring, ServiceAccountKeys, TrustBundle } from "./model";

const ANCHOR_ROLE: Record<string, string> = {
  "etcd-peer": "etcd-ca",
  "etcd-serving": "etcd-ca",
  "apiserver-etcd-client": "etcd-ca",
  "etcd-healthcheck-client": "etcd-ca",
  "apiserver-serving": "cluster-ca",
  "controller-manager-client": "cluster-ca",
  "scheduler-client": "cluster-ca",
  "kube-proxy-client": "cluster-ca",
  "kubelet-client": "cluster-ca",
  "admin-client": "cluster-ca",
  "apiserver-kubelet-client": "cluster-ca",
  "kubelet-serving": "kubelet-serving-ca",
  "front-proxy-client": "front-proxy-ca",
  "kubelet-bootstrap": "cluster-ca",
};

const ANCHOR_NAME: Record<string, string> = {
  "cluster-ca": "Cluster CA",
  "etcd-ca": "etcd CA",
  "front-proxy-ca": "Front-proxy CA",
  "kubelet-serving-ca": "Kubelet serving CA",
};

/** A role for a certificate no relationship claimed, from what it says about itself. */
export function roleByContent(cert: CertificateRecord): string | undefined {
  const cn = cert.subjectCN ?? "";
  if (cert.isCA) return "ca";
  if (cn === "kube-apiserver" || cert.dnsNames.includes("kubernetes.default.svc")) return "apiserver-serving";
  if (cn === "kube-apiserver-kubelet-client") return "apiserver-kubelet-client";
  if (cn === "kube-apiserver-etcd-client") return "apiserver-etcd-client";
  if (cn === "kube-etcd-healthcheck-client") return "etcd-healthcheck-client";
  if (cn === "front-proxy-client") return "front-proxy-client";
  if (cn === "system:kube-controller-manager") return "controller-manager-client";
  if (cn === "system:kube-scheduler") return "scheduler-client";
  if (cn === "system:kube-proxy") return "kube-proxy-client";
  if (cn.startsWith("system:node:"))
    return cert.eku.includes("serverAuth") && !cert.eku.includes("clientAuth")
      ? "kubelet-serving"
      : "kubelet-client";
  if (/@\d+$/.test(cn)) return "kubelet-serving";
  if (cert.subjectO.includes("system:masters") || cert.subjectO.includes("kubeadm:cluster-admins"))
    return "admin-client";
  return undefined;
}

/** Label every certificate with a role and list the trust anchors the relationships use. */
export function labelCertificates(
  inventory: Inventory,
  wirings: RelationshipWiring[],
  sa: ServiceAccountKeys,
  byContent = true,
) {
  const certRoles = new Map<string, string>();
  const anchors: { role: string; name: string; cert?: CertificateRecord; source: string }[] = [];
  const anchorIds = new Set<string>();
  const addAnchor = (role: string, bundle: TrustBundle | undefined) => {
    for (const cert of bundle?.certs ?? []) {
      if (anchorIds.has(cert.id)) continue;
      anchorIds.add(cert.id);
      certRoles.set(cert.id, role);
      anchors.push({
        role,
        name: `${ANCHOR_NAME[role] ?? role} (${cert.subjectCN ?? cert.subject})`,
        cert,
        source: bundle?.source ?? "",
      });
    }
  };
  for (const wiring of wirings) {
    const role = ANCHOR_ROLE[wiring.id] ?? "ca";
    for (const bundle of [...wiring.serverVerifiers, ...wiring.clientVerifiers]) addAnchor(role, bundle);
  }
  for (const wiring of wirings) {
    for (const credential of [wiring.clientCredential, wiring.serverCredential]) {
      if (credential?.cert && !certRoles.has(credential.cert.id))
        certRoles.set(credential.cert.id, wiring.id);
    }
  }
  // A layout not recognised gets no role from what a certificate says about itself.
  for (const cert of byContent ? inventory.certificates : []) {
    if (certRoles.has(cert.id)) continue;
    const role = roleByContent(cert);
    if (role) certRoles.set(cert.id, role);
  }
  const saSource = sa.verifyRefs[0]?.path ?? sa.signingKeyRef?.path;
  if (saSource) anchors.push({ role: "service-account", name: "Service-account key pair", source: saSource });
  return { certRoles, anchors };
}
