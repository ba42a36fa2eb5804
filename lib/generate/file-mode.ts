/**
 * The permission bits kubeadm and the kubelet give their files: private keys, kubeconfigs and the
 * kubelet's `.pem` bundles (certificate and key in one) are 0600, everything else 0644. Whoever writes
 * generated files to a disk uses this, so a lab's folder looks like a node's.
 */

/** 0600 for `.key`, `.conf` and `.pem` files, 0644 for the rest. */
export function fileModeFor(path: string): number {
  return /\.(key|conf|pem)$/.test(path) ? 0o600 : 0o644;
}
