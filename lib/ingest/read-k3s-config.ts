/**
 * k3s and RKE2 read their options from `/etc/rancher/<k3s|rke2>/config.yaml` and the drop-ins of
 * `config.yaml.d/` (k3s pkg/configfilearg): keys are the CLI flags without dashes. Extra flags for
 * the embedded components come as lists of `flag=value` (`kube-apiserver-arg`, `etcd-arg`,
 * `kubelet-arg`, ...); a key ending in `+` appends to earlier files instead of replacing.
 */
import { parseFlags } from "./parse-flags";
import type { FlagMap, K3sConfigRecord } from "../inventory";
import { stringAt, type YamlMap } from "./yaml-values";

const CONFIG_PATH = /(^|\/)rancher\/(k3s|rke2)\/config\.yaml(\.d\/[^/]+\.ya?ml)?$/;

/** `<key>-arg` → the component it configures. */
const ARG_KEYS: Record<string, string> = {
  "kube-apiserver-arg": "kube-apiserver",
  "kube-controller-manager-arg": "kube-controller-manager",
  "kube-scheduler-arg": "kube-scheduler",
  "kube-cloud-controller-manager-arg": "cloud-controller-manager",
  "kube-proxy-arg": "kube-proxy",
  "kubelet-arg": "kubelet",
  "etcd-arg": "etcd",
};

/** Keys only a k3s/RKE2 config has: enough to recognise one dropped under another name. */
const TELLING_KEYS = [...Object.keys(ARG_KEYS), "tls-san", "cluster-init", "write-kubeconfig-mode"];

function key(doc: YamlMap, name: string): unknown {
  return doc[name] ?? doc[`${name}+`];
}

/** True for a map without `kind` at a k3s/RKE2 config path, or holding a key only such configs have. */
export function isK3sConfig(doc: YamlMap, path: string): boolean {
  if ("kind" in doc || "apiVersion" in doc) return false;
  return CONFIG_PATH.test(path) || TELLING_KEYS.some((name) => key(doc, name) !== undefined);
}

/** A list option; k3s also accepts a single string (and, for tls-san, a comma list). */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.flatMap((item) =>
    typeof item === "string" || typeof item === "number" || typeof item === "boolean" ? [String(item)] : [],
  );
}

/** `flag=value` entries (a leading `--` tolerated) as a FlagMap. */
function argFlags(entries: string[]): FlagMap {
  return parseFlags(entries.map((entry) => `--${entry.replace(/^-+/, "")}`));
}

/** Read a k3s/RKE2 config document (without its source). */
export function readK3sConfig(doc: YamlMap, path: string): Omit<K3sConfigRecord, "source"> {
  const distribution = CONFIG_PATH.exec(path)?.[2];
  const args: Record<string, FlagMap> = {};
  for (const [name, component] of Object.entries(ARG_KEYS)) {
    const entries = list(key(doc, name));
    if (entries.length > 0) args[component] = argFlags(entries);
  }
  const optional = (name: string, field: string) => {
    const value = stringAt(doc, name) ?? stringAt(doc, `${name}+`);
    return value === undefined ? {} : { [field]: value };
  };
  return {
    distribution: distribution === "k3s" || distribution === "rke2" ? distribution : "unknown",
    ...optional("node-name", "nodeName"),
    tlsSans: list(key(doc, "tls-san"))
      .flatMap((san) => san.split(",").map((s) => s.trim()))
      .filter(Boolean),
    ...optional("cluster-cidr", "clusterCidr"),
    ...optional("service-cidr", "serviceCidr"),
    ...optional("data-dir", "dataDir"),
    args,
  };
}
