/**
 * etcd's `--config-file` YAML (RKE2 writes it to `/var/lib/rancher/rke2/server/db/etcd/config`
 * through k3s' pkg/daemons/executor ETCDConfig): top-level keys are flag names, TLS settings are
 * nested under `client-transport-security` and `peer-transport-security` (etcd's
 * server/embed/config.go securityConfig). Translated to the flags they stand for, so the model
 * reads an etcd configured by file exactly like one configured on the command line.
 */
import type { FlagMap } from "../inventory";
import { asMap, mapAt, type YamlMap } from "./yaml-values";

const SECURITY_KEYS = [
  "cert-file",
  "key-file",
  "client-cert-file",
  "client-key-file",
  "client-cert-auth",
  "trusted-ca-file",
  "auto-tls",
];

/** True for a document shaped like etcd's config file (no `kind`; TLS sections or member URLs). */
export function isEtcdConfigFile(doc: YamlMap): boolean {
  if ("kind" in doc || "apiVersion" in doc) return false;
  if (mapAt(doc, "client-transport-security") || mapAt(doc, "peer-transport-security")) return true;
  return "listen-client-urls" in doc && ("name" in doc || "data-dir" in doc || "initial-cluster" in doc);
}

function scalar(value: unknown): string | undefined {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (Array.isArray(value)) {
    const items = value.map(scalar);
    return items.every((item) => item !== undefined) ? items.join(",") : undefined;
  }
  return undefined;
}

/** The peer section's key as an etcd flag: `client-cert-auth` → `peer-client-cert-auth`. */
function peerFlag(key: string): string {
  return `peer-${key}`;
}

/** The flags an etcd config file sets: `client-transport-security.cert-file` → `cert-file`, ... */
export function readEtcdConfig(doc: YamlMap): FlagMap {
  const flags: FlagMap = {};
  for (const [key, value] of Object.entries(doc)) {
    const rendered = scalar(value);
    if (rendered !== undefined && value !== null) flags[key] = [rendered];
  }
  const sections: [string, (key: string) => string][] = [
    ["client-transport-security", (key) => key],
    ["peer-transport-security", peerFlag],
  ];
  for (const [section, flagOf] of sections) {
    const map = asMap(doc[section]);
    for (const key of SECURITY_KEYS) {
      const rendered = scalar(map?.[key]);
      if (rendered !== undefined && rendered !== "") flags[flagOf(key)] = [rendered];
    }
  }
  return flags;
}
