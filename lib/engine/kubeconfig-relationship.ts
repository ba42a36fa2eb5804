/**
 * The relationship a kubeconfig's findings belong to: the client relationship of the component that
 * uses it (admin-client for kubectl users, kubelet-client for kubelet.conf, kubelet-bootstrap for the
 * bootstrap kubeconfig), so a fault in the file colours that edge.
 */
import type { KubeconfigRecord } from "../inventory";
import type { RelationshipWiring } from "../cluster/model";
import type { Finding, RelationshipId } from "../report";
import { wiringRef } from "./describe";
import type { CheckContext } from "./rule";

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

interface WiringLookup {
  byKubeconfig: Map<KubeconfigRecord, RelationshipWiring>;
  byId: Map<string, RelationshipWiring[]>;
  kubeletIds: Map<KubeconfigRecord, string>;
}

const lookups = new WeakMap<object, WiringLookup>();

/** Wirings by the kubeconfig their client presents and by id, built once per model. */
function wiringLookup(ctx: CheckContext): WiringLookup {
  let lookup = lookups.get(ctx.model);
  if (!lookup) {
    lookup = { byKubeconfig: new Map(), byId: new Map(), kubeletIds: new Map() };
    for (const wiring of ctx.model.wirings) {
      const kubeconfig = wiring.clientCredential?.kubeconfig;
      if (kubeconfig && !lookup.byKubeconfig.has(kubeconfig)) lookup.byKubeconfig.set(kubeconfig, wiring);
      const same = lookup.byId.get(wiring.id);
      if (same) same.push(wiring);
      else lookup.byId.set(wiring.id, [wiring]);
    }
    for (const kubelet of ctx.model.kubelets)
      if (kubelet.kubeconfig && !lookup.kubeletIds.has(kubelet.kubeconfig))
        lookup.kubeletIds.set(kubelet.kubeconfig, kubelet.id);
    lookups.set(ctx.model, lookup);
  }
  return lookup;
}

/** The wiring whose client uses `kc`: by its credential first, by the kubeconfig's role second. */
export function kubeconfigWiring(ctx: CheckContext, kc: KubeconfigRecord): RelationshipWiring | undefined {
  const lookup = wiringLookup(ctx);
  const byCredential = lookup.byKubeconfig.get(kc);
  if (byCredential) return byCredential;
  const role = ctx.model.kubeconfigRoles.get(kc);
  const id = role ? RELATIONSHIP_OF_ROLE[role] : undefined;
  const candidates = (id && lookup.byId.get(id)) || [];
  const kubeletId = lookup.kubeletIds.get(kc);
  return (
    candidates.find((p) => p.key.endsWith(`:${kc.source.path}`)) ??
    candidates.find((p) => p.client === (kubeletId ?? (role === "user" ? `user:${kc.source.path}` : role))) ??
    candidates[0]
  );
}

/** `relationship`/`relationshipKey` for a finding about `kc` (just the id when no wiring was built). */
export function kubeconfigRef(
  ctx: CheckContext,
  kc: KubeconfigRecord,
): Pick<Finding, "relationship" | "relationshipKey"> {
  const wiring = kubeconfigWiring(ctx, kc);
  if (wiring) return wiringRef(wiring);
  const role = ctx.model.kubeconfigRoles.get(kc);
  const id = role ? RELATIONSHIP_OF_ROLE[role] : undefined;
  return id ? { relationship: id } : {};
}

/** Names of the contexts that use a user entry, for messages (`dev@prod, dev@staging`). */
export function contextsOfUser(kc: KubeconfigRecord, user: string): string[] {
  return kc.contexts.filter((c) => c.user === user).map((c) => c.name);
}
