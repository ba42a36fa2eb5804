/**
 * Kubelet flags kept outside manifests: kubeadm's `/var/lib/kubelet/kubeadm-flags.env`
 * (`KUBELET_KUBEADM_ARGS="..."`), `/etc/default/kubelet` (`KUBELET_EXTRA_ARGS=...`) and the
 * systemd drop-in `10-kubeadm.conf` (`Environment="KUBELET_KUBECONFIG_ARGS=..."`, `ExecStart=`).
 * All become one FlagMap per file. Units of other components are read by read-component-unit.ts.
 */
import { parseFlags } from "./parse-flags";
import { isSystemdUnit, parseSystemdUnit } from "./systemd-unit";
import { splitShellWords } from "./split-shell-words";
import type { FlagMap } from "../inventory";
import { pushAll } from "../shared/collections";

const ENV_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
const KUBELET_ARGS = /^KUBELET_[A-Z0-9_]*ARGS$/;

/** True for an environment file that sets at least one `KUBELET_*ARGS` variable. */
export function isKubeletEnvFile(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  return (
    lines.length > 0 &&
    lines.every((line) => ENV_LINE.test(line)) &&
    lines.some((line) => KUBELET_ARGS.test(ENV_LINE.exec(line)?.[1] ?? ""))
  );
}

function merge(into: FlagMap, from: FlagMap): void {
  for (const [name, values] of Object.entries(from)) pushAll((into[name] ??= []), values);
}

/** The value of `KEY=value` with shell quoting removed. */
function unquote(value: string): string | undefined {
  const words = splitShellWords(value);
  return words.ok ? words.value.join(" ") : undefined;
}

/**
 * Flags from every `KUBELET_*ARGS` variable of an environment file or systemd unit, plus literal
 * flags on `ExecStart=` lines. Returns the reason when a quoted value is unterminated.
 */
export function readKubeletFlags(text: string): { flags: FlagMap; errors: string[] } {
  const flags: FlagMap = {};
  const errors: string[] = [];
  const addArgs = (name: string, value: string) => {
    const words = splitShellWords(value);
    if (words.ok) merge(flags, parseFlags(words.value));
    else errors.push(`${name}: ${words.reason}`);
  };
  if (isSystemdUnit(text)) {
    // Continued `ExecStart=` lines (`\` at the end) are joined by the unit parser.
    const unit = parseSystemdUnit(text);
    pushAll(errors, unit.errors);
    for (const [name, value] of Object.entries(unit.environment)) {
      if (KUBELET_ARGS.test(name)) addArgs(name, value);
    }
    if (unit.execStart) merge(flags, parseFlags(unit.execStart));
    return { flags, errors };
  }
  for (const line of text.split(/\r?\n/)) {
    const env = ENV_LINE.exec(line);
    if (!env?.[1] || !KUBELET_ARGS.test(env[1])) continue;
    const value = unquote(env[2] ?? "");
    if (value === undefined) errors.push(`${env[1]}: unterminated quote`);
    else addArgs(env[1], value);
  }
  return { flags, errors };
}
