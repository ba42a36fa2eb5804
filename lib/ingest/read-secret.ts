/**
 * Kubernetes Secrets dumped with `kubectl get secret -o yaml` (TLS secrets, CA bundles of
 * webhooks and ingress controllers): certificates and keys inside `data` (base64) or `stringData`
 * join the inventory under `<file>#data/<key>`. Other values — tokens, passwords — are not kept.
 */
import { decodeBase64 } from "../pki/base64";
import { addPkiMaterial } from "./add-pki-material";
import type { InventoryBuilder } from "./inventory-builder";
import { mapAt, type YamlMap } from "./yaml-values";

/** True for a `kind: Secret` document with data. */
export function isSecret(doc: YamlMap): boolean {
  return (
    doc.kind === "Secret" && (mapAt(doc, "data") !== undefined || mapAt(doc, "stringData") !== undefined)
  );
}

/** Add the PKI material of a Secret; false when none of its values was PEM or DER. */
export async function readSecret(doc: YamlMap, path: string, builder: InventoryBuilder): Promise<boolean> {
  let found = false;
  const values: [string, Uint8Array | string][] = [];
  for (const [key, value] of Object.entries(mapAt(doc, "data") ?? {})) {
    const bytes = typeof value === "string" ? decodeBase64(value) : undefined;
    if (bytes?.ok) values.push([key, bytes.value]);
  }
  for (const [key, value] of Object.entries(mapAt(doc, "stringData") ?? {})) {
    if (typeof value === "string") values.push([key, value]);
  }
  for (const [key, value] of values) {
    const locator = `data/${key}`;
    const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
    const outcome = await addPkiMaterial(bytes, { path, locator, label: `${locator}: ` }, builder);
    found ||= outcome.recognized;
  }
  return found;
}
