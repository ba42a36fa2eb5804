/**
 * The control-plane components' configuration: from their static-pod manifests when dropped (the
 * truth), else kubeadm's conventional flags, so a bare `pki/` folder still maps onto the relationships.
 */
import type { Inventory } from "../ingest/types";
import type { ComponentKind } from "../report";
import { componentKindOf, KUBEADM_DEFAULT_FLAGS } from "./kubeadm-defaults";
import type { ComponentConfig } from "./model";

/** The config of one control-plane component kind: its manifest's flags, or kubeadm's defaults. */
export function componentConfig(kind: ComponentKind, inventory: Inventory): ComponentConfig {
  const manifest = inventory.manifests.find((m) => componentKindOf(m.component) === kind);
  if (manifest) {
    return { kind, origin: "manifest", manifest, source: manifest.source.path, flags: manifest.flags };
  }
  return { kind, origin: "convention", flags: KUBEADM_DEFAULT_FLAGS[kind] ?? {} };
}
