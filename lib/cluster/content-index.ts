/**
 * The last resort of the model: when neither a manifest nor kubeadm's file names say which file is
 * which (a hand-made, cfssl- or Vault-issued PKI: `kube-apiserver.pem`, `ca.pem`, `kcm-key.pem`), a
 * certificate's role is read from its content — CN/O, EKU, SANs — and a CA bundle is the issuer of the
 * certificates it must verify. Keys are paired with certificates by public key.
 */
import type { CertificateRecord, Inventory } from "../inventory";
import { roleByContent } from "./cert-roles";

const CLIENT_ROLES = [
  "controller-manager-client",
  "scheduler-client",
  "admin-client",
  "kubelet-client",
  "kube-proxy-client",
];

/** Which content role stands in for a conventional credential flag. */
export const CREDENTIAL_ROLE: Record<string, string> = {
  "kube-apiserver --tls-cert-file": "apiserver-serving",
  "kube-apiserver --etcd-certfile": "apiserver-etcd-client",
  "kube-apiserver --kubelet-client-certificate": "apiserver-kubelet-client",
  "kube-apiserver --proxy-client-cert-file": "front-proxy-client",
  "etcd --cert-file": "etcd-server",
  "etcd --peer-cert-file": "etcd-peer",
};

/** Which certificates' issuer stands in for a conventional CA flag. */
export const BUNDLE_ROLES: Record<string, string[]> = {
  "kube-apiserver --client-ca-file": CLIENT_ROLES,
  "kube-controller-manager --cluster-signing-cert-file": CLIENT_ROLES,
  "kube-apiserver --etcd-cafile": ["etcd-server"],
  "etcd --trusted-ca-file": ["apiserver-etcd-client", "etcd-server"],
  "etcd --peer-trusted-ca-file": ["etcd-peer"],
  "kube-apiserver --requestheader-client-ca-file": ["front-proxy-client"],
};

function isStandalone(cert: CertificateRecord): boolean {
  return cert.sources.some((s) => !s.locator || /^block \d+$/.test(s.locator));
}

/** An etcd member certificate: serves and connects (both EKUs), names loopback, is not the apiserver's. */
function isEtcdMember(cert: CertificateRecord): boolean {
  return (
    !cert.isCA &&
    cert.eku.includes("serverAuth") &&
    cert.eku.includes("clientAuth") &&
    (cert.dnsNames.includes("localhost") || cert.ipAddresses.includes("127.0.0.1")) &&
    !cert.dnsNames.includes("kubernetes.default.svc")
  );
}

export class ContentIndex {
  private readonly byRole = new Map<string, CertificateRecord[]>();

  constructor(private readonly inventory: Inventory) {
    const add = (role: string, cert: CertificateRecord) => {
      const list = this.byRole.get(role) ?? [];
      list.push(cert);
      this.byRole.set(role, list);
    };
    const members: CertificateRecord[] = [];
    for (const cert of inventory.certificates) {
      // An API object's certificate (a Secret's, a CSR's) is no component's file on a node.
      if (cert.sources.every((source) => source.object !== undefined)) continue;
      if (isEtcdMember(cert) && isStandalone(cert)) {
        members.push(cert);
        continue;
      }
      const role = roleByContent(cert);
      if (role) add(role, cert);
    }
    const path = (c: CertificateRecord) => c.sources.map((s) => s.path).join(" ");
    const peers = members.filter((c) => /peer/i.test(path(c)));
    const servers = members.filter((c) => !/peer/i.test(path(c)));
    for (const cert of peers.length ? peers : members) add("etcd-peer", cert);
    for (const cert of servers.length ? servers : members) add("etcd-server", cert);
  }

  /** The first certificate (in input order) whose content says it plays `role`. */
  certForRole(role: string): CertificateRecord | undefined {
    return this.byRole.get(role)?.[0];
  }

  /** The CA certificate that issued `cert`, by name and key identifier (signatures are checked later). */
  issuerOf(cert: CertificateRecord): CertificateRecord | undefined {
    const named = this.inventory.certificates.filter(
      (c) => c.isCA && c.subject === cert.issuer && c.id !== cert.id,
    );
    return named.find((c) => cert.authorityKeyId && c.subjectKeyId === cert.authorityKeyId) ?? named[0];
  }

  /** The CA that issued the first certificate of any of `roles`. */
  issuerOfRoles(roles: string[]): CertificateRecord | undefined {
    for (const role of roles) {
      const cert = this.certForRole(role);
      const issuer = cert ? this.issuerOf(cert) : undefined;
      if (issuer) return issuer;
    }
    return undefined;
  }
}

/** The first place a certificate stands on its own (not embedded in a kubeconfig). */
export function standalonePath(cert: CertificateRecord): string | undefined {
  return cert.sources.find((s) => !s.locator || /^block \d+$/.test(s.locator))?.path ?? cert.sources[0]?.path;
}
