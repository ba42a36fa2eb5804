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

/**
 * How an installer other than kubeadm renews a leaf certificate of its own layout, as a whole
 * sentence: RKE1 re-issues from its cluster state (rancher/rke cmd/cert.go), MicroK8s re-issues
 * its server and front-proxy certificates in place (microk8s refresh-certs). Undefined elsewhere.
 */
export function layoutRenewal(layout: string | undefined, path: string): string | undefined {
  if (layout === "rke1" && /(^|\/)etc\/kubernetes\/ssl\/kube-[^/]*\.pem$/.test(path))
    return "On the machine that holds cluster.yml and cluster.rkestate, run `rke cert rotate --config cluster.yml` (`--service <component>` for one component only): RKE re-issues the certificates from its kube-ca, deploys them to every node and restarts the components.";
  const microk8s = /(?:^|\/)var\/snap\/microk8s\/[^/]+\/certs\/(server|front-proxy-client)\.crt$/.exec(path);
  if (layout === "microk8s" && microk8s)
    return `\`sudo microk8s refresh-certs --cert ${microk8s[1]}.crt\` on that node: MicroK8s re-issues it from its CA with the addresses the node has now and restarts the services.`;
  return undefined;
}
