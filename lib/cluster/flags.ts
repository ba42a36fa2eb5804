/**
 * Reading component flags the way the components do: the last occurrence wins, comma lists split,
 * bare boolean flags are "true".
 */
import type { FlagMap } from "../inventory";
import type { ConfigOrigin } from "./model";

/** The effective value of a flag (last occurrence), or undefined when unset. */
export function flagValue(flags: FlagMap, name: string): string | undefined {
  const values = flags[name];
  return values && values.length > 0 ? values[values.length - 1] : undefined;
}

/** Every value of a repeatable flag, comma lists split (`--service-account-key-file` may repeat). */
export function flagValues(flags: FlagMap, name: string): string[] {
  return (flags[name] ?? [])
    .flatMap((value) => value.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A comma-separated list flag (`--authorization-mode=Node,RBAC`), or undefined when unset. */
export function flagList(flags: FlagMap, name: string): string[] | undefined {
  const value = flagValue(flags, name);
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
}

/** Hosts of URL flags (`--etcd-servers=https://127.0.0.1:2379`), brackets of IPv6 removed. */
export function urlHosts(values: string[]): string[] {
  const hosts: string[] = [];
  for (const value of values) {
    const match = value.match(/^[a-z]+:\/\/(\[[^\]]+\]|[^/:]+)/i);
    const host = match?.[1]?.replace(/^\[|\]$/g, "");
    if (host) hosts.push(host);
  }
  return hosts;
}

/** One file's flags, with where they came from. */
export interface FlagLayer {
  path: string;
  origin: ConfigOrigin;
  flags: FlagMap;
}

/**
 * Flags of several files merged, later layers taking precedence flag by flag (a unit's command line
 * over its environment file, a drop-in over the unit), with the file each flag's value came from.
 */
export function layerFlags(layers: readonly FlagLayer[]): {
  flags: FlagMap;
  flagSources: Record<string, { path: string; origin: ConfigOrigin }>;
} {
  const flags: FlagMap = {};
  const flagSources: Record<string, { path: string; origin: ConfigOrigin }> = {};
  for (const layer of layers) {
    for (const [name, values] of Object.entries(layer.flags)) {
      flags[name] = [...values];
      flagSources[name] = { path: layer.path, origin: layer.origin };
    }
  }
  return { flags, flagSources };
}
