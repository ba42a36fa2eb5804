/**
 * Kubernetes Secrets, from `kubectl get secrets -A -o yaml|json`, `kubectl get secret x -o yaml` or
 * a manifest: certificates and keys inside `data` (base64) or `stringData` join the inventory under
 * `<file>#<namespace>/<name>/data/<key>`, each source naming its Secret. TLS Secrets (`tls.crt`
 * chain, `tls.key`, `ca.crt`), service-account token Secrets (their `ca.crt` is the cluster CA) and
 * any other type with PEM values are read; types that never hold PKI material are not decoded at
 * all (secret-types.ts). Tokens, passwords and the rest are never kept: they are noted as secret
 * texts, so not even a piece of one can reach a report string.
 */
import { decodeBase64 } from "../shared/base64";
import { addPkiMaterial } from "./add-pki-material";
import { decodeText } from "./decode-text";
import type { InventoryBuilder } from "./inventory-builder";
import { objectLocator, objectMeta, type ObjectMeta, type ObjectPlace } from "./object-meta";
import { hasPemBlock } from "./parse-pem";
import { looksLikeDer } from "./read-pki-material";
import {
  BOOTSTRAP_TOKEN_SECRET,
  isNonPkiSecretType,
  isTokenKey,
  SERVICE_ACCOUNT_TOKEN_SECRET,
  TLS_SECRET,
} from "./secret-types";
import type { KubeSecretRecord, ObjectRef } from "../inventory";
import { asMap, mapAt, stringAt, type YamlMap } from "./yaml-values";
import { isKubeconfig, readKubeconfig } from "./read-kubeconfig";
import { parseYamlDocuments } from "./parse-yaml-documents";

/** Names a binary (DER or PKCS#12) certificate value goes by; other binary values are not sniffed. */
const BINARY_PKI_KEY = /\.(crt|cer|der|p12|pfx)$/i;

/**
 * A kubeconfig kept in a Secret (`admin.conf`, `super-admin.conf`, a `value` or `kubeconfig` key:
 * Cluster API's `<cluster>-kubeconfig`, Rancher's, a backup) is read as the kubeconfig it is, by its
 * content whatever the key, under `<file>#<namespace>/<name>/data/<key>`. Paths it names are another
 * machine's, so none is followed.
 */
async function readEmbeddedKubeconfig(
  text: string,
  path: string,
  builder: InventoryBuilder,
): Promise<boolean> {
  if (!/\bclusters:|\busers:/.test(text)) return false;
  const docs = parseYamlDocuments(text);
  if (!docs.ok) return false;
  const doc = docs.value.map(asMap).find((d): d is YamlMap => d !== undefined && isKubeconfig(d));
  if (!doc) return false;
  builder.kubeconfigs.push(await readKubeconfig(doc, path, builder, []));
  return true;
}

/** True for a `kind: Secret` document with data. */
export function isSecret(doc: YamlMap): boolean {
  return (
    doc.kind === "Secret" && (mapAt(doc, "data") !== undefined || mapAt(doc, "stringData") !== undefined)
  );
}

interface SecretValue {
  key: string;
  /** As written: base64 for `data`, the text itself for `stringData`. */
  written: string;
  bytes: Uint8Array;
}

/** The values of `data` (decoded; undecodable ones dropped) and `stringData`. */
function secretValues(doc: YamlMap): SecretValue[] {
  const values: SecretValue[] = [];
  for (const [key, value] of Object.entries(mapAt(doc, "data") ?? {})) {
    const bytes = typeof value === "string" ? decodeBase64(value) : undefined;
    if (bytes?.ok) values.push({ key, written: value as string, bytes: bytes.value });
  }
  for (const [key, value] of Object.entries(mapAt(doc, "stringData") ?? {})) {
    if (typeof value === "string")
      values.push({ key, written: value, bytes: new TextEncoder().encode(value) });
  }
  return values;
}

/** The keys the API itself defines for a type: a value there that is not PKI material is a fault. */
function definedPkiKey(type: string | undefined, key: string): boolean {
  if (type === TLS_SECRET) return key === "tls.crt" || key === "tls.key" || key === "ca.crt";
  return type === SERVICE_ACCOUNT_TOKEN_SECRET && key === "ca.crt";
}

/** `cert-manager` when cert-manager issued the Secret's certificate (its annotations say so) and renews it. */
function managedBy(meta: ObjectMeta): string | undefined {
  return typeof meta.annotations["cert-manager.io/certificate-name"] === "string"
    ? "cert-manager"
    : undefined;
}

/**
 * Note what must never be shown: a token whole (raw and decoded), and in any other decoded text
 * its private key bodies and random-looking runs (passwords, API keys).
 */
function noteSecret(builder: InventoryBuilder, value: SecretValue, text: string | undefined): void {
  if (isTokenKey(value.key)) {
    builder.secrets.add(value.written);
    if (text !== undefined) builder.secrets.add(text.trim());
  }
  if (text !== undefined) builder.secrets.addFromText(text);
}

/** A bootstrap token Secret: its id, expiry and usages kept, its secret half only noted. */
function readBootstrapToken(
  values: SecretValue[],
  meta: ObjectMeta,
  place: ObjectPlace,
  builder: InventoryBuilder,
) {
  const text = (key: string) => {
    const value = values.find((v) => v.key === key);
    return value ? decodeText(value.bytes)?.trim() : undefined;
  };
  for (const value of values) noteSecret(builder, value, decodeText(value.bytes));
  const tokenId = text("token-id");
  const secret = text("token-secret");
  if (tokenId !== undefined && secret !== undefined) builder.secrets.add(`${tokenId}.${secret}`);
  if (tokenId === undefined) return false;
  const expiration = text("expiration");
  builder.bootstrapTokens.push({
    source: { path: place.path, ...(meta.base ? { locator: meta.base } : {}) },
    tokenId,
    ...(expiration ? { expiration } : {}),
    usages: values
      .filter((v) => v.key.startsWith("usage-bootstrap-") && text(v.key) === "true")
      .map((v) => v.key.slice("usage-bootstrap-".length)),
  });
  return true;
}

/**
 * Add the PKI material of a Secret; false when it held none (or its type cannot hold any). A value
 * that is neither PEM nor DER is a problem only under a key the API defines for certificates
 * (`tls.crt`, `tls.key`, `ca.crt`); elsewhere — an API key named `key`, a `license.key` — it is
 * simply not PKI.
 */
export async function readSecret(
  doc: YamlMap,
  place: ObjectPlace,
  builder: InventoryBuilder,
): Promise<boolean> {
  const type = stringAt(doc, "type");
  if (isNonPkiSecretType(type)) return false;
  const meta = objectMeta(doc, place);
  const values = secretValues(doc);
  if (type === BOOTSTRAP_TOKEN_SECRET) return readBootstrapToken(values, meta, place, builder);
  const owner = managedBy(meta);
  const record: KubeSecretRecord = {
    source: { path: place.path, ...(meta.base ? { locator: meta.base } : {}) },
    ...(meta.namespace !== undefined ? { namespace: meta.namespace } : {}),
    name: meta.name ?? meta.base ?? "",
    ...(type !== undefined ? { type } : {}),
    entries: [],
  };
  for (const value of values) {
    const text = decodeText(value.bytes);
    const pem = text !== undefined && hasPemBlock(text);
    noteSecret(builder, value, text);
    if (isTokenKey(value.key) || value.bytes.length === 0) continue;
    const locator = objectLocator(meta, `data/${value.key}`);
    const der = !pem && text === undefined && looksLikeDer(value.bytes) && BINARY_PKI_KEY.test(value.key);
    if (
      !pem &&
      !der &&
      text !== undefined &&
      (await readEmbeddedKubeconfig(text, `${place.path}#${locator}`, builder))
    ) {
      record.entries.push({ key: value.key, certificateIds: [], keyIds: [] });
      continue;
    }
    if (!pem && !der) {
      if (definedPkiKey(type, value.key))
        builder.problem(place.path, `${locator}: a ${type} value that is neither PEM nor DER`);
      continue;
    }
    const object: ObjectRef = {
      kind: "Secret",
      ...(meta.namespace !== undefined ? { namespace: meta.namespace } : {}),
      name: record.name,
      key: value.key,
      ...(type !== undefined ? { type } : {}),
      ...(owner ? { managedBy: owner } : {}),
    };
    const outcome = await addPkiMaterial(
      value.bytes,
      { path: place.path, locator, label: `${locator}: `, object },
      builder,
      text,
    );
    const { certificateIds, keyIds } = outcome.ids;
    if (outcome.recognized) record.entries.push({ key: value.key, certificateIds, keyIds });
  }
  if (record.entries.length > 0) builder.kubeSecrets.push(record);
  return record.entries.length > 0;
}
