/**
 * Dumps of API objects as people already have them: `kubectl get secrets -A -o yaml > secrets.yaml`
 * (or `-o json`), `kubectl get csr -o yaml`, `kubectl get secret x -o yaml`. A cluster's Secrets dump
 * is often 10–60 MB, mostly Helm release records on single lines of up to 1.4 MB, far past what the
 * general YAML path takes (4 MiB of configuration, 1 MiB lines). So a dump has a path of its own:
 * recognised by its head and its `kind:` line, cut into objects without a parse (split-*-dump.ts),
 * each object's `kind` and `type` read on the way; objects that cannot hold PKI material are never
 * sliced, decoded or parsed, and each other object is parsed on its own, within the limits any
 * configuration file has. Linear in the file, bounded by the 64 MiB file limit.
 */
import { errorMessage } from "../shared/result";
import type { InventoryBuilder } from "./inventory-builder";
import { parseYamlDocuments } from "./parse-yaml-documents";
import { MAX_YAML_CHARS, type TextOutcome } from "./read-config-text";
import { readDocument } from "./read-document";
import { readKubeadmConfig } from "./read-kubeadm-config";
import type { PendingReference } from "./read-kubeconfig";
import { isNonPkiSecretType } from "./secret-types";
import { splitJsonDump } from "./split-json-dump";
import { splitYamlDump, type ObjectSpan } from "./split-yaml-dump";
import { asMap, type YamlMap } from "./yaml-values";

/** Objects parsed from one dump; a real cluster has thousands of Secrets, a file built to hurt millions. */
export const MAX_DUMP_OBJECTS = 50_000;

/** The kinds a dump is made of: a List (typed or not) or one of the objects read from dumps. */
const DUMP_KIND =
  "(?:[A-Za-z]*List|Secret|CertificateSigningRequest|ValidatingWebhookConfiguration|MutatingWebhookConfiguration|APIService|CustomResourceDefinition|Certificate|Issuer|ClusterIssuer)";
/** Kinds that hold nothing secret (public certificates, names): no run of theirs is noted as a secret. */
const PUBLIC_KINDS = new Set([
  "CertificateSigningRequest",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
  "APIService",
  "CustomResourceDefinition",
  "Certificate",
]);
const YAML_KIND_LINE = new RegExp(`^kind:[ \\t]*["']?${DUMP_KIND}["']?[ \\t]*\\r?$`, "m");
const JSON_KIND = new RegExp(`"kind"[ \\t\\r\\n]*:[ \\t\\r\\n]*"${DUMP_KIND}"`);
/** `strategy: Webhook` (YAML or JSON): the only CRDs worth a parse. */
const CONVERSION_WEBHOOK = /strategy["']?[ \t]*:[ \t]*["']?Webhook\b/;
/** A document marker after the first line: several documents are the general path's. */
const LATER_DOCUMENT = /\n---[ \t\r]*(\n|$)/;

/**
 * Whether `text` looks like a kubectl dump: one JSON object or one YAML document whose top-level
 * `kind` is a List or one of the objects read from dumps (a Secret, a CertificateSigningRequest, a
 * webhook configuration, an APIService, a CRD, a cert-manager Certificate or issuer). Two regular-expression scans; the
 * splitters confirm it.
 */
export function isKubectlDump(text: string): boolean {
  const head = text.slice(0, 64).trimStart();
  if (head.startsWith("{")) return JSON_KIND.test(text);
  if (head.startsWith("-----BEGIN ")) return false;
  return YAML_KIND_LINE.test(text) && !LATER_DOCUMENT.test(text);
}

/** How the objects of a dump went, for the file's outcome. */
interface Tally {
  objects: number;
  notPki: number;
  read: number;
  parsed: number;
}

function parseObject(text: string, json: boolean): { doc?: YamlMap; error?: string } {
  if (json) {
    try {
      const value: unknown = JSON.parse(text);
      return asMap(value) ? { doc: asMap(value) } : { error: "not a JSON object" };
    } catch (error) {
      if (error instanceof SyntaxError) return { error: `invalid JSON: ${errorMessage(error)}` };
      throw error;
    }
  }
  const docs = parseYamlDocuments(text);
  if (!docs.ok) return { error: docs.limited ? `YAML ${docs.reason}` : `invalid YAML: ${docs.reason}` };
  const [value] = docs.value;
  const doc = asMap(Array.isArray(value) ? value[0] : value);
  return doc ? { doc } : { error: "not an object" };
}

/** The words naming an object in a problem: `item 12` (its Secret's name is not known before the parse). */
function itemName(index: number, listed: boolean): string {
  return listed ? `item ${index + 1}` : "the object";
}

/** Read one object of the dump; false when it was skipped or not ours. */
async function readObject(
  text: string,
  span: ObjectSpan,
  index: number,
  ctx: { path: string; builder: InventoryBuilder; pending: PendingReference[]; kubeadm: YamlMap[] },
  dump: { json: boolean; listed: boolean },
  tally: Tally,
): Promise<boolean> {
  const { path, builder } = ctx;
  const size = span.end - span.start;
  if (size > MAX_YAML_CHARS) {
    builder.problem(
      path,
      `${itemName(index, dump.listed)}: ${size} characters, over the ${MAX_YAML_CHARS} an object may hold (size limit): not parsed`,
    );
    return false;
  }
  const slice = text.slice(span.start, span.end);
  // A CRD (often hundreds of KB of schema) holds trust only through a conversion webhook.
  if (span.kind === "CustomResourceDefinition" && !CONVERSION_WEBHOOK.test(slice)) return false;
  // Whatever the parse makes of it, no random-looking run of a read object is ever shown — but a
  // CSR holds nothing secret (a public request and certificate; so for PUBLIC_KINDS), and its name may look random:
  // a kubelet's bootstrap CSR is `node-csr-<base64url digest>`, which findings must name.
  if (span.kind === undefined || !PUBLIC_KINDS.has(span.kind)) builder.secrets.addFromText(slice);
  const parsed = parseObject(slice, dump.json);
  tally.parsed++;
  if (!parsed.doc) {
    builder.problem(path, `${itemName(index, dump.listed)}: ${parsed.error ?? "unreadable"}`);
    return false;
  }
  return readDocument(parsed.doc, { ...ctx, ...(dump.listed ? { item: index + 1 } : {}) });
}

function outcome(tally: Tally): TextOutcome {
  if (tally.read > 0) return { kind: "read" };
  const objects = `${tally.objects} object${tally.objects === 1 ? "" : "s"}`;
  const skipped = tally.notPki > 0 ? `, ${tally.notPki} of a type that holds none` : "";
  return { kind: "skip", reason: `kubectl dump of ${objects} without certificates or keys${skipped}` };
}

/**
 * Read a kubectl dump into the builder; undefined when the text turns out not to be laid out like
 * one, so the caller reads it as any other YAML or JSON.
 */
export async function readKubectlDump(
  text: string,
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
): Promise<TextOutcome | undefined> {
  const json = text.trimStart().startsWith("{");
  const split = json ? splitJsonDump(text) : splitYamlDump(text);
  if (!split.ok) return undefined;
  const listed = /List$/.test(split.value.kind);
  const tally: Tally = { objects: split.value.items.length, notPki: 0, read: 0, parsed: 0 };
  const ctx = { path, builder, pending, kubeadm: [] as YamlMap[] };
  for (const [index, span] of split.value.items.entries()) {
    if (span.kind === "Secret" && isNonPkiSecretType(span.type)) {
      tally.notPki++;
      continue;
    }
    if (tally.parsed >= MAX_DUMP_OBJECTS) {
      const left = split.value.items.length - index;
      builder.problem(
        path,
        `more than ${MAX_DUMP_OBJECTS} objects to read (object limit): the last ${left} were not read`,
      );
      break;
    }
    if (await readObject(text, span, index, ctx, { json, listed }, tally)) tally.read++;
  }
  if (ctx.kubeadm.length > 0)
    builder.kubeadmConfigs.push({ source: { path }, ...readKubeadmConfig(ctx.kubeadm) });
  return outcome(tally);
}
