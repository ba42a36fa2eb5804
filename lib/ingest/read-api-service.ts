/**
 * Aggregated APIs (`kubectl get apiservices -o yaml|json`, apiregistration.k8s.io/v1): the
 * `spec.service` the kube-aggregator proxies to, the `spec.caBundle` it verifies that service's
 * serving certificate with (or `spec.insecureSkipTLSVerify`, which verifies nothing); and
 * CustomResourceDefinitions (apiextensions.k8s.io/v1) whose `spec.conversion.strategy` is Webhook,
 * with the `spec.conversion.webhook.clientConfig` the apiserver calls to convert between versions.
 * APIServices served by the apiserver itself (no `spec.service`, `v1.apps`) hold no trust and are
 * not kept.
 */
import type { InventoryBuilder } from "./inventory-builder";
import type { ObjectPlace } from "./object-meta";
import { objectName, readCaBundle, readClientConfig, readServiceRef } from "./read-webhook-config";
import { booleanAt, mapAt, stringAt, type YamlMap } from "./yaml-values";

/** True for an APIService object. */
export function isApiService(doc: YamlMap): boolean {
  return doc.kind === "APIService" && mapAt(doc, "spec") !== undefined;
}

/** True for a CustomResourceDefinition object. */
export function isCrd(doc: YamlMap): boolean {
  return doc.kind === "CustomResourceDefinition" && mapAt(doc, "spec") !== undefined;
}

/** Read an APIService; false for one the apiserver serves itself (it has no service). */
export async function readApiService(
  doc: YamlMap,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<boolean> {
  const spec = mapAt(doc, "spec");
  const service = readServiceRef(mapAt(spec, "service"));
  if (!service) return false;
  const name = objectName(doc, place);
  const caBundle = stringAt(spec, "caBundle");
  const caBundleIds =
    caBundle === undefined
      ? []
      : await readCaBundle(caBundle, "APIService", name, "spec/caBundle", place, builder);
  const group = stringAt(spec, "group");
  const version = stringAt(spec, "version");
  builder.trustObjects.caBundleClients.push({
    kind: "APIService",
    object: name,
    source: { path: place.path, locator: `APIService/${name}/spec/caBundle` },
    caBundleIds,
    caBundlePresent: caBundle !== undefined && caBundle.trim() !== "",
    service,
    ...(booleanAt(spec, "insecureSkipTLSVerify") === true ? { insecureSkipTLSVerify: true } : {}),
    ...(group !== undefined && version !== undefined ? { apiGroupVersion: `${group}/${version}` } : {}),
  });
  return true;
}

/** Read a CRD's conversion webhook; false for a CRD without one (strategy None, the default). */
export async function readCrdConversion(
  doc: YamlMap,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<boolean> {
  const conversion = mapAt(doc, "spec", "conversion");
  if (stringAt(conversion, "strategy") !== "Webhook") return false;
  const name = objectName(doc, place);
  const client = await readClientConfig(
    mapAt(conversion, "webhook", "clientConfig"),
    { kind: "CustomResourceDefinition", object: name, field: "spec/conversion/webhook/clientConfig" },
    place,
    builder,
  );
  builder.trustObjects.caBundleClients.push(client);
  return true;
}
