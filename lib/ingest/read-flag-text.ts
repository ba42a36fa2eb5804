/**
 * Text files that hold component flags outside YAML: systemd units and drop-ins, kubelet flag files
 * (kubeadm-flags.env, /etc/default/kubelet), MicroK8s's `args/<component>` files and environment files (kubespray's /etc/etcd.env, or
 * any `KEY=value` file a unit may name with `EnvironmentFile=`).
 */
import type { InventoryBuilder } from "./inventory-builder";
import { readComponentUnit } from "./read-component-unit";
import { etcdFlagsFromEnv, isEtcdEnvironment, parseEnvFile } from "./read-env-file";
import { isKubeletEnvFile, readKubeletFlags } from "./read-kubelet-flags";
import { isSystemdUnit, parseSystemdUnit } from "./systemd-unit";
import { microk8sArgsComponent, readCsrConf, readMicrok8sArgs } from "./read-microk8s-args";

/** What became of a flag file: recognised, skipped with a reason, or not a flag file at all. */
export type FlagTextOutcome = { kind: "read" } | { kind: "skip"; reason: string } | undefined;

function readUnit(text: string, path: string, builder: InventoryBuilder): FlagTextOutcome {
  const unit = parseSystemdUnit(text);
  for (const error of unit.errors) builder.problem(path, error);
  const record = readComponentUnit(unit, path);
  if (record) builder.componentFlags.push({ source: { path }, ...record });
  // Kubelet units keep feeding the kubelet flag records, as kubeadm's 10-kubeadm.conf always did.
  if (!record || record.component === "kubelet") {
    const { flags } = readKubeletFlags(text);
    if (Object.keys(flags).length > 0) builder.kubeadmFlags.push({ source: { path }, flags });
    else if (!record && unit.errors.length === 0) {
      return { kind: "skip", reason: "systemd unit without Kubernetes component flags" };
    }
  }
  return { kind: "read" };
}

/**
 * Read `text` into the builder when it is a flag file; undefined when it is not one (the caller
 * then tries YAML/JSON).
 */
export function readFlagText(text: string, path: string, builder: InventoryBuilder): FlagTextOutcome {
  const names = readCsrConf(text, path);
  if (names) {
    builder.servingNames.push({ source: { path }, ...names });
    return { kind: "read" };
  }
  const microk8s = microk8sArgsComponent(path);
  if (microk8s) {
    const record = readMicrok8sArgs(text, microk8s);
    // The kubelet's flags feed the kubelet records, like kubeadm-flags.env.
    if (microk8s === "kubelet") builder.kubeadmFlags.push({ source: { path }, flags: record.flags });
    else builder.componentFlags.push({ source: { path }, ...record });
    return { kind: "read" };
  }
  if (isSystemdUnit(text)) return readUnit(text, path, builder);
  if (isKubeletEnvFile(text)) {
    const { flags, errors } = readKubeletFlags(text);
    for (const error of errors) builder.problem(path, error);
    builder.kubeadmFlags.push({ source: { path }, flags });
    return { kind: "read" };
  }
  const environment = parseEnvFile(text);
  if (!environment) return undefined;
  const etcd = isEtcdEnvironment(environment);
  builder.componentFlags.push({
    source: { path },
    origin: "env-file",
    ...(etcd ? { component: "etcd" } : {}),
    flags: etcd ? etcdFlagsFromEnv(environment) : {},
    environment,
    environmentFiles: [],
  });
  // A generic environment file is kept for the units that may name it, but holds no flags itself.
  return etcd ? { kind: "read" } : { kind: "skip", reason: "environment file without component flags" };
}
