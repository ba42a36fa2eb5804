/**
 * A systemd service is its unit file plus every drop-in of its `<name>.service.d/` folders, and
 * systemd merges them before running it (systemd.unit(5)): later drop-ins (by file name) override
 * earlier settings, an empty `ExecStart=` resets the command. Files of one service are grouped by
 * unit name within one node's folder, so two nodes' `kube-apiserver.service` stay two services.
 */
import type { ComponentFlagsRecord } from "../inventory";
import { basename, dirname } from "../ingest/resolve-path";

/** The files of one systemd service in the order systemd applies them. */
export interface UnitGroup {
  unit?: string;
  files: ComponentFlagsRecord[];
}

const SYSTEMD_DIR = /^(.*?)(?:^|\/)(?:etc|usr\/lib|usr\/local\/lib|lib|run)\/systemd\/system\//;

/** The node folder a unit file or drop-in belongs to: what precedes its systemd directory. */
function nodeRoot(path: string): string {
  const match = SYSTEMD_DIR.exec(path);
  if (match) return match[1] ?? "";
  const dir = dirname(path);
  return dir.endsWith(".service.d") ? dirname(dir) : dir;
}

/** Unit file first, then drop-ins by file name (systemd's order across its directories). */
function applyOrder(a: ComponentFlagsRecord, b: ComponentFlagsRecord): number {
  const aMain = a.source.path.endsWith(".service") ? 0 : 1;
  const bMain = b.source.path.endsWith(".service") ? 0 : 1;
  if (aMain !== bMain) return aMain - bMain;
  const byName = basename(a.source.path).localeCompare(basename(b.source.path));
  return byName !== 0 ? byName : a.source.path.localeCompare(b.source.path);
}

/** Group the systemd records into services, in the order their first file was read. */
export function groupUnits(records: readonly ComponentFlagsRecord[]): UnitGroup[] {
  const groups = new Map<string, UnitGroup>();
  for (const record of records) {
    if (record.origin !== "systemd") continue;
    const key = record.unit ? `${nodeRoot(record.source.path)}\u0000${record.unit}` : record.source.path;
    const group = groups.get(key);
    if (group) group.files.push(record);
    else groups.set(key, { ...(record.unit ? { unit: record.unit } : {}), files: [record] });
  }
  for (const group of groups.values()) group.files.sort(applyOrder);
  return [...groups.values()];
}
