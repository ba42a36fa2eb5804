/**
 * The trust roots a rotation plan is made for, and the names `k8s-pki plan-rotation <ca>` takes:
 * kubeadm's cluster, etcd and front-proxy CAs and the service-account key pair; k3s and RKE2's
 * client, server and request-header CAs and their etcd server and peer CAs (named by the subject
 * k3s gives each, `k3s-client-ca@<unix time>`, `rke2-server-ca@…`, `etcd-peer-ca@…`).
 */

/** Plan-rotation names and how each is said in a sentence. */
export const ROOT_WORDS: Record<string, string> = {
  "cluster-ca": "the cluster CA",
  "etcd-ca": "the etcd CA",
  "front-proxy-ca": "the front-proxy CA",
  sa: "the service-account key pair",
  "client-ca": "the client CA",
  "server-ca": "the server CA",
  "request-header-ca": "the request-header CA",
  "etcd-server-ca": "the etcd server CA",
  "etcd-peer-ca": "the etcd peer CA",
};

/** kubeadm's anchor roles (cluster/cert-roles.ts) and the roots they are. */
const ROLE_ROOTS: Record<string, string> = {
  "cluster-ca": "cluster-ca",
  "etcd-ca": "etcd-ca",
  "front-proxy-ca": "front-proxy-ca",
  "service-account": "sa",
};

/** The plan-rotation name of a CA: from k3s/RKE2's subject where it has one, else from its anchor role. */
export function rootNameOf(role: string | undefined, subject: string): string | undefined {
  const cn = /(?:^|,\s*)CN=([^,]+)/.exec(subject)?.[1] ?? "";
  const k3s = /^(?:k3s|rke2)-(client|server|request-header)-ca@\d+$/.exec(cn);
  if (k3s) return `${k3s[1]}-ca`;
  const etcd = /^etcd-(server|peer)-ca@\d+$/.exec(cn);
  if (etcd) return `etcd-${etcd[1]}-ca`;
  return role ? ROLE_ROOTS[role] : undefined;
}

/** What to type after `k8s-pki plan-rotation` for a rotation: its root's name, else the CA's subject quoted. */
export function rotationCommandName(stand: { role?: string; lineage: { subject: string } }): string {
  return rootNameOf(stand.role, stand.lineage.subject) ?? `'${stand.lineage.subject.replace(/'/g, "")}'`;
}

/** "the etcd CA", or the CA's quoted subject when no root names it. */
export function trustRootName(role: string | undefined, subject: string): string {
  const root = rootNameOf(role, subject);
  return root ? (ROOT_WORDS[root] ?? root) : `"${subject}"`;
}
