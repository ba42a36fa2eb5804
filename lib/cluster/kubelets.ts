/**
 * Finding the kubelets in a drop. A kubelet shows up as a kubeconfig (`kubelet.conf`), a client
 * certificate file (`kubelet-client-current.pem`, CN `system:node:<name>`), a serving pair
 * (`kubelet.crt`) and a `config.yaml`; these are grouped into one instance per node — by node name
 * when the certificate says it, by folder proximity otherwise (a control-plane folder and a worker's
 * `/var/lib/kubelet` dropped together stay two kubelets).
 */
import type { CertificateRecord, KubeconfigRecord } from "../ingest/types";
import type { CredentialResolver } from "./credentials";
import { KUBEADM_CONVENTIONAL_FILES as FILES } from "./kubeadm-defaults";
import type { KubeconfigRole } from "./kubeconfig-roles";
import type { KubeletInstance } from "./model";

/** `system:node:cp-1` → cp-1. */
export function nodeFromIdentity(name: string | undefined): string | undefined {
  const match = name?.match(/^system:node:(.+)$/);
  return match?.[1];
}

/** The kubelet's self-signed serving cert is named `<hostname>@<unix seconds>`. */
function nodeFromSelfSigned(cert: CertificateRecord | undefined): string | undefined {
  return cert?.subjectCN?.match(/^(.+)@\d+$/)?.[1] ?? nodeFromIdentity(cert?.subjectCN);
}

function commonPrefix(a: string, b: string): number {
  const x = a.split("/").slice(0, -1);
  const y = b.split("/").slice(0, -1);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

function nearest(instances: KubeletInstance[], path: string): KubeletInstance | undefined {
  let best: KubeletInstance | undefined;
  let bestScore = -1;
  for (const instance of instances) {
    const score = Math.max(...instance.sources.map((s) => commonPrefix(s, path)));
    if (score > bestScore) {
      best = instance;
      bestScore = score;
    }
  }
  return best;
}

function newInstance(node: string | undefined, source: string): KubeletInstance {
  const name = node ?? "node";
  return { node: name, id: `kubelet:${name}`, sources: [source] };
}

/** Group every kubelet artifact in the inventory into kubelet instances. */
export function discoverKubelets(
  resolver: CredentialResolver,
  roles: Map<KubeconfigRecord, KubeconfigRole>,
): KubeletInstance[] {
  const instances: KubeletInstance[] = [];
  const { inventory, files } = resolver;

  for (const [kc, role] of roles) {
    if (role !== "kubelet") continue;
    const credential = resolver.kubeconfigCredential(kc).value;
    const user = resolver.currentUser(kc);
    const node = nodeFromIdentity(credential?.cert?.subjectCN) ?? nodeFromIdentity(user?.name);
    const instance = newInstance(node, kc.source.path);
    instance.kubeconfig = kc;
    if (credential) instance.client = credential;
    if (credential?.certRef?.path) instance.sources.push(credential.certRef.path);
    instances.push(instance);
  }

  for (const path of files.certPaths().filter((p) => /(^|\/)kubelet-client-current\.pem$/.test(p))) {
    if (instances.some((i) => i.client?.certRef?.path === path)) continue;
    const ref = files.ref("kubelet client certificate", path, "convention");
    const credential = resolver.fileCredential(ref, undefined, "kubelet client").value;
    const node = nodeFromIdentity(credential?.cert?.subjectCN);
    const owner = instances.find(
      (i) => !i.client && (node === undefined || i.node === node || i.node === "node"),
    );
    const instance = owner ?? newInstance(node, path);
    if (!owner) instances.push(instance);
    if (credential) instance.client = credential;
    instance.sources.push(path);
  }

  for (const config of inventory.kubeletConfigs) {
    const path = config.source.path;
    const instance = nearest(instances, path) ?? newInstance(undefined, path);
    if (!instances.includes(instance)) instances.push(instance);
    if (instance.configSource) continue;
    instance.configSource = path;
    instance.sources.push(path);
    if (config.rotateCertificates !== undefined) instance.rotateCertificates = config.rotateCertificates;
    if (config.serverTLSBootstrap !== undefined) instance.serverTLSBootstrap = config.serverTLSBootstrap;
    if (config.clientCAFile) {
      const ref = resolver.ref("authentication.x509.clientCAFile", config.clientCAFile, {
        origin: "declared",
        source: path,
      });
      instance.clientCARef = ref;
      const certs = files.certsAt(ref.path);
      if (certs.length > 0) instance.clientCA = { source: ref.path ?? config.clientCAFile, certs, ref };
    }
    if (config.tlsCertFile) {
      const origin = { origin: "declared" as const, source: path };
      const certRef = resolver.ref("tlsCertFile", config.tlsCertFile, origin);
      const keyRef = config.tlsPrivateKeyFile
        ? resolver.ref("tlsPrivateKeyFile", config.tlsPrivateKeyFile, origin)
        : undefined;
      const serving = resolver.fileCredential(certRef, keyRef, "kubelet tlsCertFile").value;
      if (serving) instance.serving = serving;
    }
  }

  const servingCandidates = files
    .certPaths()
    .filter((p) => /(^|\/)(kubelet\.crt|kubelet-server-current\.pem)$/.test(p));
  for (const path of servingCandidates) {
    if (instances.some((i) => i.serving?.certRef?.path === path)) continue;
    const keyPath = path.endsWith("kubelet.crt") ? files.resolve(FILES.kubeletServingKey, path) : undefined;
    const certRef = files.ref("kubelet serving certificate", path, "convention");
    const keyRef = keyPath ? files.ref("kubelet serving key", keyPath, "convention") : undefined;
    const serving = resolver.fileCredential(certRef, keyRef, "kubelet serving").value;
    const node = nodeFromSelfSigned(serving?.cert);
    const instance =
      instances.find((i) => i.node === node && !i.serving) ??
      nearest(
        instances.filter((i) => !i.serving),
        path,
      ) ??
      newInstance(node, path);
    if (!instances.includes(instance)) instances.push(instance);
    const preferCurrent = path.endsWith("kubelet-server-current.pem") || !instance.serving;
    if (serving && preferCurrent) instance.serving = serving;
    instance.sources.push(path);
  }

  for (const [kc, role] of roles) {
    if (role !== "kubelet-bootstrap") continue;
    const instance = nearest(instances, kc.source.path);
    if (instance) instance.bootstrapKubeconfig = kc;
  }

  return instances;
}
