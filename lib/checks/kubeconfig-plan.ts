/**
 * The relationship a kubeconfig's findings belong to: the client relationship of the component that
 * uses it (admin-client for kubectl users, kubelet-client for kubelet.conf, kubelet-bootstrap for the
 * bootstrap kubeconfig), so a fault in the file colours that edge.
 */
import type { KubeconfigRecord } from "../ingest/types";
import type { RelationshipPlan } from "../cluster/model";
import type { Finding, RelationshipId } from "../report";
import { planRef } from "./describe";
import type { CheckContext } from "./types";

const RELATIONSHIP_OF_ROLE: Record<string, RelationshipId> = {
  "kube-controller-manager": "controller-manager-client",
  "kube-scheduler": "scheduler-client",
  "kube-proxy": "kube-proxy-client",
  admin: "admin-client",
  "super-admin": "admin-client",
  user: "admin-client",
  kubelet: "kubelet-client",
  "kubelet-bootstrap": "kubelet-bootstrap",
};

/** The plan whose client uses `kc`: by its credential first, by the kubeconfig's role second. */
export function kubeconfigPlan(ctx: CheckContext, kc: KubeconfigRecord): RelationshipPlan | undefined {
  const byCredential = ctx.model.plans.find((p) => p.clientCredential?.kubeconfig === kc);
  if (byCredential) return byCredential;
  const role = ctx.model.kubeconfigRoles.get(kc);
  const id = role ? RELATIONSHIP_OF_ROLE[role] : undefined;
  const candidates = ctx.model.plans.filter((p) => p.id === id);
  const kubelet = ctx.model.kubelets.find((k) => k.kubeconfig === kc);
  return (
    candidates.find((p) => p.key.endsWith(`:${kc.source.path}`)) ??
    candidates.find(
      (p) => p.client === (kubelet?.id ?? (role === "user" ? `user:${kc.source.path}` : role)),
    ) ??
    candidates[0]
  );
}

/** `relationship`/`relationshipKey` for a finding about `kc` (just the id when no plan was built). */
export function kubeconfigRef(
  ctx: CheckContext,
  kc: KubeconfigRecord,
): Pick<Finding, "relationship" | "relationshipKey"> {
  const plan = kubeconfigPlan(ctx, kc);
  if (plan) return planRef(plan);
  const role = ctx.model.kubeconfigRoles.get(kc);
  const id = role ? RELATIONSHIP_OF_ROLE[role] : undefined;
  return id ? { relationship: id } : {};
}

/** Names of the contexts that use a user entry, for messages (`dev@prod, dev@staging`). */
export function contextsOfUser(kc: KubeconfigRecord, user: string): string[] {
  return kc.contexts.filter((c) => c.user === user).map((c) => c.name);
}
