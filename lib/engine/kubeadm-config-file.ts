/**
 * The kubeadm configuration file a fix tells the reader to pass (`--config <file>`): the one in the
 * drop, by the path the drop has it under, so the command names the user's own file
 * (`kubeadm-config.yaml`, `node-1/etc/kubeadm/kubeadm.conf`), never one the tool made up. A drop
 * without one gets a placeholder that is plainly one.
 */
import type { Inventory } from "../inventory";

/** What a fix says when the drop holds no kubeadm configuration file. */
export const KUBEADM_CONFIG_PLACEHOLDER = "<your kubeadm config file>";

/** Characters a shell passes through unquoted; any other path is single-quoted. */
const SHELL_SAFE = /^[\w./@%+=:,-]+$/u;

function commonPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

/**
 * The path of the drop's kubeadm configuration file closest to `near` (the file a fix is about, so
 * a drop of several nodes names that node's file), ready for a shell command; the placeholder when
 * the drop has none. A ClusterConfiguration read from the kubeadm-config ConfigMap of a kubectl dump
 * is no file to pass, and does not count.
 */
export function kubeadmConfigFile(inventory: Pick<Inventory, "kubeadmConfigs">, near = ""): string {
  let best: { path: string; shared: number } | undefined;
  for (const config of inventory.kubeadmConfigs) {
    if (config.source.object !== undefined || config.source.locator !== undefined) continue;
    const shared = commonPrefix(config.source.path, near);
    if (!best || shared > best.shared) best = { path: config.source.path, shared };
  }
  if (!best) return KUBEADM_CONFIG_PLACEHOLDER;
  return SHELL_SAFE.test(best.path) ? best.path : `'${best.path.replace(/'/g, "'\\''")}'`;
}
