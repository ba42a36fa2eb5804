/**
 * Text that is not PEM: flag files (systemd units, environment files; see read-flag-text.ts) and
 * YAML/JSON documents (manifests, kubeconfigs, etcd and k3s/RKE2 config files ...), each
 * recognised by its content (`kind`, shape). A file can hold several documents; everything
 * recognised is kept and the rest of the file is ignored.
 */
import type { InventoryBuilder } from "./inventory-builder";
import { parseYamlDocuments, type YamlDocuments } from "./parse-yaml-documents";
import { readDocument } from "./read-document";
import { readKubeadmConfig } from "./read-kubeadm-config";
import type { PendingReference } from "./read-kubeconfig";
import { readFlagText } from "./read-flag-text";
import { basename } from "./resolve-path";
import { asMap, type YamlMap } from "./yaml-values";

/** Larger text is not configuration; parsing it as YAML would only cost time. */
export const MAX_YAML_CHARS = 4 * 1024 * 1024;

const KUBE_YAML_HINT = /^(apiVersion|kind|clusters|users|contexts|current-context)\s*:/m;
const KUBECONFIG_NAME =
  /kubeconfig|^(admin|super-admin|kubelet|bootstrap-kubelet|controller-manager|scheduler)\.conf$/i;

/** What became of a text file: recognised, or the reason it was not. */
export type TextOutcome = { kind: "read" } | { kind: "problem" | "skip"; reason: string };

/** Does the file claim to be Kubernetes YAML, so that a syntax error is worth reporting? */
function meantAsKubernetesYaml(path: string, text: string): boolean {
  if (KUBE_YAML_HINT.test(text) || KUBECONFIG_NAME.test(basename(path))) return true;
  if (!/\.conf$/i.test(path)) return false;
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  return /^[A-Za-z][\w-]*:(\s|$)/.test(firstLine ?? "");
}

function kindOf(doc: unknown): string {
  const map = asMap(doc);
  if (!map) return Array.isArray(doc) ? "list" : typeof doc;
  return typeof map.kind === "string" ? map.kind : "mapping without kind";
}

/** Read every document; returns the kinds of those not recognised when none was. */
async function readDocuments(
  docs: unknown[],
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
): Promise<string[]> {
  const unrecognised: string[] = [];
  const kubeadm: YamlMap[] = [];
  for (const value of docs) {
    const doc = asMap(value);
    if (!doc || !(await readDocument(doc, { path, builder, pending, kubeadm })))
      unrecognised.push(kindOf(value));
  }
  if (kubeadm.length > 0) builder.kubeadmConfigs.push({ source: { path }, ...readKubeadmConfig(kubeadm) });
  return docs.length > unrecognised.length ? [] : unrecognised;
}

/**
 * Read a text file without PEM blocks into the builder. Returns why it was not recognised
 * (skip reason, or a problem when it was clearly meant as Kubernetes configuration but is broken).
 */
export async function readConfigText(
  text: string,
  path: string,
  builder: InventoryBuilder,
  pending: PendingReference[],
  parsed?: YamlDocuments,
): Promise<TextOutcome> {
  const flagFile = readFlagText(text, path, builder);
  if (flagFile) return flagFile;
  if (text.length > MAX_YAML_CHARS) {
    if (!meantAsKubernetesYaml(path, text))
      return { kind: "skip", reason: "large text file without PEM blocks" };
    const reason = `${text.length} characters, over the ${MAX_YAML_CHARS} a configuration file may hold (size limit): not parsed`;
    return { kind: "problem", reason };
  }
  const docs = parsed ?? parseYamlDocuments(text);
  if (!docs.ok) {
    // A limit is named whatever the file's name: the file was built to hurt, or is not what it seems.
    if (docs.limited) return { kind: "problem", reason: `YAML ${docs.reason}` };
    if (meantAsKubernetesYaml(path, text)) return { kind: "problem", reason: `invalid YAML: ${docs.reason}` };
    return { kind: "skip", reason: "text without PEM blocks or Kubernetes configuration" };
  }
  const unrecognised = await readDocuments(docs.value, path, builder, pending);
  if (unrecognised.length === 0 && docs.value.length > 0) return { kind: "read" };
  const structured = docs.value.some((doc) => typeof doc === "object");
  if (!structured) return { kind: "skip", reason: "text without PEM blocks or Kubernetes configuration" };
  const kinds = [...new Set(unrecognised)].join(", ");
  return { kind: "skip", reason: `YAML/JSON (${kinds}) without certificates or PKI configuration` };
}
