/**
 * One part of an inventory: the records whose files satisfy a predicate, as if only those files had
 * been dropped. Records are shared, not copied: a CA every control plane holds is the same record
 * (and the same id) in each part, so findings about it can be merged afterwards.
 */
import type { Inventory, SourceRef } from "../inventory";

/** The inventory of the files `keep` accepts. */
export function subsetInventory(inventory: Inventory, keep: (path: string) => boolean): Inventory {
  const bySource = <T extends { source: SourceRef }>(records: T[]) =>
    records.filter((r) => keep(r.source.path));
  const byPath = <T extends { path: string }>(records: T[]) => records.filter((r) => keep(r.path));
  const paths = inventory.paths.filter(keep);
  return {
    ...inventory,
    fileCount: paths.length,
    certificates: inventory.certificates.filter((cert) => cert.sources.some((s) => keep(s.path))),
    privateKeys: bySource(inventory.privateKeys),
    publicKeys: bySource(inventory.publicKeys),
    csrs: bySource(inventory.csrs),
    kubeconfigs: bySource(inventory.kubeconfigs),
    manifests: bySource(inventory.manifests),
    kubeletConfigs: bySource(inventory.kubeletConfigs),
    kubeadmFlags: bySource(inventory.kubeadmFlags),
    kubeadmConfigs: bySource(inventory.kubeadmConfigs),
    encryptionConfigs: bySource(inventory.encryptionConfigs),
    ...(inventory.kubeSecrets ? { kubeSecrets: bySource(inventory.kubeSecrets) } : {}),
    ...(inventory.bootstrapTokens ? { bootstrapTokens: bySource(inventory.bootstrapTokens) } : {}),
    ...(inventory.talosFiles ? { talosFiles: bySource(inventory.talosFiles) } : {}),
    ...(inventory.servingNames ? { servingNames: bySource(inventory.servingNames) } : {}),
    ...(inventory.servedChains ? { servedChains: bySource(inventory.servedChains) } : {}),
    ...(inventory.microk8sWorkers ? { microk8sWorkers: inventory.microk8sWorkers.filter(keep) } : {}),
    ...(inventory.configuredPairs
      ? { configuredPairs: inventory.configuredPairs.filter((p) => keep(p.certSource.split("#")[0] ?? "")) }
      : {}),
    problems: byPath(inventory.problems),
    skipped: byPath(inventory.skipped),
    unread: byPath(inventory.unread),
    paths,
    links: Object.fromEntries(Object.entries(inventory.links).filter(([path]) => keep(path))),
    standIns: byPath(inventory.standIns),
    ...(inventory.locked ? { locked: byPath(inventory.locked) } : {}),
  };
}
