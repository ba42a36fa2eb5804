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

/** The arguments a shell wrapper (`sh -c "kube-apiserver --a=b"`) really runs, else the command as is. */
function effectiveArgs(command: string[]): string[] {
  const [shell, flag, script] = command;
  if (shell && SHELLS.has(shell) && flag === "-c" && script !== undefined) {
    const words = splitShellWords(script);
    if (words.ok) return words.value;
  }
  return command;
}

/**
 * Read a Pod document into a ManifestRecord (without its source). `command` is the container's
 * command followed by its args, as the kubelet would run them.
 */
export function readManifest(doc: YamlMap): Omit<ManifestRecord, "source"> {
  const metadata = mapAt(doc, "metadata");
  const container = asMap(listAt(mapAt(doc, "spec"), "containers")[0]);
  const command = [...stringsAt(container, "command"), ...stringsAt(container, "args")];
  const args = effectiveArgs(command);
  const image = stringAt(container, "image");
  const version = versionFromImage(image);
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(mapAt(metadata, "annotations") ?? {})) {
    if (typeof value === "string") annotations[key] = value;
  }
  const component =
    stringAt(mapAt(metadata, "labels"), "component") ??
    stringAt(metadata, "name") ??
    basename(args[0] ?? stringAt(container, "name") ?? "unknown");
  return {
    component,
    ...(image !== undefined ? { image } : {}),
    ...(version !== undefined ? { version } : {}),
    command,
    flags: parseFlags(args.slice(args[0]?.startsWith("-") ? 0 : 1)),
    annotations,
  };
}
