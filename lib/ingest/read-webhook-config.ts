/**
 * Admission webhook configurations (`kubectl get validatingwebhookconfigurations,
 * mutatingwebhookconfigurations -o yaml|json`, admissionregistration.k8s.io/v1): for each entry of
 * `webhooks[]`, the `clientConfig` the apiserver dials — a Service or a URL — and the `caBundle` it
 * verifies the webhook's serving certificate with, whose certificates join the inventory under
 * `<file>#ValidatingWebhookConfiguration/<name>/webhooks/<webhook>/clientConfig/caBundle`; and the
 * `failurePolicy` (Fail when unset in v1) that decides what a failed call does to the request.
 */
import { decodeBase64 } from "../shared/base64";
import { addPkiMaterial } from "./add-pki-material";
import type { InventoryBuilder } from "./inventory-builder";
import type { ObjectPlace } from "./object-meta";
import type { CaBundleClient, CaBundleKind, ServiceRef } from "../objects/trust-objects";
import { asMap, listAt, mapAt, numberAt, stringAt, type YamlMap } from "./yaml-values";

const WEBHOOK_KINDS = new Set(["ValidatingWebhookConfiguration", "MutatingWebhookConfiguration"]);

/** Webhooks read from one object; a configuration built to hurt has millions. */
export const MAX_WEBHOOKS_PER_OBJECT = 1_000;

/** True for a Validating- or MutatingWebhookConfiguration. */
export function isWebhookConfig(doc: YamlMap): boolean {
  return typeof doc.kind === "string" && WEBHOOK_KINDS.has(doc.kind);
}

/** The object's `metadata.name`, or its place in the List. */
export function objectName(doc: YamlMap, place: ObjectPlace): string {
  return stringAt(mapAt(doc, "metadata"), "name") ?? `items/${(place.item ?? 1) - 1}`;
}

/** A `service` reference, when it names both a namespace and a name. */
export function readServiceRef(map: YamlMap | undefined): ServiceRef | undefined {
  const namespace = stringAt(map, "namespace");
  const name = stringAt(map, "name");
  if (namespace === undefined || name === undefined) return undefined;
  const port = numberAt(map, "port");
  const path = stringAt(map, "path");
  return {
    namespace,
    name,
    ...(port !== undefined ? { port } : {}),
    ...(path !== undefined ? { path } : {}),
  };
}

/**
 * Read a `caBundle` (base64 of PEM, as the API serialises a byte field) into the inventory; the ids
 * of its certificates. An undecodable or empty bundle is a problem naming its place; a bundle of
 * anything but certificates keeps only what was read.
 */
export async function readCaBundle(
  value: string,
  kind: CaBundleKind,
  name: string,
  field: string,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<string[]> {
  const locator = `${kind}/${name}/${field}`;
  const bytes = decodeBase64(value);
  if (!bytes.ok) {
    builder.problem(place.path, `${locator}: ${bytes.reason}`);
    return [];
  }
  if (bytes.value.length === 0) return [];
  const outcome = await addPkiMaterial(
    bytes.value,
    { path: place.path, locator, label: `${locator}: `, object: { kind, name, key: field } },
    builder,
  );
  if (!outcome.recognized) builder.problem(place.path, `${locator}: neither PEM nor DER certificates`);
  return outcome.ids.certificateIds;
}

/** One `clientConfig` as the apiserver reads it (shared with CRD conversion webhooks). */
export async function readClientConfig(
  clientConfig: YamlMap | undefined,
  target: { kind: CaBundleKind; object: string; field: string; webhook?: string },
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<CaBundleClient> {
  const caBundle = stringAt(clientConfig, "caBundle");
  const field = `${target.field}/caBundle`;
  const service = readServiceRef(mapAt(clientConfig, "service"));
  const url = stringAt(clientConfig, "url");
  const caBundleIds =
    caBundle === undefined
      ? []
      : await readCaBundle(caBundle, target.kind, target.object, field, place, builder);
  return {
    kind: target.kind,
    object: target.object,
    ...(target.webhook !== undefined ? { webhook: target.webhook } : {}),
    source: { path: place.path, locator: `${target.kind}/${target.object}/${field}` },
    caBundleIds,
    caBundlePresent: caBundle !== undefined && caBundle.trim() !== "",
    ...(service ? { service } : {}),
    ...(url !== undefined ? { url } : {}),
  };
}

/** Read every webhook of a webhook configuration; true when it had any. */
export async function readWebhookConfig(
  doc: YamlMap,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<boolean> {
  const kind = doc.kind as "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration";
  const name = objectName(doc, place);
  const webhooks = listAt(doc, "webhooks");
  if (webhooks.length > MAX_WEBHOOKS_PER_OBJECT)
    builder.problem(
      place.path,
      `${kind}/${name}: ${webhooks.length} webhooks, over the ${MAX_WEBHOOKS_PER_OBJECT} read from one object (object limit): the rest were not read`,
    );
  for (const [index, entry] of webhooks.slice(0, MAX_WEBHOOKS_PER_OBJECT).entries()) {
    const webhook = asMap(entry);
    if (!webhook) continue;
    const webhookName = stringAt(webhook, "name") ?? `webhooks[${index}]`;
    const policy = stringAt(webhook, "failurePolicy");
    const client = await readClientConfig(
      mapAt(webhook, "clientConfig"),
      { kind, object: name, field: `webhooks/${webhookName}/clientConfig`, webhook: webhookName },
      place,
      builder,
    );
    builder.trustObjects.caBundleClients.push({
      ...client,
      webhookIndex: index,
      // admissionregistration.k8s.io/v1 defaults failurePolicy to Fail (v1beta1 defaulted to Ignore).
      failurePolicy: policy === "Ignore" ? "Ignore" : "Fail",
      failurePolicyWritten: policy !== undefined,
    });
  }
  return webhooks.length > 0;
}
