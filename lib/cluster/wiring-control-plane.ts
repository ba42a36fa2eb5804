/**
 * Relationship wirings among the control plane: etcd peers and serving, apiserver ↔ etcd, the
 * apiserver's serving certificate as every client sees it, the component kubeconfigs, admin users,
 * the front proxy and the etcd healthcheck client (k8s-pki-spec §4.1 rows 1–9, 13).
 */
import type { KubeconfigRecord } from "../inventory";
import type { LayoutName } from "../report";
import type { CredentialResolver } from "./credentials";
import { flagList, flagValue, flagValues, urlHosts } from "./flags";
import { adminRule, allowedNamesRule, exactUserRule } from "./identity-rules";
import { KUBEADM_CONVENTIONAL_FILES as FILES } from "./kubeadm-defaults";
import type { KubeconfigRole } from "./kubeconfig-roles";
import type { ComponentConfig, DialedName, RelationshipWiring } from "./model";
import { makeWiring } from "./wiring";
import { talksToThisApiserver } from "./talks-to-this-apiserver";
import { pushAll } from "../shared/collections";
import { basename } from "../ingest/resolve-path";

export interface ControlPlaneInput {
  resolver: CredentialResolver;
  apiserver: ComponentConfig;
  controllerManager: ComponentConfig;
  scheduler: ComponentConfig;
  etcd: ComponentConfig;
  roles: Map<KubeconfigRecord, KubeconfigRole>;
  minor: number | undefined;
  dnsDomain: string;
  serviceIp?: string;
  /** kubeadm wrote the PKI (kubeadm itself, kind, kubespray, minikube): its naming and groups apply. */
  kubeadmFamily: boolean;
  layout: LayoutName;
}

const WILDCARD = new Set(["0.0.0.0", "::", ""]);

/** A host a shell variable stands for (`${HOST_IP}`): its value is not in the files, so it is not judged. */
const UNEXPANDED = /\$/;

function hostsOf(values: string[], from: string): DialedName[] {
  return urlHosts(values)
    .filter((host) => !WILDCARD.has(host) && !UNEXPANDED.test(host))
    .map((host) => ({ host, from }));
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * The addresses of --etcd-servers that reach this member: each member serves its own certificate,
 * so another member's address is not this one's to cover. With several members listed, loopback
 * and the addresses this member advertises or listens on (when the files state them) are kept.
 */
function thisMember(names: DialedName[], etcd: ComponentConfig): DialedName[] {
  const remote = new Set(names.map((n) => n.host).filter((host) => !LOOPBACK.has(host)));
  if (remote.size <= 1) return names;
  const own = new Set(
    urlHosts([
      ...flagValues(etcd.flags, "advertise-client-urls"),
      ...flagValues(etcd.flags, "listen-client-urls"),
    ]),
  );
  return names.filter((n) => LOOPBACK.has(n.host) || own.has(n.host));
}

/** Component id of a client kubeconfig. */
export function kubeconfigComponentId(kc: KubeconfigRecord, role: KubeconfigRole): string {
  if (role === "admin" || role === "super-admin") return role;
  if (role === "cluster-admin") return "admin";
  if (role === "user") return `user:${kc.source.path}`;
  return role;
}

/** Wirings for etcd and the apiserver's links to it. */
export function etcdWirings(input: ControlPlaneInput): RelationshipWiring[] {
  const { resolver, apiserver, etcd } = input;
  const peer = resolver.flagCredential(etcd, "peer-cert-file", "peer-key-file");
  const peerCA = resolver.flagBundle(etcd, "peer-trusted-ca-file");
  const serving = resolver.flagCredential(etcd, "cert-file", "key-file");
  const etcdClientCA = resolver.flagBundle(etcd, "trusted-ca-file");
  const apiserverEtcdCA = resolver.flagBundle(apiserver, "etcd-cafile");
  const etcdClient = resolver.flagCredential(apiserver, "etcd-certfile", "etcd-keyfile");
  const peerHosts = [
    ...hostsOf(flagValues(etcd.flags, "initial-advertise-peer-urls"), "etcd --initial-advertise-peer-urls"),
    ...hostsOf(flagValues(etcd.flags, "listen-peer-urls"), "etcd --listen-peer-urls"),
  ];
  const healthCert = resolver.files.ref(
    "healthcheck client certificate",
    FILES.etcdHealthcheckCert,
    "convention",
  );
  const healthKey = resolver.files.ref("healthcheck client key", FILES.etcdHealthcheckKey, "convention");
  const conventional = resolver.fileCredential(healthCert, healthKey, "etcd healthcheck client");
  const byContent = conventional.value
    ? conventional
    : (resolver.credentialForRole("etcd-healthcheck-client", "healthcheck client certificate") ??
      conventional);
  // kubeadm's healthcheck client is a kubeadm file: another installer's etcd is probed otherwise.
  const health =
    byContent.value || input.kubeadmFamily
      ? byContent
      : { missing: ["an etcd healthcheck client certificate (kubeadm writes one; this layout has none)"] };
  const noClientAuth = flagValue(etcd.flags, "client-cert-auth") !== "true";
  // etcd on plain HTTP (the Hard Way's loopback etcd): there is no TLS between them to judge.
  const etcdUrls = flagValues(apiserver.flags, "etcd-servers");
  const plainHttp =
    apiserver.origin !== "convention" &&
    etcdUrls.length > 0 &&
    etcdUrls.every((url) => url.startsWith("http://") || url.startsWith("unix://"));
  const noTls = plainHttp
    ? [
        `TLS to etcd: kube-apiserver --etcd-servers=${etcdUrls.join(",")} speaks plain HTTP or a Unix socket, so no certificate is used`,
      ]
    : [];
  return [
    makeWiring({
      id: "etcd-peer",
      client: "etcd",
      server: "etcd",
      summary:
        "etcd members authenticate each other with the peer certificate, verified against the etcd CA.",
      ...(peer.value ? { clientCredential: peer.value, serverCredential: peer.value } : {}),
      clientVerifiers: [peerCA.value],
      serverVerifiers: [peerCA.value],
      clientEku: ["serverAuth", "clientAuth"],
      serverEku: ["serverAuth", "clientAuth"],
      dialedNames: dedupeNames(peerHosts),
      subjectCertIds: peer.value?.cert ? [peer.value.cert.id] : [],
      missing: plainHttp && !peer.value ? noTls : [...peer.missing, ...peerCA.missing],
    }),
    makeWiring({
      id: "etcd-serving",
      client: "kube-apiserver",
      server: "etcd",
      summary: "kube-apiserver verifies etcd's serving certificate with --etcd-cafile.",
      ...(serving.value ? { serverCredential: serving.value } : {}),
      clientVerifiers: [apiserverEtcdCA.value],
      serverEku: ["serverAuth", "clientAuth"],
      dialedNames: dedupeNames(
        thisMember(
          hostsOf(flagValues(apiserver.flags, "etcd-servers"), "kube-apiserver --etcd-servers"),
          etcd,
        ),
      ),
      missing: plainHttp ? noTls : [...serving.missing, ...apiserverEtcdCA.missing],
    }),
    makeWiring({
      id: "apiserver-etcd-client",
      client: "kube-apiserver",
      server: "etcd",
      summary:
        "kube-apiserver presents its etcd client certificate; etcd verifies it with --trusted-ca-file.",
      ...(etcdClient.value ? { clientCredential: etcdClient.value } : {}),
      serverVerifiers: [etcdClientCA.value],
      clientEku: ["clientAuth"],
      missing: plainHttp ? noTls : [...etcdClient.missing, ...etcdClientCA.missing],
      ...(noClientAuth && etcd.origin !== "convention" ? { unverifiedBy: "server" as const } : {}),
    }),
    makeWiring({
      id: "etcd-healthcheck-client",
      client: "etcd-healthcheck",
      server: "etcd",
      summary: "etcdctl and health probes present the healthcheck client certificate to etcd.",
      ...(health.value ? { clientCredential: health.value } : {}),
      serverVerifiers: [etcdClientCA.value],
      clientEku: ["clientAuth"],
      missing: plainHttp ? noTls : [...health.missing, ...etcdClientCA.missing],
    }),
  ];
}

function dedupeNames(names: DialedName[]): DialedName[] {
  const seen = new Set<string>();
  return names.filter((n) => (seen.has(n.host) ? false : (seen.add(n.host), true)));
}

/** The apiserver's serving certificate as every kubeconfig and in-cluster client sees it. */
export function apiserverServingWiring(input: ControlPlaneInput): RelationshipWiring {
  const { resolver, apiserver, roles, dnsDomain, serviceIp } = input;
  const serving = resolver.flagCredential(apiserver, "tls-cert-file", "tls-private-key-file");
  const advertise = flagValue(apiserver.flags, "advertise-address");
  const identity = {
    ...(serving.value?.cert ? { serving: serving.value.cert } : {}),
    ...(advertise ? { advertiseAddress: advertise } : {}),
  };
  const clients = [...roles]
    .filter(([kc, role]) => role !== "unused" && talksToThisApiserver(kc, role, resolver, identity))
    .map(([kc]) => kc);
  const verifiers = clients.map((kc) => resolver.kubeconfigBundle(kc).value);
  const names: DialedName[] = [];
  for (const kc of clients) {
    const server = resolver.currentCluster(kc)?.server;
    if (server) pushAll(names, hostsOf([server], `${kc.source.path} server: ${server}`));
  }
  if (advertise && !UNEXPANDED.test(advertise))
    names.push({ host: advertise, from: "kube-apiserver --advertise-address" });
  if (apiserver.origin !== "convention") {
    names.push({ host: "kubernetes.default.svc", from: "in-cluster clients (the kubernetes Service)" });
    // kubeadm always signs the fully qualified name; other installers may leave it out (the Hard
    // Way does), and in-cluster clients reach the Service by its IP, which is checked below.
    if (input.kubeadmFamily)
      names.push({
        host: `kubernetes.default.svc.${dnsDomain}`,
        from: "in-cluster clients (the kubernetes Service)",
      });
  }
  if (serviceIp)
    names.push({
      host: serviceIp,
      from: "the kubernetes Service ClusterIP (first IP of --service-cluster-ip-range)",
    });
  // The names the installer renders the certificate with (MicroK8s's csr.conf): each an address the
  // node has now, which the certificate must carry.
  const servingPath = serving.value?.certRef?.path;
  for (const record of resolver.inventory.servingNames ?? []) {
    if (!servingPath || resolver.files.resolve(record.certificate, record.source.path) !== servingPath)
      continue;
    for (const host of [...record.dnsNames, ...record.ipAddresses])
      names.push({ host, from: `${record.source.path} (the names ${basename(servingPath)} is issued with)` });
  }
  const sni = sniCredentials(input);
  const missing = [...serving.missing];
  if (verifiers.every((v) => !v))
    missing.push("a kubeconfig with the cluster CA (certificate-authority-data)");
  return makeWiring({
    id: "apiserver-serving",
    client: "clients",
    server: "kube-apiserver",
    summary:
      "Every client verifies kube-apiserver's serving certificate with the CA in its kubeconfig; the certificate must name every address clients dial.",
    ...(serving.value ? { serverCredential: serving.value } : {}),
    ...(sni.length > 0 ? { sniCredentials: sni } : {}),
    clientVerifiers: verifiers,
    serverEku: ["serverAuth"],
    dialedNames: dedupeNames(names),
    missing,
  });
}

/** kube-apiserver --tls-sni-cert-key: `cert,key` or `cert,key:name,name`, each resolved like a flag pair. */
function sniCredentials(input: ControlPlaneInput): NonNullable<RelationshipWiring["sniCredentials"]> {
  const { resolver, apiserver } = input;
  const out: NonNullable<RelationshipWiring["sniCredentials"]> = [];
  for (const value of apiserver.flags["tls-sni-cert-key"] ?? []) {
    const [files = "", names = ""] = value.split(":");
    const [cert, key] = files.split(",");
    if (!cert) continue;
    const certRef = resolver.ref("--tls-sni-cert-key", cert, apiserver);
    const keyRef = key ? resolver.ref("--tls-sni-cert-key", key, apiserver) : undefined;
    const credential = resolver.fileCredential(certRef, keyRef, "kube-apiserver --tls-sni-cert-key").value;
    if (credential) out.push({ credential, names: names.split(",").filter(Boolean) });
  }
  return out;
}

/** One wiring per client kubeconfig (controller-manager, scheduler, admin, kube-proxy, other users). */
export function kubeconfigClientWirings(input: ControlPlaneInput): RelationshipWiring[] {
  const { resolver, apiserver, roles, minor } = input;
  const clientCA = resolver.flagBundle(apiserver, "client-ca-file");
  const wirings: RelationshipWiring[] = [];
  const seen = new Set<string>();
  // The admin kubeconfig is "the" admin-client; other users' kubeconfigs follow it, keyed by path.
  const rank = (role: KubeconfigRole) => (role === "user" ? 1 : 0);
  const ordered = [...roles].sort((a, b) => rank(a[1]) - rank(b[1]));
  for (const [kc, role] of ordered) {
    const spec = clientSpec(role, minor);
    if (!spec) continue;
    const credential = resolver.kubeconfigCredential(kc);
    const key = seen.has(spec.id) ? `${spec.id}:${kc.source.path}` : spec.id;
    seen.add(spec.id);
    const isCert = credential.value?.kind === "certificate";
    wirings.push(
      makeWiring({
        id: spec.id,
        key,
        client: kubeconfigComponentId(kc, role),
        server: "kube-apiserver",
        summary: `${spec.who} authenticates to kube-apiserver with ${kc.source.path}; the apiserver verifies its client certificate with --client-ca-file.`,
        ...(credential.value ? { clientCredential: credential.value } : {}),
        // What the client checks kube-apiserver's serving certificate with (judged by apiserver-serving).
        clientVerifiers: [resolver.kubeconfigBundle(kc).value],
        serverVerifiers: isCert ? [clientCA.value] : [],
        clientEku: ["clientAuth"],
        ...(spec.identity ? { identity: spec.identity } : {}),
        missing: [
          ...credential.missing,
          ...(isCert ? clientCA.missing : []),
          ...(credential.value && !isCert ? [runtimeCredential(credential.value.kind, kc.source.path)] : []),
        ],
      }),
    );
  }
  for (const id of [
    "controller-manager-client",
    "scheduler-client",
    "kube-proxy-client",
    "admin-client",
  ] as const) {
    if (wirings.some((p) => p.id === id)) continue;
    const component = {
      "controller-manager-client": "kube-controller-manager",
      "scheduler-client": "kube-scheduler",
      "kube-proxy-client": "kube-proxy",
      "admin-client": "admin",
    }[id];
    const why =
      id === "kube-proxy-client"
        ? "a kube-proxy kubeconfig or certificate (kubeadm's kube-proxy uses a service-account token, which is not a file on the node)"
        : `the ${component} kubeconfig`;
    wirings.push(
      makeWiring({
        id,
        client: component,
        server: "kube-apiserver",
        summary: `${component} authenticates to kube-apiserver.`,
        missing: [why],
      }),
    );
  }
  return wirings;
}

/** Tokens, exec plugins and auth providers are obtained or checked at run time: no file proves them. */
/** Why a client that authenticates with a token cannot be judged from files. */
export function runtimeCredential(kind: string, path: string): string {
  const what =
    kind === "exec"
      ? "an exec plugin's token"
      : kind === "auth-provider"
        ? "an auth-provider token"
        : "a bearer token";
  return `${path} authenticates with ${what}, which cannot be verified from files`;
}

function clientSpec(role: KubeconfigRole, minor: number | undefined) {
  switch (role) {
    case "kube-controller-manager":
      return {
        id: "controller-manager-client" as const,
        who: "kube-controller-manager",
        identity: exactUserRule("system:kube-controller-manager", "system:kube-controller-manager"),
      };
    case "kube-scheduler":
      return {
        id: "scheduler-client" as const,
        who: "kube-scheduler",
        identity: exactUserRule("system:kube-scheduler", "system:kube-scheduler"),
      };
    case "kube-proxy":
      return {
        id: "kube-proxy-client" as const,
        who: "kube-proxy",
        identity: exactUserRule("system:kube-proxy", "system:node-proxier"),
      };
    case "admin":
      return { id: "admin-client" as const, who: "kubectl (admin)", identity: adminRule(minor, false) };
    case "super-admin":
      return { id: "admin-client" as const, who: "kubectl (super-admin)", identity: adminRule(minor, true) };
    case "cluster-admin":
      return { id: "admin-client" as const, who: "kubectl (admin)" };
    case "user":
      return { id: "admin-client" as const, who: "a kubectl user" };
    default:
      return undefined;
  }
}

/** The aggregation layer: apiserver → extension apiservers with the front-proxy client certificate. */
export function frontProxyWiring(input: ControlPlaneInput): RelationshipWiring {
  const { resolver, apiserver } = input;
  const credential = resolver.flagCredential(apiserver, "proxy-client-cert-file", "proxy-client-key-file");
  const ca = resolver.flagBundle(apiserver, "requestheader-client-ca-file");
  const allowed = flagList(apiserver.flags, "requestheader-allowed-names");
  return makeWiring({
    id: "front-proxy-client",
    client: "kube-apiserver",
    server: "front-proxy",
    summary:
      "kube-apiserver proxies to aggregated APIs with the front-proxy client certificate; they verify it with --requestheader-client-ca-file and the allowed names.",
    ...(credential.value ? { clientCredential: credential.value } : {}),
    serverVerifiers: [ca.value],
    clientEku: ["clientAuth"],
    ...(allowed ? { identity: allowedNamesRule(allowed) } : {}),
    missing: [...credential.missing, ...ca.missing],
  });
}
