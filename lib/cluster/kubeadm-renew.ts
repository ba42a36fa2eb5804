/**
 * Which certificates `kubeadm certs renew` knows by name: the kubeconfigs and the leaf certificates
 * kubeadm itself issued under /etc/kubernetes (its CAs and the kubelet's own are renewed otherwise).
 * Shared by the findings that name a fix and by the renewal plan.
 */

/** The kubeadm renewal command for a certificate path, when it is one kubeadm manages. */
export function renewCommand(path: string): string | undefined {
  const kubeconfig = path.match(/(?:^|\/)(admin|super-admin|controller-manager|scheduler)\.conf(?:#|$)/);
  if (kubeconfig) return `kubeadm certs renew ${kubeconfig[1]}.conf`;
  const name = path.match(/(?:^|\/)pki\/(etcd\/)?([a-z-]+)\.crt$/);
  if (!name?.[2]) return undefined;
  const base = name[1] ? `etcd-${name[2]}` : name[2];
  const known = [
    "apiserver",
    "apiserver-kubelet-client",
    "apiserver-etcd-client",
    "front-proxy-client",
    "etcd-server",
    "etcd-peer",
    "etcd-healthcheck-client",
  ];
  return known.includes(base) ? `kubeadm certs renew ${base}` : undefined;
}
