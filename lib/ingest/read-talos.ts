/**
 * Talos's own files, recognised by their shape: a machine config (`version: v1alpha1` with
 * `machine:`/`cluster:`), the secrets bundle of `talosctl gen secrets` (`certs:`, `secrets:`,
 * `trustdinfo:`) and a talosconfig (`context:` with a `contexts:` map). Their CAs and keys are
 * base64 of PEM in `{crt, key}` objects (siderolabs/talos pkg/machinery/config/generate/secrets,
 * types/v1alpha1); Talos v1.14 documents may hold the PEM itself, which is read alike. Each
 * certificate and key joins the inventory under `<file>#<yaml path>` (`controlplane.yaml#cluster/ca/crt`),
 * and each `{crt, key}` is a pair the configuration states (ConfiguredPair). Tokens and secrets
 * are only noted, never kept.
 */
import { decodeBase64 } from "../shared/base64";
import { addPkiMaterial } from "./add-pki-material";
import { decodeText } from "./decode-text";
import type { InventoryBuilder } from "./inventory-builder";
import { hasPemBlock } from "./parse-pem";
import type { TalosFileRecord } from "../inventory";
import { asMap, mapAt, stringAt, type YamlMap } from "./yaml-values";

/** Which Talos file a document is, or undefined. */
export function talosKind(doc: YamlMap): TalosFileRecord["kind"] | undefined {
  if (doc.version === "v1alpha1" && (asMap(doc.machine) || asMap(doc.cluster))) return "machine-config";
  if (asMap(doc.certs) && (asMap(doc.secrets) || asMap(doc.trustdinfo))) return "secrets";
  if (typeof doc.context === "string" && asMap(doc.contexts)) return "talosconfig";
  return undefined;
}

/** The `{crt, key}` objects of each kind, by YAML path. */
const PAIRS: Record<TalosFileRecord["kind"], string[][]> = {
  "machine-config": [
    ["machine", "ca"],
    ["cluster", "ca"],
    ["cluster", "aggregatorCA"],
    ["cluster", "etcd", "ca"],
    ["cluster", "serviceAccount"],
  ],
  secrets: [
    ["certs", "etcd"],
    ["certs", "k8s"],
    ["certs", "k8saggregator"],
    ["certs", "k8sserviceaccount"],
    ["certs", "os"],
  ],
  talosconfig: [],
};

/** Token-like values: noted as secrets, never read as material. */
const TOKENS: string[][] = [
  ["machine", "token"],
  ["cluster", "token"],
  ["cluster", "secret"],
  ["cluster", "secretboxEncryptionSecret"],
  ["cluster", "aescbcEncryptionSecret"],
  ["secrets", "bootstraptoken"],
  ["secrets", "secretboxencryptionsecret"],
  ["secrets", "aescbcencryptionsecret"],
  ["trustdinfo", "token"],
];

/** PEM text from a value written as PEM or as base64 of PEM; undefined when it is neither. */
function pemText(value: string): string | undefined {
  if (hasPemBlock(value)) return value;
  const bytes = decodeBase64(value.replace(/\s+/g, ""));
  if (!bytes.ok) return undefined;
  const text = decodeText(bytes.value);
  return text !== undefined && hasPemBlock(text) ? text : undefined;
}

async function readMaterial(
  value: string | undefined,
  path: string,
  locator: string,
  builder: InventoryBuilder,
  keyPlace: boolean,
): Promise<{ certificateIds: string[]; keyIds: string[] } | undefined> {
  if (!value) return undefined;
  const text = pemText(value);
  if (text === undefined) {
    builder.problem(path, `${locator}: a Talos value that is neither PEM nor base64 of PEM`);
    return undefined;
  }
  if (keyPlace) {
    builder.secrets.add(value);
    builder.secrets.addFromText(text);
  }
  const outcome = await addPkiMaterial(
    new TextEncoder().encode(text),
    { path, locator, label: `${locator}: `, keyPlace },
    builder,
    text,
  );
  return outcome.ids;
}

/** Read one Talos document; false when it is none. */
export async function readTalos(doc: YamlMap, path: string, builder: InventoryBuilder): Promise<boolean> {
  const kind = talosKind(doc);
  if (!kind) return false;
  const machineType = stringAt(mapAt(doc, "machine"), "type");
  builder.talosFiles.push({ source: { path }, kind, ...(machineType ? { machineType } : {}) });
  for (const keys of TOKENS) {
    const value = stringAt(mapAt(doc, ...keys.slice(0, -1)), keys.at(-1) ?? "");
    if (value) builder.secrets.add(value);
  }
  const pairs: { at: string; pair: YamlMap }[] = [];
  for (const keys of PAIRS[kind]) {
    const pair = mapAt(doc, ...keys);
    if (pair) pairs.push({ at: keys.join("/"), pair });
  }
  if (kind === "talosconfig") {
    for (const [name, context] of Object.entries(mapAt(doc, "contexts") ?? {})) {
      const pair = asMap(context);
      if (pair) pairs.push({ at: `contexts/${name}`, pair });
    }
  }
  for (const { at, pair } of pairs) {
    const certs = await readMaterial(stringAt(pair, "crt"), path, `${at}/crt`, builder, false);
    const keys = await readMaterial(stringAt(pair, "key"), path, `${at}/key`, builder, true);
    await readMaterial(stringAt(pair, "ca"), path, `${at}/ca`, builder, false);
    const certificateId = certs?.certificateIds[0];
    const keyId = keys?.keyIds[0];
    if (certificateId && keyId)
      builder.configuredPairs.push({
        certSource: `${path}#${at}/crt`,
        keySource: `${path}#${at}/key`,
        certificateId,
        keyId,
      });
  }
  return true;
}
