/**
 * Environment files (`KEY=value` per line): systemd's `EnvironmentFile=` targets and kubespray's
 * `/etc/etcd.env`. etcd reads every flag from `ETCD_<FLAG_UPPER_UNDERSCORED>` when the command line
 * does not set it (etcd's pkg/flags.SetFlagsFromEnv), so such a file is an etcd configuration.
 */
import { splitShellWords } from "./split-shell-words";
import type { FlagMap } from "../inventory";

const ENV_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
/** Variables only an etcd member's environment sets (ETCDCTL_* belongs to the client). */
const ETCD_MEMBER_VAR =
  /^ETCD_(NAME|DATA_DIR|[A-Z_]*_URLS|[A-Z_]*_FILE|[A-Z_]*CERT_AUTH|INITIAL_CLUSTER[A-Z_]*)$/;

/**
 * The variables of a file made only of `KEY=value` lines (comments and blank lines aside), quotes
 * removed; undefined for anything else, or when a quote is unterminated.
 */
export function parseEnvFile(text: string): Record<string, string> | undefined {
  const env: Record<string, string> = {};
  let count = 0;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const match = ENV_LINE.exec(line);
    if (!match?.[1]) return undefined;
    const words = splitShellWords(match[2] ?? "");
    if (!words.ok) return undefined;
    env[match[1]] = words.value.join(" ");
    count++;
  }
  return count > 0 ? env : undefined;
}

/** True when the variables configure an etcd member (name, URLs, TLS files). */
export function isEtcdEnvironment(env: Readonly<Record<string, string>>): boolean {
  return Object.keys(env).some((name) => ETCD_MEMBER_VAR.test(name));
}

/** etcd's flags from `ETCD_*` variables: `ETCD_PEER_CERT_FILE` → `peer-cert-file`. */
export function etcdFlagsFromEnv(env: Readonly<Record<string, string>>): FlagMap {
  const flags: FlagMap = {};
  for (const [name, value] of Object.entries(env)) {
    const flag = /^ETCD_([A-Z0-9_]+)$/.exec(name)?.[1];
    if (flag) flags[flag.toLowerCase().replace(/_/g, "-")] = [value];
  }
  return flags;
}
