/**
 * A systemd unit or drop-in of a Kubernetes component (Kubernetes the Hard Way's
 * `kube-apiserver.service`, kubespray's `etcd.service`, a `kubelet.service.d/*.conf`) as a
 * ComponentFlagsRecord. The component comes from the `ExecStart=` binary, else from the unit's name
 * (a drop-in that only sets `Environment=`); flags are expanded with the file's own variables only,
 * because drop-ins and environment files of the same unit are merged later, in the cluster model.
 */
import { componentOfCommand, componentOfUnit, unitNameOf } from "./component-binary";
import { parseFlags } from "./parse-flags";
import { expandCommand, type SystemdUnit } from "./systemd-unit";
import type { ComponentFlagsRecord } from "../inventory";

/** The flags a unit's command sets once `env` is applied, with the component it runs. */
export function unitFlags(
  command: readonly string[],
  env: Readonly<Record<string, string>>,
): { component?: string; flags: ReturnType<typeof parseFlags>; unresolved: string[] } {
  const expanded = expandCommand(command, env);
  const run = componentOfCommand(expanded.words);
  return {
    ...(run ? { component: run.component } : {}),
    flags: parseFlags(run ? run.args : expanded.words.slice(1)),
    unresolved: expanded.unresolved,
  };
}

/** The record for a parsed unit at `path`, or undefined when it configures no known component. */
export function readComponentUnit(
  unit: SystemdUnit,
  path: string,
): Omit<ComponentFlagsRecord, "source"> | undefined {
  const name = unitNameOf(path);
  const fromCommand = unit.execStart ? unitFlags(unit.execStart, unit.environment) : undefined;
  const component = fromCommand?.component ?? componentOfUnit(name);
  if (!component) return undefined;
  return {
    origin: "systemd",
    component,
    ...(name ? { unit: name } : {}),
    ...(unit.execStart ? { command: unit.execStart } : {}),
    flags: fromCommand?.flags ?? {},
    environment: unit.environment,
    environmentFiles: unit.environmentFiles,
  };
}
