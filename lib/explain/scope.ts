/**
 * Which relationships a pasted error can be about, from who printed it and where it connected:
 * kubectl and the kubelet talk to kube-apiserver, a gRPC handshake failure in kube-apiserver's log
 * is etcd's serving certificate, etcd's "rejected connection" is one of its clients or peers, a port
 * names its server (6443 kube-apiserver, 2379 etcd, 2380 etcd peers, 10250 the kubelet).
 */
import type { RelationshipId, ReportRelationship } from "../report";
import type { ErrorPattern } from "./error-patterns";
import type { ExplainFacts } from "./parse-facts";

const APISERVER_CLIENTS: readonly RelationshipId[] = [
  "admin-client",
  "controller-manager-client",
  "scheduler-client",
  "kube-proxy-client",
  "kubelet-client",
  "kubelet-bootstrap",
];
const ETCD: readonly RelationshipId[] = [
  "etcd-serving",
  "etcd-peer",
  "apiserver-etcd-client",
  "etcd-healthcheck-client",
];

const BY_PORT: Record<string, readonly RelationshipId[]> = {
  "6443": ["apiserver-serving", ...APISERVER_CLIENTS],
  "443": ["apiserver-serving", ...APISERVER_CLIENTS],
  "2379": ["etcd-serving", "apiserver-etcd-client", "etcd-healthcheck-client"],
  "2380": ["etcd-peer"],
  "10250": ["kubelet-serving", "apiserver-kubelet-client"],
};

/** The relationship ids the text can be about; undefined when nothing narrows it. */
export function scopeOf(
  patterns: readonly ErrorPattern[],
  facts: ExplainFacts,
): Set<RelationshipId> | undefined {
  const ids = new Set<RelationshipId>();
  const has = (id: string) => patterns.some((pattern) => pattern.id === id);
  const addAll = (list: readonly RelationshipId[]) => {
    for (const id of list) ids.add(id);
  };
  if (has("kubectl-unable-to-connect") || has("kubectl-unauthorized"))
    addAll(["apiserver-serving", ...APISERVER_CLIENTS]);
  if (has("kubelet-register-node") || has("kubelet-bootstrap-expired"))
    addAll(["apiserver-serving", "kubelet-client"]);
  if (has("grpc-handshake-failed")) addAll(["etcd-serving", "apiserver-etcd-client"]);
  if (has("etcd-rejected-connection") || has("etcd-rejected-connection-json")) addAll(ETCD);
  if (has("apiserver-unable-to-authenticate")) addAll(APISERVER_CLIENTS);
  if (facts.signer === "kube-apiserver-client-kubelet") addAll(["kubelet-client"]);
  if (facts.signer === "kubelet-serving") addAll(["kubelet-serving"]);
  const byPort = facts.port ? BY_PORT[facts.port] : undefined;
  if (byPort && ids.size === 0) addAll(byPort);
  return ids.size === 0 ? undefined : ids;
}

/** Whether a relationship is in scope (and, with a node, that node's instance for per-node ones). */
export function inScope(
  relationship: ReportRelationship,
  scope: ReadonlySet<RelationshipId> | undefined,
  node: string | undefined,
): boolean {
  if (scope && !scope.has(relationship.id)) return false;
  if (!node) return true;
  const perNode = [relationship.client, relationship.server].find((end) => end.startsWith("kubelet:"));
  return perNode === undefined || perNode === `kubelet:${node}`;
}
