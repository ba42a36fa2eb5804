/**
 * Finding the kubelets in a drop. A kubelet shows up as a kubeconfig (`kubelet.conf`), a client
 * certificate file (`kubelet-client-current.pem`, CN `system:node:<name>`), a serving pair
 * (`kubelet.crt`) and a `config.yaml`; these are grouped into one instance per node — by node name
 * when the certificate says it, by folder proximity otherwise (a control-plane folder and a worker's
 * `/var/lib/kubelet` dropped together stay two kubelets).
 */
import type { CertificateRecord, KubeconfigRecord, KubeletConfigRecord } from "../inventory";
import { AncestorIndex } from "./ancestor-index";
import type { CredentialResolver } from "./credentials";
import { KUBEADM_CONVENTIONAL_FILES as FILES } from "./kubeadm-defaults";
import type { KubeconfigRole } from "./kubeconfig-roles";
import type { KubeletInstance } from "./model";
import { naturalOrder } from "../shared/natural-order";

/** `system:node:cp-1` → cp-1. */
export function nodeFromIdentity(name: string | undefined): string | undefined {
  const match = name?.match(/^system:node:(.+)$/);
  return match?.[1];
}

/** The kubelet's self-signed serving cert is named `<hostname>@<unix seconds>`. */
function nodeFromSelfSigned(cert: CertificateRecord | undefined): string | undefined {
  return cert?.subjectCN?.match(/^(.+)@\d+$/)?.[1] ?? nodeFromIdentity(cert?.subjectCN);
}

function newInstance(node: string | undefined, source: string): KubeletInstance {
  const name = node ?? "node";
  return { node: name, id: `kubelet:${name}`, sources: [source] };
}

/**
 * The instances found so far, in order, with the lookups grouping needs: by folder proximity (among
 * all instances or those without a serving certificate yet) and by node name. Each costs about the
 * depth of a path, not the number of kubelets: a drop may hold a thousand of them.
 */
class KubeletInstances {
  readonly list: KubeletInstance[] = [];
  readonly nearby = new AncestorIndex<KubeletInstance>();
  /** Built on first use: serving certificates usually name their node, so it is rarely needed. */
  private unserved?: AncestorIndex<KubeletInstance>;
  private readonly byNode = new Map<string, KubeletInstance[]>();

  /** Append an instance, its sources so far included. */
  add(instance: KubeletInstance): void {
    this.list.push(instance);
    const named = this.byNode.get(instance.node);
    if (named) named.push(instance);
    else this.byNode.set(instance.node, [instance]);
    for (const source of instance.sources) this.indexSource(instance, source);
  }

  /** Record one more source of an instance already added. */
  addSource(instance: KubeletInstance, path: string): void {
    instance.sources.push(path);
    this.indexSource(instance, path);
  }

  /** The first instance named `node` that has no serving certificate yet. */
  withoutServingNamed(node: string | undefined): KubeletInstance | undefined {
    return node === undefined ? undefined : this.byNode.get(node)?.find((i) => !i.serving);
  }

  /** The instance nearest to `path` among those without a serving certificate yet. */
  nearestWithoutServing(path: string): KubeletInstance | undefined {
    if (!this.unserved) {
      // A serving certificate, once set, is never taken away: the index may drop served instances.
      const unserved = new AncestorIndex<KubeletInstance>((i) => i.serving !== undefined);
      for (const instance of this.list) for (const source of instance.sources) unserved.add(instance, source);
      this.unserved = unserved;
    }
    return this.unserved.nearest(path);
  }

  private indexSource(instance: KubeletInstance, path: string): void {
    this.nearby.add(instance, path);
    this.unserved?.add(instance, path);
  }
}

/** Group every kubelet artifact in the inventory into kubelet instances. */
export function discoverKubelets(
  resolver: CredentialResolver,
  roles: Map<KubeconfigRecord, KubeconfigRole>,
  implied: KubeletConfigRecord[] = [],
): KubeletInstance[] {
  const instances = new KubeletInstances();
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
    instances.add(instance);
  }

  // A client certificate, once given to an instance, is never replaced: claimed paths only grow.
  const claimedClients = new Set(instances.list.map((i) => i.client?.certRef?.path));
  const withoutClient = instances.list.filter((i) => !i.client);
  for (const path of files.certPaths().filter((p) => /(^|\/)kubelet-client-current\.pem$/.test(p))) {
    if (claimedClients.has(path)) continue;
    const ref = files.ref("kubelet client certificate", path, "convention");
    const credential = resolver.fileCredential(ref, undefined, "kubelet client").value;
    const node = nodeFromIdentity(credential?.cert?.subjectCN);
    const owner = withoutClient.find((i) => node === undefined || i.node === node || i.node === "node");
    // The kubelet of a kubeconfig that embeds its first certificate rotated into this file: the
    // same kubelet, not another one of the same name.
    const embedding = owner
      ? undefined
      : instances.list.find(
          (i) => i.node === node && i.client?.kubeconfig && !i.client.certRef && !i.rotatedClient,
        );
    if (embedding && credential) {
      embedding.rotatedClient = credential;
      instances.addSource(embedding, path);
      continue;
    }
    const instance = owner ?? newInstance(node, path);
    if (!owner) instances.add(instance);
    if (credential) {
      instance.client = credential;
      claimedClients.add(credential.certRef?.path);
      if (owner) withoutClient.splice(withoutClient.indexOf(owner), 1);
    } else if (!owner) withoutClient.push(instance);
    instances.addSource(instance, path);
  }

  for (const config of [...inventory.kubeletConfigs, ...implied]) {
    const path = config.source.path;
    const near = instances.nearby.nearest(path);
    const instance = near ?? newInstance(undefined, path);
    if (!near) instances.add(instance);
    if (instance.configSource) continue;
    instance.configSource = path;
    instances.addSource(instance, path);
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
  // Serving certificates only go to instances without one, so the claimed paths only grow.
  const claimedServing = new Set(instances.list.map((i) => i.serving?.certRef?.path));
  for (const path of servingCandidates) {
    if (claimedServing.has(path)) continue;
    const keyPath = path.endsWith("kubelet.crt") ? files.resolve(FILES.kubeletServingKey, path) : undefined;
    const certRef = files.ref("kubelet serving certificate", path, "convention");
    const keyRef = keyPath ? files.ref("kubelet serving key", keyPath, "convention") : undefined;
    const serving = resolver.fileCredential(certRef, keyRef, "kubelet serving").value;
    // Found by name only: a client certificate that happens to be called kubelet.crt does not serve.
    const cert = serving?.cert;
    if (cert?.ekuPresent && !cert.eku.includes("serverAuth")) continue;
    const node = nodeFromSelfSigned(serving?.cert);
    const near = instances.withoutServingNamed(node) ?? instances.nearestWithoutServing(path);
    const instance = near ?? newInstance(node, path);
    if (!near) instances.add(instance);
    const preferCurrent = path.endsWith("kubelet-server-current.pem") || !instance.serving;
    if (serving && preferCurrent) {
      instance.serving = serving;
      claimedServing.add(serving.certRef?.path);
    }
    instances.addSource(instance, path);
  }

  for (const [kc, role] of roles) {
    if (role !== "kubelet-bootstrap") continue;
    const instance = instances.nearby.nearest(kc.source.path);
    if (instance) instance.bootstrapKubeconfig = kc;
  }

  // A kubelet known only by its kubeconfig (EKS: an exec token, user "kubelet") is named by the
  // certificate it serves with (system:node:<name>), never by a kubeconfig entry name.
  for (const instance of instances.list) {
    if (instance.node !== "node") continue;
    // RKE1's kubelets share one identity (CN system:node): their self-signed serving pair names them.
    const named =
      nodeFromIdentity(instance.serving?.cert?.subjectCN) ?? nodeFromSelfSigned(instance.serving?.cert);
    if (named) {
      instance.node = named;
      instance.id = `kubelet:${named}`;
    }
  }
  // Natural order by node (node-2 before node-10): every list of kubelets downstream follows it.
  return [...instances.list].sort((a, b) => naturalOrder(a.node, b.node));
}
