/**
 * Build the cluster model from an inventory: component configuration (manifests, else kubeadm's
 * conventions), kubeconfigs by role, kubelets, the service-account keys, and one wiring per
 * relationship instance. Pure and synchronous: no crypto happens here, only wiring.
 */
import type { Inventory } from "../inventory";
import type { ComponentKind, ReportLayout } from "../report";
import { componentConfig } from "./components";
import { detectLayout } from "./detect-layout";
import { CredentialResolver } from "./credentials";
import { FileIndex } from "./file-index";
import { flagValue } from "./flags";
import { assignKubeconfigRoles, DISTRIBUTION_CLIENT } from "./kubeconfig-roles";
import { impliedKubeletConfigs } from "./k3s-kubelets";
import { discoverKubelets } from "./kubelets";
import type {
  ClusterModel,
  ComponentConfig,
  ModelComponent,
  RelationshipWiring,
  RoleEvidence,
} from "./model";
import type { KubeconfigRecord } from "../inventory";
import { attachEvidence, conventionsOf } from "./provenance";
import { labelCertificates } from "./cert-roles";
import {
  apiserverServingWiring,
  etcdWirings,
  frontProxyWiring,
  kubeconfigClientWirings,
  kubeconfigComponentId,
  type ControlPlaneInput,
} from "./wiring-control-plane";
import { bootstrapWiring, kubeletWirings, serviceAccountWiring } from "./wiring-kubelet";
import { resolveServiceAccountKeys } from "./service-account";
import { minorOf } from "./version";
import { firstServiceIp } from "./service-ip";
import { naturalOrder } from "../shared/natural-order";
import { labelOfId, nodeLabel } from "../shared/node-label";

const FIXED_COMPONENTS: [string, ComponentKind, string][] = [
  ["etcd", "etcd", "etcd"],
  ["kube-apiserver", "kube-apiserver", "kube-apiserver"],
  ["kube-controller-manager", "kube-controller-manager", "kube-controller-manager"],
  ["kube-scheduler", "kube-scheduler", "kube-scheduler"],
  ["kube-proxy", "kube-proxy", "kube-proxy"],
  ["front-proxy", "front-proxy", "aggregated APIs (front proxy)"],
  ["etcd-healthcheck", "etcd-healthcheck", "etcd healthcheck client"],
  ["clients", "clients", "API clients"],
];

/** Layouts whose PKI kubeadm wrote, so kubeadm's SANs and identities are the expectation. */
const KUBEADM_FAMILY = new Set<ReportLayout["name"]>(["kubeadm", "kind", "kubespray", "minikube"]);

/** Derive who is who and which relationship uses which credential. */
export function buildClusterModel(
  inventory: Inventory,
  layout: ReportLayout = detectLayout(inventory),
): ClusterModel {
  const files = new FileIndex(inventory);
  const resolver = new CredentialResolver(inventory, files);
  const conventions = conventionsOf(layout);
  // A layout's defaults stand for a component only where that layout was recognised as itself.
  const config = (kind: ComponentKind): ComponentConfig => {
    const found = componentConfig(kind, inventory, layout.name);
    if (conventions.hold || found.origin !== "convention" || found.sources?.length) return found;
    return { kind, origin: "convention", flags: {}, absent: true };
  };
  const apiserver = config("kube-apiserver");
  const controllerManager = config("kube-controller-manager");
  const scheduler = config("kube-scheduler");
  const etcd = config("etcd");
  const kubeadm = inventory.kubeadmConfigs[0];

  const versioned = [apiserver, controllerManager, scheduler].find((c) => c.manifest?.version);
  const version = versioned?.manifest?.version ?? kubeadm?.kubernetesVersion;
  const versionSource = versioned?.source ?? (kubeadm?.kubernetesVersion ? kubeadm.source.path : undefined);
  const minor = minorOf(version);
  const issuer = flagValue(apiserver.flags, "service-account-issuer");
  const dnsDomain =
    kubeadm?.dnsDomain ?? issuer?.match(/kubernetes\.default\.svc\.(.+)$/)?.[1] ?? "cluster.local";
  const serviceCidr = flagValue(apiserver.flags, "service-cluster-ip-range") ?? kubeadm?.serviceSubnet;
  const serviceIp = serviceCidr ? firstServiceIp(serviceCidr) : undefined;
  const advertiseAddress = flagValue(apiserver.flags, "advertise-address") ?? kubeadm?.advertiseAddress;

  const roleEvidence = new Map<KubeconfigRecord, RoleEvidence>();
  const roles = assignKubeconfigRoles(
    inventory.kubeconfigs,
    resolver,
    { controllerManager, scheduler },
    roleEvidence,
  );
  const kubelets = discoverKubelets(resolver, roles, impliedKubeletConfigs(inventory, layout.name));
  const input: ControlPlaneInput = {
    resolver,
    apiserver,
    controllerManager,
    scheduler,
    etcd,
    roles,
    minor,
    dnsDomain,
    ...(serviceIp ? { serviceIp } : {}),
    kubeadmFamily: KUBEADM_FAMILY.has(layout.name),
    layout: layout.name,
  };
  const serviceAccount = resolveServiceAccountKeys(resolver, apiserver, controllerManager);
  const bootstrap = [...roles].find(([, role]) => role === "kubelet-bootstrap")?.[0];
  const wirings: RelationshipWiring[] = [
    ...etcdWirings(input),
    apiserverServingWiring(input),
    ...kubeconfigClientWirings(input),
    ...kubeletWirings(input, kubelets),
    serviceAccountWiring(serviceAccount),
    frontProxyWiring(input),
    bootstrapWiring(
      input,
      bootstrap,
      kubelets.find((k) => k.bootstrapKubeconfig === bootstrap && bootstrap) ?? kubelets[0],
    ),
  ];

  uniquifyKeys(wirings);
  attachEvidence(wirings, serviceAccount, roleEvidence, conventions);
  const notInDrop = controlPlaneElsewhere(
    [apiserver, controllerManager, scheduler, etcd],
    wirings,
    layout.recognised === true,
  );
  if (notInDrop) {
    const out = new Set(notInDrop.relationships);
    wirings.splice(0, wirings.length, ...wirings.filter((w) => !out.has(w.id) || hasCredential(w)));
  }

  const components: ModelComponent[] = FIXED_COMPONENTS.map(([id, kind, name]) => ({
    id,
    kind,
    name,
    sources: [],
  }));
  const byId = new Map(components.map((c) => [c.id, c]));
  const addSource = (id: string, source: string | undefined) => {
    const component = byId.get(id);
    if (component && source && !component.sources.includes(source)) component.sources.push(source);
  };
  for (const cfg of [apiserver, controllerManager, scheduler, etcd])
    for (const source of cfg.sources ?? [cfg.source]) addSource(cfg.kind, source);
  for (const [kc, role] of roles) {
    if (role === "kubelet" || role === "kubelet-bootstrap" || role === "unused") continue;
    const id = kubeconfigComponentId(kc, role);
    if (!byId.has(id)) {
      const kind: ComponentKind =
        role === "admin" || role === "super-admin" || role === "cluster-admin"
          ? "admin"
          : role === "user"
            ? "user"
            : role;
      // k3s/RKE2's own clients are named by who they are (system:k3s-supervisor), not as kubectl.
      const cn = role === "user" ? resolver.kubeconfigCredential(kc).value?.cert?.subjectCN : undefined;
      const name =
        role === "user"
          ? cn && DISTRIBUTION_CLIENT.test(cn)
            ? cn
            : `kubectl (${kc.source.path})`
          : role === "super-admin"
            ? "kubectl (super-admin)"
            : role === "admin" || role === "cluster-admin"
              ? "kubectl (admin)"
              : role;
      const component: ModelComponent = { id, kind, name, sources: [] };
      components.push(component);
      byId.set(id, component);
    }
    addSource(id, kc.source.path);
  }
  const add = (component: ModelComponent) => {
    if (byId.has(component.id)) return;
    components.push(component);
    byId.set(component.id, component);
  };
  if (kubelets.length === 0) add({ id: "kubelet", kind: "kubelet", name: "kubelet", sources: [] });
  for (const kubelet of kubelets) {
    add({
      id: kubelet.id,
      kind: "kubelet",
      name: nodeLabel("kubelet", kubelet.node),
      node: kubelet.node,
      sources: [...new Set(kubelet.sources)],
    });
  }
  for (const wiring of wirings) {
    for (const id of [wiring.client, wiring.server]) {
      const kubelet = id.startsWith("kubelet");
      // A kubelet known only from a wiring's end is named as every other: "kubelet (worker-2)".
      add({ id, kind: kubelet ? "kubelet" : "user", name: kubelet ? labelOfId(id) : id, sources: [] });
    }
  }
  add({ id: "admin", kind: "admin", name: "kubectl (admin)", sources: [] });

  const nodes = new Set<string>();
  for (const kubelet of kubelets) if (kubelet.node !== "node") nodes.add(kubelet.node);
  if (kubeadm?.nodeName) nodes.add(kubeadm.nodeName);
  // etcd's member name is the node's under kubeadm, but kubespray and RKE2 name members otherwise
  // (etcd1, server-1-5f1c2a3b): it names a node only when no kubelet does.
  const etcdName = flagValue(etcd.flags, "name");
  if (etcdName && nodes.size === 0) nodes.add(etcdName);

  // Recorded so a named but absent EncryptionConfiguration shows up as FILE_MISSING.
  const encryptionConfig = flagValue(apiserver.flags, "encryption-provider-config");
  const encryptionConfigRef = encryptionConfig
    ? resolver.ref("--encryption-provider-config", encryptionConfig, apiserver)
    : undefined;
  const clientCA = resolver.flagBundle(apiserver, "client-ca-file").value;
  const signingCA = resolver.flagBundle(controllerManager, "cluster-signing-cert-file").value;
  const { certRoles, anchors } = labelCertificates(
    inventory,
    wirings,
    serviceAccount,
    layout.recognised !== false,
  );
  return {
    layout,
    ...(version ? { version } : {}),
    ...(versionSource ? { versionSource } : {}),
    ...(minor !== undefined ? { minor } : {}),
    // Natural order: node-2 before node-10, as people number their machines.
    nodes: [...nodes].sort(naturalOrder),
    ...(advertiseAddress ? { advertiseAddress } : {}),
    ...(serviceCidr ? { serviceCidr } : {}),
    dnsDomain,
    apiserver,
    controllerManager,
    scheduler,
    etcd,
    kubelets,
    kubeconfigRoles: new Map([...roles].map(([kc, role]) => [kc, role])),
    kubeconfigRoleEvidence: roleEvidence,
    components,
    wirings,
    serviceAccount,
    ...(clientCA ? { clientCA } : {}),
    ...(signingCA ? { signingCA } : {}),
    ...(encryptionConfigRef ? { encryptionConfigRef } : {}),
    refs: resolver.refs,
    certRoles,
    anchors,
    ...(notInDrop ? { notInDrop } : {}),
  };
}

const CONTROL_PLANE_OWN = new Set<RelationshipWiring["id"]>([
  "etcd-peer",
  "etcd-serving",
  "apiserver-etcd-client",
  "apiserver-serving",
  "apiserver-kubelet-client",
  "front-proxy-client",
  "service-account-signing",
]);

const hasCredential = (w: RelationshipWiring) => !!(w.clientCredential || w.serverCredential);

export const UNCONFIGURED_NOTE =
  "no configuration in this drop names a control-plane component's files: control-plane relationships are not judged";

export const WORKER_ONLY_NOTE =
  "this drop holds no control plane: control-plane relationships are judged on a control-plane node's files";

/**
 * A worker's folder alone: no control-plane component is configured in the drop and none of their
 * certificates was found. Then every relationship with no credential in the drop is left out and
 * said once, instead of a line of missing files each.
 */
function controlPlaneElsewhere(
  configs: ComponentConfig[],
  wirings: RelationshipWiring[],
  recognised: boolean,
): ClusterModel["notInDrop"] {
  if (configs.some((c) => c.origin !== "convention" || (c.sources?.length ?? 0) > 0)) return undefined;
  // The control plane's own certificates: the apiserver's and etcd's (clients' kubeconfigs may
  // travel anywhere: an admin.conf alone is no control plane).
  if (wirings.some((w) => CONTROL_PLANE_OWN.has(w.id) && hasCredential(w))) return undefined;
  const relationships = [...new Set(wirings.filter((w) => !hasCredential(w)).map((w) => w.id))];
  if (relationships.length === 0) return undefined;
  // Of a layout not recognised, only its configuration is known: certificates may still be there.
  return { relationships, note: recognised ? WORKER_ONLY_NOTE : UNCONFIGURED_NOTE };
}

/** Relationship keys must be unique: two kubelets of the same name in two dropped folders get `#2`. */
function uniquifyKeys(wirings: RelationshipWiring[]): void {
  const seen = new Map<string, number>();
  for (const wiring of wirings) {
    const count = (seen.get(wiring.key) ?? 0) + 1;
    seen.set(wiring.key, count);
    if (count > 1) wiring.key = `${wiring.key}#${count}`;
  }
}
