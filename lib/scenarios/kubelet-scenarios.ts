/**
 * Scenarios about a kubelet's identity towards the apiserver: the group that makes it a node, the
 * authorizer that scopes nodes, the bootstrap token left behind and a client certificate that expired
 * because rotation was off.
 */
import { addBootstrapKubeconfig } from "../generate/faults";
import { certSpec, fileSpec, manifestSpec, type NodeModel } from "../generate/node-model";
import { CP, CP_APISERVER_MANIFEST, WORKER, WORKER_KUBELET, WORKER_KUBELET_CLIENT } from "./demo-paths";
import type { Scenario } from "./scenario";

const WORKER_KUBELET_KEY = "kubelet-client:worker-1";

export const kubeletNoSystemNodes: Scenario = {
  id: "kubelet-no-system-nodes",
  title: "worker-1's kubelet is not in the system:nodes group",
  teaches:
    "The Node authorizer treats a client as a node only with CN=system:node:<name> and O=system:nodes. worker-1's client " +
    "certificate has the name but not the group, so the apiserver authorizes it as nobody in particular.",
  relationship: "kubelet-client",
  relationshipKey: WORKER_KUBELET_KEY,
  expect: [{ code: "IDENTITY_MISMATCH", severity: "error", file: WORKER_KUBELET_CLIENT }],
  userSees:
    'nodes is forbidden: User "system:node:worker-1" cannot create resource "nodes" in API group "" at the cluster scope',
  where: 'worker-1\'s kubelet journal (journalctl -u kubelet): "Unable to register node with API server".',
  fix: "Have worker-1's kubelet request a new client certificate with O=system:nodes: remove kubelet-client-current.pem and join again, or renew it from the cluster CA with the group.",
  lab: [
    {
      kind: "show",
      source: { file: WORKER_KUBELET_CLIENT },
      fields: ["subject", "issuer", "dates"],
      why: "Who does worker-1's kubelet say it is to the apiserver?",
      reveals: "CN = system:node:worker-1 with no O = system:nodes",
    },
    {
      kind: "show",
      source: { file: `${CP}/var/lib/kubelet/pki/kubelet-client-current.pem` },
      fields: ["subject"],
      why: "control-1's kubelet, to compare.",
    },
    {
      kind: "verify",
      ca: { file: `${CP}/etc/kubernetes/pki/ca.crt` },
      cert: { file: WORKER_KUBELET_CLIENT },
      broken: "ok",
      why: "Does the cluster CA (the apiserver's --client-ca-file) verify worker-1's certificate?",
      reveals: "it does: the chain is right, the identity is not",
    },
  ],
  mutate: (model) => {
    delete certSpec(model, "worker-1-kubelet-client").subject.o;
  },
};

export const nodeAuthorizer: Scenario = {
  id: "node-authorizer",
  title: "kube-apiserver runs without the Node authorizer",
  teaches:
    "--authorization-mode=RBAC leaves out Node. kubeadm binds no RBAC role to system:nodes, so without the Node authorizer " +
    "every kubelet is refused even the read of its own Node object.",
  relationship: "kubelet-client",
  expect: [{ code: "NODE_AUTHORIZER_DISABLED", severity: "error", file: CP_APISERVER_MANIFEST }],
  userSees:
    'nodes "worker-1" is forbidden: User "system:node:worker-1" cannot list resource "nodes" in API group "" at the cluster scope',
  where: 'the kubelet journal on each node ("failed to list *v1.Node"); the nodes turn NotReady.',
  fix: "Set --authorization-mode=Node,RBAC in control-1's kube-apiserver.yaml; the kubelet restarts the static pod.",
  lab: [
    {
      kind: "grep",
      file: CP_APISERVER_MANIFEST,
      pattern: "--authorization-mode",
      why: "Which authorizers does kube-apiserver run?",
      reveals: "RBAC alone, without Node",
    },
    {
      kind: "show",
      source: { file: WORKER_KUBELET_CLIENT },
      fields: ["subject"],
      why: "Who is worker-1's kubelet to the apiserver?",
      reveals: "a right node identity: O = system:nodes, CN = system:node:worker-1",
    },
    {
      kind: "verify",
      ca: { file: `${CP}/etc/kubernetes/pki/ca.crt` },
      cert: { file: WORKER_KUBELET_CLIENT },
      broken: "ok",
      why: "Does the cluster CA (the apiserver's --client-ca-file) verify it?",
    },
  ],
  mutate: (model) => {
    manifestSpec(model, CP_APISERVER_MANIFEST).flags["authorization-mode"] = "RBAC";
  },
};

export const bootstrapTokenLeft: Scenario = {
  id: "bootstrap-token-left",
  title: "A bootstrap token is still on worker-1's disk",
  teaches:
    "kubeadm join leaves the token in bootstrap-kubelet.conf only until the kubelet has its client certificate. Left on disk, " +
    "it lets anyone who can read the file act as a node bootstrapper and get node certificates while the token is valid.",
  relationship: "kubelet-bootstrap",
  expect: [
    {
      code: "BOOTSTRAP_TOKEN_LEFT",
      severity: "warning",
      file: `${WORKER}/etc/kubernetes/bootstrap-kubelet.conf`,
    },
  ],
  userSees: [
    "ATTRIBUTE   VALUE",
    "Username    system:bootstrap:abcdef",
    "Groups      [system:bootstrappers system:bootstrappers:kubeadm:default-node-token system:authenticated]",
  ].join("\n"),
  where:
    "Nothing fails: this is what kubectl --kubeconfig /etc/kubernetes/bootstrap-kubelet.conf auth whoami prints on worker-1 while the token lives.",
  fix: "Delete worker-1's /etc/kubernetes/bootstrap-kubelet.conf and the token (kubeadm token delete abcdef).",
  lab: [
    {
      kind: "grep",
      file: `${WORKER}/etc/kubernetes/kubelet.conf`,
      pattern: "client-",
      why: "Which credential does worker-1's kubelet use today?",
      reveals: "its own client certificate, kubelet-client-current.pem",
    },
    {
      kind: "show",
      source: { file: WORKER_KUBELET_CLIENT },
      fields: ["subject", "dates"],
      why: "Is that certificate valid on the cluster's date?",
      reveals: "yes, so nothing else is needed to join",
    },
    {
      kind: "grep",
      file: `${WORKER}/etc/kubernetes/bootstrap-kubelet.conf`,
      pattern: "token:",
      why: "What else on worker-1's disk can authenticate to the apiserver?",
      reveals: "a bootstrap token, still in the file kubeadm join wrote",
    },
  ],
  mutate: (model) => addBootstrapKubeconfig(model, `${WORKER}/`),
};

/** Turns off client-certificate rotation in a kubelet's config.yaml (kubeadm writes it on). */
function disableRotation(model: NodeModel, path: string): void {
  const config = fileSpec(model, path);
  if (config.kind !== "text" || !config.text.includes("rotateCertificates: true\n"))
    throw new Error(`${path} does not turn rotation on`);
  config.text = config.text.replace("rotateCertificates: true\n", "rotateCertificates: false\n");
}

export const expiredKubeletClientNoRotation: Scenario = {
  id: "expired-kubelet-client-no-rotation",
  title: "worker-1's kubelet client certificate expired: rotation was off",
  teaches:
    "worker-1 runs with rotateCertificates: false, so its kubelet never asked for a new client certificate and the one it " +
    "has ended on 2026-05-01. With no bootstrap token left, the kubelet cannot authenticate and exits.",
  relationship: "kubelet-client",
  relationshipKey: WORKER_KUBELET_KEY,
  expect: [{ code: "CERT_EXPIRED", severity: "error", file: WORKER_KUBELET_CLIENT }],
  userSees: [
    "part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: 2026-05-01 00:00:00 +0000 UTC",
    "failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory",
  ].join("\n"),
  where: "worker-1's kubelet journal (journalctl -u kubelet), at every restart; worker-1 turns NotReady.",
  fix:
    "Set rotateCertificates: true in worker-1's /var/lib/kubelet/config.yaml and give the kubelet a new client certificate " +
    "(join again with a fresh token, or sign one from the cluster CA), then restart the kubelet.",
  lab: [
    {
      kind: "show",
      source: { file: WORKER_KUBELET_CLIENT },
      fields: ["subject", "dates"],
      why: "Until when is worker-1's kubelet client certificate valid?",
      reveals: "notAfter is May 1 2026, before the cluster's date",
    },
    {
      kind: "grep",
      file: `${WORKER_KUBELET}/config.yaml`,
      pattern: "rotateCertificates",
      why: "Does worker-1's kubelet renew that certificate by itself?",
      reveals: "rotateCertificates: false",
    },
    {
      kind: "verify",
      ca: { file: `${CP}/etc/kubernetes/pki/ca.crt` },
      cert: { file: WORKER_KUBELET_CLIENT },
      broken: "fails",
      why: "Does the cluster CA accept it on the cluster's date?",
      reveals: "certificate has expired",
    },
  ],
  mutate: (model) => {
    certSpec(model, "worker-1-kubelet-client").notAfter = "2026-05-01T00:00:00Z";
    disableRotation(model, `${WORKER_KUBELET}/config.yaml`);
  },
};
