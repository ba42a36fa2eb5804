/**
 * Mid-rotation mistakes (kubernetes.io "Manual Rotation of CA Certificates", rotation/rotation-plan.ts):
 * a new "kubernetes" CA with its own key is on control-1, and one step was done before the one it
 * depends on. The new CA's key is ECDSA P-256, so the page never waits for an RSA key.
 */
import { caCert } from "../generate/healthy-node";
import { certSpec, type NodeModel } from "../generate/node-model";
import { CP, CP_PKI, WORKER } from "./demo-paths";
import type { Scenario } from "./scenario";

const NEW_CA = "ca-new";

/** The new cluster CA beside the old one, made two months before the demo's judge date. */
function addNewClusterCA(model: NodeModel): void {
  model.keys[NEW_CA] = { algorithm: "ECDSA-P256" };
  model.certs[NEW_CA] = { ...caCert("kubernetes", NEW_CA), notBefore: "2026-04-01T00:00:00Z" };
}

function bundle(model: NodeModel, path: string, certs: string[]): void {
  model.files[path] = { kind: "pem", blocks: certs.map((cert) => ({ type: "certificate" as const, cert })) };
}

/** Every kubeconfig of the demo whose cluster CA is the cluster CA. */
function kubeconfigs(
  model: NodeModel,
): { path: string; spec: Extract<NodeModel["files"][string], { kind: "kubeconfig" }> }[] {
  return Object.entries(model.files).flatMap(([path, spec]) =>
    spec.kind === "kubeconfig" ? [{ path, spec }] : [],
  );
}

export const rotationReissuedEarly: Scenario = {
  id: "rotation-reissued-early",
  title: "CA rotation: the apiserver serves a certificate of the new CA, but admin.conf was skipped",
  teaches:
    "Step 1 of a CA rotation puts the new CA next to the old one everywhere a client verifies the apiserver: every kubeconfig's " +
    "certificate-authority-data. Here ca.crt and every kubeconfig hold both — except admin.conf, which still carries only the " +
    "old CA — and apiserver.crt was already reissued from the new one (step 2), so kubectl refuses the apiserver.",
  relationship: "apiserver-serving",
  expect: [
    { code: "CA_ROTATION_OUT_OF_ORDER", severity: "error", file: `${CP_PKI}/apiserver.crt` },
    { code: "KUBECONFIG_CA_MISMATCH", severity: "error", file: `${CP}/etc/kubernetes/admin.conf` },
  ],
  userSees:
    "Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority " +
    '(possibly because of "x509: signature algorithm specifies an ECDSA public key, but have public key of type *rsa.PublicKey" ' +
    'while trying to verify candidate authority certificate "kubernetes")',
  where:
    "kubectl --kubeconfig /etc/kubernetes/admin.conf, on every command; every other client already trusts both CAs.",
  fix:
    "Add the new CA to admin.conf's certificate-authority-data (kubectl config set-cluster kubernetes --kubeconfig " +
    "/etc/kubernetes/admin.conf --certificate-authority /etc/kubernetes/pki/ca.crt --embed-certs), and to every copy of it.",
  lab: [
    {
      kind: "count",
      source: { file: `${CP_PKI}/ca.crt` },
      why: "How many CA certificates does control-1's ca.crt hold?",
      reveals: "2, the old cluster CA and the new one",
    },
    {
      kind: "count",
      source: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "ca" },
      why: "And admin.conf's certificate-authority-data?",
      reveals: "1, the old CA alone",
    },
    {
      kind: "count",
      source: { kubeconfig: `${CP}/etc/kubernetes/controller-manager.conf`, field: "ca" },
      why: "And another kubeconfig's, controller-manager.conf's?",
      reveals: "2, both CAs, as every kubeconfig but admin.conf",
    },
    {
      kind: "verify",
      ca: { kubeconfig: `${CP}/etc/kubernetes/admin.conf`, field: "ca" },
      cert: { file: `${CP_PKI}/apiserver.crt` },
      broken: "fails",
      why: "Does what admin.conf trusts verify the certificate the apiserver serves?",
      reveals: "unable to get local issuer certificate: apiserver.crt comes from the new CA",
    },
  ],
  mutate: (model) => {
    addNewClusterCA(model);
    bundle(model, `${CP_PKI}/ca.crt`, ["ca", NEW_CA]);
    for (const { path, spec } of kubeconfigs(model))
      if (path !== `${CP}/etc/kubernetes/admin.conf`) spec.kubeconfig.extraCaCerts = [NEW_CA];
    certSpec(model, "apiserver").issuer = NEW_CA;
  },
};

export const rotationOldCaRemovedEarly: Scenario = {
  id: "rotation-old-ca-removed-early",
  title: "CA rotation: the old CA left the apiserver before worker-1's kubelet moved to the new one",
  teaches:
    "The last step removes the old CA, once nothing presents a certificate of it. Here control-1 finished: its leaves come " +
    "from the new CA and ca.crt (the apiserver's --client-ca-file) holds the new CA alone. But worker-1's kubelet still " +
    "presents its client certificate of the old CA: it had not rotated yet, so the apiserver refuses it.",
  relationship: "kubelet-client",
  relationshipKey: "kubelet-client:worker-1",
  expect: [
    {
      code: "CA_ROTATION_OUT_OF_ORDER",
      severity: "error",
      file: `${WORKER}/var/lib/kubelet/pki/kubelet-client-current.pem`,
    },
    {
      code: "CHAIN_BAD_SIGNATURE",
      severity: "error",
      file: `${WORKER}/var/lib/kubelet/pki/kubelet-client-current.pem`,
    },
  ],
  userSees:
    'E1201 kube-apiserver: "Unable to authenticate the request" err="[x509: certificate signed by unknown authority ' +
    '(possibly because of \\"x509: signature algorithm specifies an RSA public key, but have public key of type *ecdsa.PublicKey\\" ' +
    'while trying to verify candidate authority certificate \\"kubernetes\\")]"',
  where:
    "kube-apiserver's log on control-1; worker-1's kubelet gets 401 Unauthorized and the node goes NotReady.",
  fix:
    "Put the old CA back next to the new one in control-1's ca.crt and restart kube-apiserver; remove it only after every " +
    "kubelet presents a client certificate of the new CA.",
  lab: [
    {
      kind: "count",
      source: { file: `${CP_PKI}/ca.crt` },
      why: "How many CA certificates does control-1's ca.crt, the apiserver's --client-ca-file, hold?",
      reveals: "1, the new CA alone",
    },
    {
      kind: "show",
      source: { file: `${WORKER}/var/lib/kubelet/pki/kubelet-client-current.pem` },
      fields: ["subject", "issuer", "aki"],
      why: "Which CA key issued worker-1's kubelet client certificate (its authority key identifier)?",
      reveals: "the old CA's key",
    },
    {
      kind: "show",
      source: { file: `${CP_PKI}/ca.crt` },
      fields: ["subject", "ski"],
      why: "Which key is control-1's CA (its subject key identifier)?",
      reveals: "another key, the new CA's",
    },
    {
      kind: "verify",
      ca: { file: `${CP_PKI}/ca.crt` },
      cert: { file: `${WORKER}/var/lib/kubelet/pki/kubelet-client-current.pem` },
      broken: "fails",
      why: "Does the apiserver's client CA verify worker-1's certificate?",
      reveals: "unable to get local issuer certificate",
    },
  ],
  mutate: (model) => {
    addNewClusterCA(model);
    for (const id of [
      "apiserver",
      "apiserver-kubelet-client",
      "admin",
      "super-admin",
      "controller-manager",
      "scheduler",
      "kubelet-client",
    ])
      if (model.certs[id]) certSpec(model, id).issuer = NEW_CA;
    bundle(model, `${CP_PKI}/ca.crt`, [NEW_CA]);
    // ca.key is the new CA's key (an EC key, so SEC1 as kubeadm writes one).
    model.files[`${CP_PKI}/ca.key`] = {
      kind: "pem",
      blocks: [{ type: "private-key", key: NEW_CA, encoding: "sec1" }],
    };
    for (const { path, spec } of kubeconfigs(model)) {
      spec.kubeconfig.caCert = NEW_CA;
      // worker-1 trusts both (step 1 done there); control-1's kubeconfigs already the new CA alone.
      if (path.startsWith(`${WORKER}/`)) spec.kubeconfig.extraCaCerts = ["ca"];
    }
  },
};
