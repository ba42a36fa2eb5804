/**
 * The control-plane components' configuration, from every place real clusters keep flags:
 * static-pod manifests, systemd units with their drop-ins and environment files, kubespray's
 * `/etc/etcd.env`, etcd's `--config-file`, k3s/RKE2 `config.yaml` `*-arg` options. Files that
 * configure one running component are merged into one ComponentConfig; when nothing was dropped,
 * kubeadm's conventional flags stand in, so a bare `pki/` folder still maps onto the relationships.
 */
import { etcdFlagsFromEnv } from "../ingest/read-env-file";
import { unitFlags } from "../ingest/read-component-unit";
import { resolvePath } from "../ingest/resolve-path";
import type { ComponentFlagsRecord, FlagMap, Inventory, K3sConfigRecord, ManifestRecord } from "../inventory";
import { hostPathOf } from "../ingest/container-path";
import type { ComponentKind, LayoutName } from "../report";
import { flagValue, layerFlags, type FlagLayer } from "./flags";
import { k3sDefaultFlags } from "./k3s-defaults";
import { rke1DefaultFlags } from "./rke1-defaults";
import { MICROK8S_DEFAULT_FLAGS } from "./microk8s-defaults";
import { K0S_DEFAULT_FLAGS } from "./k0s-defaults";
import { componentKindOf, KUBEADM_DEFAULT_FLAGS } from "./kubeadm-defaults";
import type { ComponentConfig } from "./model";
import { groupUnits, type UnitGroup } from "./unit-configs";

/** Lookups shared while building one kind's configurations; records merged into one are marked used. */
class Sources {
  readonly used = new Set<ComponentFlagsRecord>();
  private readonly byPath = new Map<string, ComponentFlagsRecord[]>();

  constructor(readonly inventory: Inventory) {
    for (const record of inventory.componentFlags ?? []) {
      const list = this.byPath.get(record.source.path);
      if (list) list.push(record);
      else this.byPath.set(record.source.path, [record]);
    }
  }

  /** The record of `origin` a path written in `from` names, resolved by suffix like any flag. */
  named(ref: string, from: string, origin: ComponentFlagsRecord["origin"]): ComponentFlagsRecord | undefined {
    const path = resolvePath(ref, this.inventory.paths, from);
    const record = path === undefined ? undefined : this.byPath.get(path)?.find((r) => r.origin === origin);
    if (record) this.used.add(record);
    return record;
  }
}

function config(
  kind: ComponentKind,
  origin: ComponentConfig["origin"],
  layers: FlagLayer[],
  extra: Partial<ComponentConfig> = {},
): ComponentConfig {
  const { flags, flagSources } = layerFlags(layers);
  const sources: string[] = [];
  for (const path of [extra.source, ...layers.map((l) => l.path)]) {
    if (path !== undefined && !sources.includes(path) && !path.startsWith("(")) sources.push(path);
  }
  return { kind, origin, ...extra, source: extra.source ?? sources[0], sources, flags, flagSources };
}

/**
 * etcd with `--config-file` (or `ETCD_CONFIG_FILE`) loads that file and ignores its other flags and
 * variables (etcd server/etcdmain/config.go: "other configuration command line flags and environment
 * variables will be ignored if provided"), so the file's flags replace every other layer.
 */
function withEtcdConfigFile(layers: FlagLayer[], from: string, sources: Sources): FlagLayer[] {
  const file = flagValue(layerFlags(layers).flags, "config-file");
  const record = file === undefined ? undefined : sources.named(file, from, "etcd-config");
  if (!record || file === undefined) return layers;
  const named = layers.filter((l) => l.flags["config-file"]).at(-1) ?? { path: from, origin: "systemd" };
  return [
    { path: named.path, origin: named.origin, flags: { "config-file": [file] } },
    { path: record.source.path, origin: "etcd-config", flags: record.flags },
  ];
}

/** The flags that name a configuration file holding more flags (read-component-config.ts). */
const CONFIG_FILE_FLAGS = ["openshift-config", "config"];

/**
 * A static pod whose command names a configuration file (OpenShift's `--openshift-config`, the
 * scheduler's `--config`): that file's flags first, the command line's over them. The path is the
 * container's, read through the pod's mounts.
 */
function withConfigFile(layers: FlagLayer[], manifest: ManifestRecord, sources: Sources): FlagLayer[] {
  const flags = layerFlags(layers).flags;
  for (const flag of CONFIG_FILE_FLAGS) {
    const file = flagValue(flags, flag);
    if (file === undefined) continue;
    const record = sources.named(hostPathOf(file, manifest.mounts), manifest.source.path, "config-file");
    if (record) return [{ path: record.source.path, origin: "config-file", flags: record.flags }, ...layers];
  }
  return layers;
}

function fromUnit(kind: ComponentKind, group: UnitGroup, sources: Sources): ComponentConfig {
  const main = group.files[0]?.source.path ?? "";
  const env: Record<string, string> = {};
  const envLayers: FlagLayer[] = [];
  let command: { path: string; words: string[] } | undefined;
  for (const file of group.files) {
    Object.assign(env, file.environment);
    if (kind === "etcd")
      envLayers.push({
        path: file.source.path,
        origin: "systemd",
        flags: etcdFlagsFromEnv(file.environment),
      });
    if (file.command) command = { path: file.source.path, words: file.command };
  }
  // Variables from EnvironmentFile= override Environment= ones (systemd.exec(5)).
  for (const file of group.files) {
    for (const ref of file.environmentFiles) {
      const envFile = sources.named(ref, file.source.path, "env-file");
      if (!envFile) continue;
      Object.assign(env, envFile.environment);
      envLayers.push({
        path: envFile.source.path,
        origin: "env-file",
        flags: kind === "etcd" ? etcdFlagsFromEnv(envFile.environment) : {},
      });
    }
  }
  const run = command ? unitFlags(command.words, env) : undefined;
  const layers: FlagLayer[] = [
    ...envLayers,
    { path: command?.path ?? main, origin: "systemd", flags: run?.flags ?? {} },
  ];
  const effective = kind === "etcd" ? withEtcdConfigFile(layers, command?.path ?? main, sources) : layers;
  const all = config(kind, "systemd", effective, { source: main });
  const files = [
    ...group.files.map((f) => f.source.path),
    ...envLayers.map((l) => l.path),
    ...(all.sources ?? []),
  ];
  all.sources = [...new Set(files)];
  return run && run.unresolved.length > 0 ? { ...all, unresolvedVariables: run.unresolved } : all;
}

/** Declared configurations of one kind from manifests, units, environment and etcd config files. */
function declaredConfigs(kind: ComponentKind, inventory: Inventory, sources: Sources): ComponentConfig[] {
  const configs: ComponentConfig[] = [];
  for (const manifest of inventory.manifests.filter((m) => componentKindOf(m.component) === kind)) {
    const path = manifest.source.path;
    const layers: FlagLayer[] = withConfigFile(
      [{ path, origin: "manifest", flags: manifest.flags }],
      manifest,
      sources,
    );
    const effective = kind === "etcd" ? withEtcdConfigFile(layers, path, sources) : layers;
    configs.push(config(kind, "manifest", effective, { manifest, source: path }));
  }
  const records = inventory.componentFlags ?? [];
  for (const group of groupUnits(records)) {
    const component = group.files.map((f) => f.component).find((c) => c !== undefined);
    if (component && componentKindOf(component) === kind) configs.push(fromUnit(kind, group, sources));
  }
  for (const record of records) {
    if (record.origin !== "args-file" || !record.component || componentKindOf(record.component) !== kind)
      continue;
    const path = record.source.path;
    configs.push(
      config(kind, "args-file", [{ path, origin: "args-file", flags: record.flags }], { source: path }),
    );
  }
  if (kind !== "etcd") return configs;
  for (const origin of ["env-file", "etcd-config"] as const) {
    for (const record of records) {
      if (record.origin !== origin || record.component !== "etcd" || sources.used.has(record)) continue;
      sources.used.add(record);
      const path = record.source.path;
      const layers: FlagLayer[] = [{ path, origin, flags: record.flags }];
      configs.push(
        config(kind, origin, origin === "env-file" ? withEtcdConfigFile(layers, path, sources) : layers),
      );
    }
  }
  return configs;
}

/** The node folder of a k3s/RKE2 config: what precedes `etc/rancher/` (or `rancher/`). */
function rancherRoot(path: string): string {
  return /^(.*?)(?:^|\/)(?:etc\/)?rancher\//.exec(path)?.[1] ?? "";
}

function underRoot(cfg: ComponentConfig, root: string): boolean {
  return root === "" || (cfg.sources ?? []).some((path) => path.startsWith(`${root}/`));
}

/**
 * k3s/RKE2 `*-arg` options, lowest precedence (RKE2 already writes them into the static pods it
 * generates; k3s runs the components in-process, so they are all there is beside the defaults).
 */
function withK3sArgs(
  kind: ComponentKind,
  configs: ComponentConfig[],
  k3s: readonly K3sConfigRecord[],
  inventory: Inventory,
  layout?: LayoutName,
): ComponentConfig[] {
  const byRoot = new Map<string, K3sConfigRecord[]>();
  for (const record of [...k3s].sort((a, b) => a.source.path.localeCompare(b.source.path))) {
    if (!record.args[kind]) continue;
    const root = rancherRoot(record.source.path);
    byRoot.set(root, [...(byRoot.get(root) ?? []), record]);
  }
  const out = [...configs];
  for (const [root, records] of byRoot) {
    const argLayers: FlagLayer[] = records.map((r) => ({
      path: r.source.path,
      origin: "k3s-config",
      flags: r.args[kind] ?? {},
    }));
    const targets = out.filter((cfg) => underRoot(cfg, root));
    if (targets.length === 0) {
      const defaults: FlagLayer = {
        path: "(layout defaults)",
        origin: "convention",
        flags: defaultFlags(kind, layout, inventory),
      };
      out.push(config(kind, "convention", [defaults, ...argLayers]));
      continue;
    }
    for (const target of targets) {
      const own: FlagLayer[] = Object.entries(target.flags).map(([name, values]) => ({
        path: target.flagSources?.[name]?.path ?? target.source ?? "",
        origin: target.flagSources?.[name]?.origin ?? target.origin,
        flags: { [name]: values },
      }));
      const merged = config(kind, target.origin, [...argLayers, ...own], {
        ...target,
        sources: undefined,
        flags: {} as FlagMap,
      });
      merged.sources = [...(target.sources ?? []), ...records.map((r) => r.source.path)];
      out[out.indexOf(target)] = merged;
    }
  }
  return out;
}

/**
 * Every configuration of one component kind, one per running instance the drop shows (two nodes'
 * folders each holding an apiserver unit give two), manifests first. Empty when nothing was dropped.
 */
export function componentConfigs(
  kind: ComponentKind,
  inventory: Inventory,
  layout?: LayoutName,
): ComponentConfig[] {
  const sources = new Sources(inventory);
  return withK3sArgs(
    kind,
    declaredConfigs(kind, inventory, sources),
    inventory.k3sConfigs ?? [],
    inventory,
    layout,
  );
}

/** The conventional flags of a component in a layout: k3s's, RKE2's, RKE1's, MicroK8s's and k0s's own, else kubeadm's. */
export function defaultFlags(
  kind: ComponentKind,
  layout: LayoutName | undefined,
  inventory: Inventory,
): FlagMap {
  if (layout === "k3s" || layout === "rke2") return k3sDefaultFlags(`/var/lib/rancher/${layout}`)[kind] ?? {};
  if (layout === "rke1") return rke1DefaultFlags(inventory)[kind] ?? {};
  if (layout === "microk8s") return MICROK8S_DEFAULT_FLAGS[kind] ?? {};
  if (layout === "k0s") return K0S_DEFAULT_FLAGS[kind] ?? {};
  // OpenShift states every flag in its static pods and their config files: nothing stands in.
  if (layout === "openshift") return {};
  return KUBEADM_DEFAULT_FLAGS[kind] ?? {};
}

/**
 * The config of one control-plane component kind: the first dropped configuration, or the layout's
 * conventional flags (kubeadm's unless the layout is k3s or RKE2).
 */
export function componentConfig(
  kind: ComponentKind,
  inventory: Inventory,
  layout?: LayoutName,
): ComponentConfig {
  const first = componentConfigs(kind, inventory, layout)[0];
  if (first) return first;
  return { kind, origin: "convention", flags: defaultFlags(kind, layout, inventory) };
}
