/**
 * Static-pod manifests (`/etc/kubernetes/manifests/*.yaml`) are the truth about how the control
 * plane runs: which files each component is told to use. We keep the first container's command
 * line and its flags, the component name and the Kubernetes version from the image tag.
 */
import { basename } from "./resolve-path";
import { parseFlags } from "./parse-flags";
import { splitShellWords } from "./split-shell-words";
import type { ManifestRecord } from "../inventory";
import { asMap, listAt, mapAt, stringAt, stringsAt, type YamlMap } from "./yaml-values";

const SHELLS = new Set(["sh", "bash", "ash", "dash", "/bin/sh", "/bin/bash", "/bin/ash", "/bin/dash"]);

/** True for a `kind: Pod` document with containers. */
export function isPodManifest(doc: YamlMap): boolean {
  return doc.kind === "Pod" && listAt(mapAt(doc, "spec"), "containers").length > 0;
}

/** `v1.31.2` from `registry.k8s.io/kube-apiserver:v1.31.2` (digest and suffixes ignored). */
export function versionFromImage(image: string | undefined): string | undefined {
  const tag = image?.replace(/@.*$/, "").match(/:([^:/]+)$/)?.[1];
  return tag?.match(/^v\d+\.\d+(?:\.\d+)?/)?.[0];
}

/** A component's binary in a line of a wrapper script, run directly, by `exec` or through hyperkube. */
const COMPONENT_LINE =
  /(?:^|[\s;&|])(?:exec\s+)?(?:\S*\/)?(?:hyperkube\s+)?(kube-apiserver|kube-controller-manager|kube-scheduler|etcd)(\s+-.*)$/;

/**
 * The arguments a shell wrapper really runs: `sh -c "kube-apiserver --a=b"`, or a script whose
 * line `exec … hyperkube kube-apiserver --a=b` starts the component after its own preparations
 * (OpenShift's `/bin/bash -ec` wrappers); else the command as is.
 */
function effectiveArgs(command: string[]): string[] {
  const [shell, ...rest] = command;
  if (!shell || !SHELLS.has(shell)) return command;
  const flagAt = rest.findIndex((word) => /^-[a-z]*c[a-z]*$/.test(word));
  // `bash -euxo pipefail -c SCRIPT`: the script follows the option that holds `c`, after its arguments.
  const script =
    flagAt < 0 ? undefined : rest.slice(flagAt + 1).find((word) => !/^[a-z]+$/.test(word) || /\s/.test(word));
  if (script === undefined) return command;
  const whole = splitShellWords(script);
  if (whole.ok && whole.value.length > 0 && !script.includes("\n")) return whole.value;
  // One line per command: continuation lines joined, and what follows `||`, `&&` or `;` dropped.
  const lines = script.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = COMPONENT_LINE.exec(lines[i] ?? "");
    if (!match?.[1]) continue;
    const words = splitShellWords(`${match[1]}${(match[2] ?? "").split(/\s(?:\|\||&&|;)\s/)[0] ?? ""}`);
    if (words.ok) return words.value;
  }
  return whole.ok ? whole.value : command;
}

const KNOWN_BINARIES = ["kube-apiserver", "kube-controller-manager", "kube-scheduler", "etcd"];

/** The container that runs the component: the one named after it, else the first. */
function componentContainer(doc: YamlMap): YamlMap | undefined {
  const containers = listAt(mapAt(doc, "spec"), "containers").map(asMap);
  const named = containers.find((c) => KNOWN_BINARIES.includes(stringAt(c, "name") ?? ""));
  return named ?? containers[0];
}

/** Where each of the container's mounts lives on the host, for the volumes that are host paths. */
function hostMounts(doc: YamlMap, container: YamlMap | undefined): { mountPath: string; hostPath: string }[] {
  const hostPaths = new Map<string, string>();
  for (const volume of listAt(mapAt(doc, "spec"), "volumes").map(asMap)) {
    const name = stringAt(volume, "name");
    const path = stringAt(mapAt(volume, "hostPath"), "path");
    if (name && path) hostPaths.set(name, path);
  }
  const mounts: { mountPath: string; hostPath: string }[] = [];
  for (const mount of listAt(container, "volumeMounts").map(asMap)) {
    const hostPath = hostPaths.get(stringAt(mount, "name") ?? "");
    const mountPath = stringAt(mount, "mountPath");
    if (hostPath && mountPath && hostPath !== mountPath) mounts.push({ mountPath, hostPath });
  }
  return mounts;
}

/**
 * Read a Pod document into a ManifestRecord (without its source). `command` is the container's
 * command followed by its args, as the kubelet would run them.
 */
export function readManifest(doc: YamlMap): Omit<ManifestRecord, "source"> {
  const metadata = mapAt(doc, "metadata");
  const container = componentContainer(doc);
  const command = [...stringsAt(container, "command"), ...stringsAt(container, "args")];
  const run = effectiveArgs(command);
  // `hyperkube kube-apiserver …`: the component is hyperkube's first argument.
  const args = basename(run[0] ?? "") === "hyperkube" ? run.slice(1) : run;
  const image = stringAt(container, "image");
  const version = versionFromImage(image);
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(mapAt(metadata, "annotations") ?? {})) {
    if (typeof value === "string") annotations[key] = value;
  }
  const binary = basename(args[0] ?? "");
  const component =
    (KNOWN_BINARIES.includes(binary) ? binary : undefined) ??
    stringAt(mapAt(metadata, "labels"), "component") ??
    stringAt(metadata, "name") ??
    basename(args[0] ?? stringAt(container, "name") ?? "unknown");
  const mounts = hostMounts(doc, container);
  return {
    component,
    ...(image !== undefined ? { image } : {}),
    ...(version !== undefined ? { version } : {}),
    command,
    flags: parseFlags(args.slice(args[0]?.startsWith("-") ? 0 : 1)),
    annotations,
    ...(mounts.length > 0 ? { mounts } : {}),
  };
}
