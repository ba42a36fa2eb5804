/**
 * Kubernetes version awareness. Identity rules changed across releases (kubeadm 1.29 moved admin.conf
 * from system:masters to kubeadm:cluster-admins; 1.37 moves apiserver-kubelet-client to
 * system:kubelet-api-admin — k8s-pki-spec §1.5), so checks ask these helpers instead of hard-coding.
 */

/** Minor version of `v1.31.4` / `1.20` → 31 / 20; undefined when it is not a 1.x version. */
export function minorOf(version: string | undefined): number | undefined {
  const match = version?.match(/^v?1\.(\d+)(?:\.\d+)?/);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Organisations kubeadm gives admin.conf (and super-admin.conf) at a version; both sets when unknown. */
export function adminGroupsFor(minor: number | undefined, superAdmin: boolean): string[] {
  if (superAdmin) return ["system:masters"];
  if (minor === undefined) return ["system:masters", "kubeadm:cluster-admins"];
  return minor <= 28 ? ["system:masters"] : ["kubeadm:cluster-admins"];
}

/** Organisations that authorise apiserver-kubelet-client on kubelets' nodes/proxy API at a version. */
export function kubeletApiGroupsFor(minor: number | undefined): string[] {
  if (minor === undefined) return ["system:masters", "kubeadm:cluster-admins", "system:kubelet-api-admin"];
  if (minor <= 28) return ["system:masters"];
  if (minor <= 36) return ["kubeadm:cluster-admins", "system:masters"];
  return ["system:kubelet-api-admin", "kubeadm:cluster-admins", "system:masters"];
}
