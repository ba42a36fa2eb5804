/**
 * One YAML/JSON document, recognised by its content (`kind`, shape): a kubeconfig, a static-pod
 * manifest, a KubeletConfiguration, an EncryptionConfiguration, kubeadm's configuration, a Secret,
 * a CertificateSigningRequest, a webhook configuration, an APIService, a CRD's conversion webhook,
 * cert-manager's Certificate, Issuer and ClusterIssuer, etcd's or k3s's config file, Talos's machine configs, secrets bundle
 * and talosconfig — or a List (`kubectl get … -o yaml`,
 * `kind: List`, or a typed `SecretList` from the API), whose items are read like documents of
 * their own.
 */
import type { InventoryBuilder } from "./inventory-builder";
import { isEncryptionConfig, readEncryptionConfig } from "./read-encryption-config";
import { isKubeadmConfig, kubeadmConfigMapDocuments } from "./read-kubeadm-config";
import { isKubeconfig, readKubeconfig, type PendingReference } from "./read-kubeconfig";
import { isKubeletConfig, readKubeletConfig } from "./read-kubelet-config";
import { isEtcdConfigFile, readEtcdConfig } from "./read-etcd-config";
import { isCsrObject, readCsrObject } from "./read-csr-object";
import { isApiService, isCrd, readApiService, readCrdConversion } from "./read-api-service";
import { isCertManagerObject, readCertManager } from "./read-cert-manager";
import { isWebhookConfig, readWebhookConfig } from "./read-webhook-config";
import { isK3sConfig, readK3sConfig } from "./read-k3s-config";
import { isPodManifest, readManifest } from "./read-manifest";
import { isSecret, readSecret } from "./read-secret";
import { readTalos, talosKind } from "./read-talos";
import { componentConfigKind, readComponentConfig } from "./read-component-config";
import { asMap, type YamlMap } from "./yaml-values";
import { pushAll } from "../shared/collections";

/** What reading the documents of one file shares: where it is, and what is collected across them. */
export interface DocumentContext {
  path: string;
  builder: InventoryBuilder;
  pending: PendingReference[];
  /** kubeadm documents, merged into one record once the whole file is read. */
  kubeadm: YamlMap[];
  /** The document's 1-based position among a List's items. */
  item?: number;
}

/** True for a List of API objects: `kind: List` as kubectl prints it, or a typed `…List`. */
export function isObjectList(doc: YamlMap): boolean {
  return typeof doc.kind === "string" && /^[A-Za-z]*List$/.test(doc.kind) && Array.isArray(doc.items);
}

/** Read one document into the builder; kubeadm documents are collected for merging. False if not ours. */
export async function readDocument(doc: YamlMap, ctx: DocumentContext): Promise<boolean> {
  const { path, builder, pending, kubeadm } = ctx;
  const source = { path };
  const place = { path, ...(ctx.item !== undefined ? { item: ctx.item } : {}) };
  if (isObjectList(doc)) return readListItems(doc.items as unknown[], ctx);
  if (isKubeconfig(doc)) builder.kubeconfigs.push(await readKubeconfig(doc, path, builder, pending));
  else if (isPodManifest(doc)) builder.manifests.push({ source, ...readManifest(doc) });
  else if (isKubeletConfig(doc)) builder.kubeletConfigs.push({ source, ...readKubeletConfig(doc) });
  else if (isEncryptionConfig(doc)) builder.encryptionConfigs.push({ source, ...readEncryptionConfig(doc) });
  else if (isKubeadmConfig(doc)) kubeadm.push(doc);
  else if (kubeadmConfigMapDocuments(doc).length > 0) pushAll(kubeadm, kubeadmConfigMapDocuments(doc));
  else if (isSecret(doc)) return readSecret(doc, place, builder);
  else if (isCsrObject(doc)) return readCsrObject(doc, place, builder);
  else if (isWebhookConfig(doc)) return readWebhookConfig(doc, place, builder);
  else if (isApiService(doc)) return readApiService(doc, place, builder);
  else if (isCrd(doc)) return readCrdConversion(doc, place, builder);
  else if (isCertManagerObject(doc)) return readCertManager(doc, place, builder);
  else if (isEtcdConfigFile(doc)) {
    const flags = readEtcdConfig(doc);
    builder.componentFlags.push({
      source,
      origin: "etcd-config",
      component: "etcd",
      flags,
      environment: {},
      environmentFiles: [],
    });
  } else if (isK3sConfig(doc, path)) builder.k3sConfigs.push({ source, ...readK3sConfig(doc, path) });
  else if (talosKind(doc)) return readTalos(doc, path, builder);
  else if (componentConfigKind(doc)) {
    builder.componentFlags.push({ source, ...readComponentConfig(doc, componentConfigKind(doc) ?? "") });
  } else return false;
  return true;
}

/** Read each item of a List as a document; true when any of them was ours. */
async function readListItems(items: unknown[], ctx: DocumentContext): Promise<boolean> {
  let read = false;
  for (let i = 0; i < items.length; i++) {
    const item = asMap(items[i]);
    if (item && (await readDocument(item, { ...ctx, item: i + 1 }))) read = true;
  }
  return read;
}
