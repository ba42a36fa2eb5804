/**
 * A path a static pod's flag names is a path inside its container. Where the container mounts a
 * host folder elsewhere (OpenShift: `/etc/kubernetes/static-pod-certs` is the host's
 * `/etc/kubernetes/static-pod-resources/kube-apiserver-certs`), the file is the host's: the
 * longest mount the path lies under decides, as the container runtime does.
 */
import type { ManifestRecord } from "../inventory";

export function hostPathOf(declared: string, mounts: ManifestRecord["mounts"]): string {
  let best: { mountPath: string; hostPath: string } | undefined;
  for (const mount of mounts ?? []) {
    const base = mount.mountPath.replace(/\/+$/, "");
    if (declared !== base && !declared.startsWith(`${base}/`)) continue;
    if (!best || base.length > best.mountPath.replace(/\/+$/, "").length) best = mount;
  }
  if (!best) return declared;
  const base = best.mountPath.replace(/\/+$/, "");
  return `${best.hostPath.replace(/\/+$/, "")}${declared.slice(base.length)}`;
}

/**
 * The mounts through which a file of the node is seen by a static pod: those of the first manifest
 * that mounts a host folder holding `path` (a kubeconfig under OpenShift's
 * `static-pod-resources/kube-apiserver-certs` names its files as the kube-apiserver pod sees them).
 */
export function mountsHolding(
  path: string,
  manifests: readonly Pick<ManifestRecord, "mounts">[],
): ManifestRecord["mounts"] {
  const rooted = `/${path}`;
  return manifests.find((manifest) =>
    (manifest.mounts ?? []).some((mount) => rooted.includes(`${mount.hostPath.replace(/\/+$/, "")}/`)),
  )?.mounts;
}
