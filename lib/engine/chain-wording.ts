/**
 * Wording shared by the chain rules: who verifies what with which bundle, and the fix for it.
 */
import type { Verification } from "./rule";

const SERVER_CA_FLAG: Record<string, string> = {
  "etcd-peer": "etcd --peer-trusted-ca-file",
  "apiserver-etcd-client": "etcd --trusted-ca-file",
  "etcd-healthcheck-client": "etcd --trusted-ca-file",
  "controller-manager-client": "kube-apiserver --client-ca-file",
  "scheduler-client": "kube-apiserver --client-ca-file",
  "kube-proxy-client": "kube-apiserver --client-ca-file",
  "kubelet-client": "kube-apiserver --client-ca-file",
  "admin-client": "kube-apiserver --client-ca-file",
  "apiserver-kubelet-client": "the kubelet's authentication.x509.clientCAFile",
  "front-proxy-client": "kube-apiserver --requestheader-client-ca-file",
};

const CLIENT_CA_FLAG: Record<string, string> = {
  "etcd-peer": "etcd --peer-trusted-ca-file",
  "etcd-serving": "kube-apiserver --etcd-cafile",
  "kubelet-serving": "kube-apiserver --kubelet-certificate-authority",
  "apiserver-serving": "the kubeconfig's certificate-authority",
  "kubelet-bootstrap": "the bootstrap kubeconfig's certificate-authority",
};

/** "etcd --trusted-ca-file (etc/kubernetes/pki/etcd/ca.crt)". */
export function verifierName(v: Verification): string {
  const table = v.verifier === "server" ? SERVER_CA_FLAG : CLIENT_CA_FLAG;
  return `${table[v.wiring.id] ?? "the verifier's CA bundle"} (${v.bundle.source})`;
}

/** How to make the verifier trust the presented certificate again. */
/**
 * On OpenShift the operators rotate the signers and sync every bundle themselves: a bundle without
 * the current signer is stale, and re-issuing the certificate would be the wrong fix. The kubelet's
 * `kubelet-ca.crt` is written by the machine-config daemon, the static pods' bundles by their operators.
 */
function openshiftStaleBundle(v: Verification): string {
  const bundle = v.bundle.source;
  const writer = /(^|\/)etc\/kubernetes\/kubelet-ca\.crt$/.test(bundle)
    ? "the machine-config daemon writes it from the openshift-config-managed/kube-apiserver-client-ca ConfigMap: check `oc get co machine-config` and this node's machine-config-daemon log, or copy that ConfigMap's ca-bundle.crt into /etc/kubernetes/kubelet-ca.crt"
    : "its operator syncs it from the cluster: check `oc get co kube-apiserver kube-controller-manager etcd` for a degraded operator and let it roll out a new revision";
  return `${bundle} is stale: it lacks the signer that issued ${v.credential.source}, which the operator rotated. Do not re-issue the certificate; ${writer}.`;
}

export function chainFix(v: Verification, layout?: string): string {
  const leaf = v.credential.cert;
  if (layout === "openshift" && leaf) return openshiftStaleBundle(v);
  const issuer = leaf?.issuerCN ? `"${leaf.issuerCN}"` : "its issuer";
  if (v.wiring.id === "kubelet-serving") {
    return "Either give the kubelet a serving certificate from that CA (set `serverTLSBootstrap: true` in the kubelet config and approve its CSRs), or remove --kubelet-certificate-authority from kube-apiserver.";
  }
  return `Reissue ${v.credential.source} from the CA that ${v.verifier === "server" ? "the server" : "the client"} trusts (${v.bundle.source}) — with kubeadm, \`kubeadm certs renew <name>\` signs with the CA in /etc/kubernetes/pki — or, if ${issuer} is the right CA, point ${verifierName(v)} at it.`;
}
