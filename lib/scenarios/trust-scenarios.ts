/**
 * Scenarios where a certificate is issued or trusted by the wrong CA: etcd's client certificate from
 * the cluster CA, a kubeconfig carrying a stale CA, and the front-proxy CA that is the cluster CA.
 */
import { addStaleClusterCA, shareClusterCAWithFrontProxy } from "../generate/faults";
import { certSpec, kubeconfigSpec } from "../generate/node-model";
import { CP, CP_APISERVER_MANIFEST, CP_PKI } from "./demo-paths";
import type { Scenario } from "./scenario";

export const wrongCaEtcdClient: Scenario = {
  id: "wrong-ca-etcd-client",
  title: "etcd rejects the apiserver's client certificate",
  teaches:
    "etcd trusts only etcd-ca (--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt). apiserver-etcd-client.crt " +
    "was signed by the cluster CA instead, so etcd refuses the TLS handshake and the apiserver cannot reach its storage.",
  relationship: "apiserver-etcd-client",
  expect: [{ code: "CHAIN_UNTRUSTED", severity: "error", file: `${CP_PKI}/apiserver-etcd-client.crt` }],
  userSees: "tls: failed to verify client certificate: x509: certificate signed by unknown authority",
  where:
    'etcd\'s log on control-1 ("rejected connection" from 127.0.0.1); kube-apiserver then logs ' +
    '"transport: authentication handshake failed" for https://127.0.0.1:2379 and never becomes ready.',
  fix: "Issue apiserver-etcd-client.crt from etcd-ca again (kubeadm certs renew apiserver-etcd-client) and restart kube-apiserver.",
  lab: [
    {
      kind: "grep",
      file: `${CP}/etc/kubernetes/manifests/etcd.yaml`,
      pattern: "--trusted-ca-file",
      why: "Which CA does etcd trust for the certificates its clients present?",
      reveals: "etcd trusts /etc/kubernetes/pki/etcd/ca.crt, etcd-ca",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/apiserver-etcd-client.crt` },
      fields: ["subject", "issuer", "dates"],
      why: "Who issued the client certificate kube-apiserver presents to etcd?",
      reveals: "its issuer is CN = kubernetes, the cluster CA, not CN = etcd-ca",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/etcd/ca.crt` },
      cert: { file: `${CP_PKI}/apiserver-etcd-client.crt` },
      broken: "fails",
      why: "Does etcd's CA verify that client certificate?",
      reveals: "unable to get local issuer certificate",
    },
  ],
  mutate: (model) => {
    certSpec(model, "apiserver-etcd-client").issuer = "ca";
  },
};

export const staleKubeconfigCa: Scenario = {
  id: "stale-kubeconfig-ca",
  title: "kubectl does not trust the apiserver: admin.conf carries a stale CA",
  teaches:
    "admin.conf's certificate-authority-data is another CA that is also called kubernetes, with a different key — " +
    "what a kubeconfig keeps after a kubeadm reset and re-init. The name matches, the signature does not, so kubectl rejects the apiserver.",
  relationship: "apiserver-serving",
  expect: [{ code: "KUBECONFIG_CA_MISMATCH", severity: "error", file: `${CP}/etc/kubernetes/admin.conf` }],
  // The stale CA's key is ECDSA P-256 (a new key is never RSA here), so Go names the key type it met.
  userSees:
    "Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority " +
    '(possibly because of "x509: signature algorithm specifies an RSA public key, but have public key of type *ecdsa.PublicKey" ' +
    'while trying to verify candidate authority certificate "kubernetes")',
  where: "kubectl --kubeconfig /etc/kubernetes/admin.conf, on every command.",
  fix: "Put the current ca.crt into admin.conf's certificate-authority-data (or copy admin.conf again from a node whose CA is current).",
  lab: [
    {
      kind: "show",
      source: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "ca" },
      fields: ["subject", "fingerprint"],
      why: "Which CA does admin.conf trust for the apiserver (its certificate-authority-data)?",
      reveals: "a CA called kubernetes, with another fingerprint than ca.crt's",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/ca.crt` },
      fields: ["subject", "fingerprint"],
      why: "The cluster CA on control-1, to compare its name and fingerprint with.",
    },
    {
      kind: "verify",
      ca: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "ca" },
      cert: { file: `${CP_PKI}/apiserver.crt` },
      broken: "fails",
      why: "Does the CA admin.conf trusts verify the certificate the apiserver serves?",
      reveals: "the same name with another key: unable to get local issuer certificate",
    },
  ],
  mutate: (model) => {
    kubeconfigSpec(model, `${CP}/etc/kubernetes/admin.conf`).caCert = addStaleClusterCA(model, {
      algorithm: "ECDSA-P256",
    });
  },
};

export const frontProxySharesClusterCa: Scenario = {
  id: "front-proxy-shares-cluster-ca",
  title: "The front-proxy CA is the cluster CA",
  teaches:
    "front-proxy-ca.crt/.key are copies of ca.crt/.key, so --requestheader-client-ca-file trusts every certificate the cluster " +
    "CA signs, the CSR API's included: whoever gets one named front-proxy-client can claim any user in X-Remote-User headers.",
  relationship: "front-proxy-client",
  expect: [{ code: "CA_REUSED", severity: "warning", file: `${CP_PKI}/front-proxy-ca.crt` }],
  userSees: "x509: subject with cn=system:kube-scheduler is not in the allowed list: [front-proxy-client]",
  where:
    "Older kube-apiservers logged it for every client certificate of the shared CA (platform9/cctl#100); today's fall " +
    "through to --client-ca-file, so nothing fails and the risk stays hidden.",
  fix:
    "Move front-proxy-ca.* and front-proxy-client.* away, create them anew (kubeadm init phase certs front-proxy-ca, then " +
    "front-proxy-client) and restart kube-apiserver.",
  lab: [
    {
      kind: "grep",
      file: CP_APISERVER_MANIFEST,
      pattern: "client-ca-file",
      why: "Which CA does kube-apiserver trust for client certificates, and which for the front proxy's?",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/front-proxy-ca.crt` },
      fields: ["subject", "fingerprint"],
      why: "The front-proxy CA: its name and fingerprint.",
      reveals: "CN = kubernetes, with ca.crt's fingerprint",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/ca.crt` },
      fields: ["subject", "fingerprint"],
      why: "The cluster CA: its name and fingerprint, to compare.",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/front-proxy-ca.crt` },
      cert: { file: `${CP_PKI}/apiserver-kubelet-client.crt` },
      broken: "ok",
      healthy: "fails",
      why: "Would the front-proxy CA accept a client certificate the cluster CA signed for another purpose?",
      reveals: "it does: any certificate of the cluster CA passes as the front proxy's",
    },
  ],
  mutate: (model) => shareClusterCAWithFrontProxy(model, `${CP}/`),
};
