/**
 * Which component a command line or a unit runs, from the binary's basename
 * (`/usr/local/bin/kube-apiserver`, `/usr/bin/etcd`) or hyperkube's sub-command
 * (`hyperkube apiserver`, `hyperkube kube-apiserver`).
 */
import { basename } from "./resolve-path";

const COMPONENTS = [
  "kube-apiserver",
  "kube-controller-manager",
  "kube-scheduler",
  "kube-proxy",
  "kubelet",
  "etcd",
  "cloud-controller-manager",
];

function known(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (COMPONENTS.includes(name)) return name;
  const prefixed = `kube-${name}`;
  return COMPONENTS.includes(prefixed) ? prefixed : undefined;
}

/** The component a command runs and the arguments after the binary (and sub-command), or undefined. */
export function componentOfCommand(
  words: readonly string[],
): { component: string; args: string[] } | undefined {
  const binary = words[0] === undefined ? undefined : basename(words[0]);
  if (binary === "hyperkube") {
    const component = known(words[1]);
    return component ? { component, args: words.slice(2) } : undefined;
  }
  const component = binary && COMPONENTS.includes(binary) ? binary : undefined;
  return component ? { component, args: words.slice(1) } : undefined;
}

/** `kube-apiserver.service` for the unit file or any file of its `kube-apiserver.service.d/` folder. */
export function unitNameOf(path: string): string | undefined {
  const segments = path.split("/");
  const name = segments[segments.length - 1] ?? "";
  if (name.endsWith(".service")) return name;
  const folder = segments[segments.length - 2];
  return folder?.endsWith(".service.d") ? folder.slice(0, -2) : undefined;
}

/** The component a unit is named after (`etcd.service` → etcd), or undefined. */
export function componentOfUnit(unit: string | undefined): string | undefined {
  return unit && COMPONENTS.includes(unit.replace(/\.service$/, ""))
    ? unit.replace(/\.service$/, "")
    : undefined;
}
