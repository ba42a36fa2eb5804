// A CertificateSigningRequest neither approved nor denied, or approved and never signed: kube-controller-manager's csrapproving controller approves only kubelet client CSRs (kubernetes.io/kube-apiserver-client-kubelet, pkg/controller/certificates/approver/sarapprove.go), never kubelet-serving ones (k8s-pki-spec §5.3), and its csrsigning controller signs kubernetes.io/* signers only with --cluster-signing-cert-file/--cluster-signing-key-file.
//
// A pending kubelet-serving CSR is a warning: with serverTLSBootstrap the kubelet has no serving
// certificate until someone approves it, and kubectl logs, exec and port-forward to that node
// fail. Any other pending CSR of Kubernetes' own signers is information: a kubelet client CSR is
// approved automatically where the bootstrap bindings exist, so one left pending says they do not.
// Third-party signers (cert-manager, Istio, …) approve and sign their own and are not judged.
import type { Finding } from "../report";
import { wiringRef } from "../engine/describe";
import {
  apiCsrs,
  createdPhrase,
  csrFile,
  KUBELET_CLIENT_SIGNER,
  KUBELET_SERVING_SIGNER,
  kubeletWiring,
  openGroups,
  requestedNames,
  requester,
  type ApiCsr,
} from "../engine/csr-requests";
import type { CheckContext, Rule } from "../engine/rule";

/** What waiting costs, by signer. */
function consequence(csr: ApiCsr): string {
  switch (csr.status.signerName) {
    case KUBELET_SERVING_SIGNER:
      return "kube-controller-manager never approves kubelet-serving CSRs by itself, so with serverTLSBootstrap the kubelet has no serving certificate until someone does: kubectl logs, exec and port-forward to this node fail, and so does anything else that reaches the kubelet on port 10250 (metrics-server).";
    case KUBELET_CLIENT_SIGNER:
      return "kube-controller-manager approves kubelet client CSRs by itself when the requester may create certificatesigningrequests/nodeclient (a bootstrap token's group) or /selfnodeclient (system:nodes, renewing its own); kubeadm binds both. One left pending means that binding or the approver is missing, and the kubelet cannot join or renew its client certificate until it is approved.";
    default:
      return `Its requester gets no certificate from ${csr.status.signerName ?? "the signer"} until someone approves it.`;
  }
}

function pendingFix(csr: ApiCsr): string {
  const names = requestedNames(csr);
  const check =
    csr.node !== undefined
      ? `Check that it is the node's own request (subject ${csr.record.subject || "unread"}${names ? `, names ${names}` : ""}: they must be ${csr.node}'s hostnames and addresses)`
      : `Check who asked for what (subject ${csr.record.subject || "unread"}${names ? `, names ${names}` : ""})`;
  const approver =
    csr.status.signerName === KUBELET_SERVING_SIGNER
      ? " For the next ones, run an approver that checks the names a node asks for, or approve them as they come."
      : csr.status.signerName === KUBELET_CLIENT_SIGNER
        ? " Then restore the bindings kubeadm makes: `kubeadm init phase bootstrap-token` recreates kubeadm:node-autoapprove-bootstrap and kubeadm:node-autoapprove-certificate-rotation."
        : "";
  return `${check}, then \`kubectl certificate approve ${csr.status.name}\`.${approver}`;
}

function approvedFix(): string {
  return "kube-controller-manager signs kubernetes.io/* CSRs with `--cluster-signing-cert-file` and `--cluster-signing-key-file` (kubeadm: ca.crt and ca.key); check that both are set and readable and look for `csrsigning` errors in its log. In kubeadm's external-CA mode there is no ca.key: sign the request yourself and set `status.certificate`.";
}

function finding(ctx: CheckContext, group: ApiCsr[]): Finding | undefined {
  const [csr, ...older] = group;
  if (!csr || (csr.state !== "pending" && csr.state !== "approved")) return undefined;
  const serving = csr.status.signerName === KUBELET_SERVING_SIGNER;
  const kind = serving
    ? "Kubelet serving CSR"
    : csr.status.signerName === KUBELET_CLIENT_SIGNER
      ? "Kubelet client CSR"
      : "CSR";
  const whose = csr.node !== undefined ? ` of ${csr.node}` : "";
  const names = requestedNames(csr);
  const leftovers = older.filter((o) => o.state === "pending" || o.state === "approved");
  const wiring = kubeletWiring(ctx, csr);
  const asks = `${csrFile(csr)}: ${requester(csr)} asks ${csr.status.signerName} for "${csr.record.subject || "an unread subject"}"${names ? ` (${names})` : ""}, ${createdPhrase(csr, ctx.now)}`;
  const detail =
    csr.state === "pending"
      ? `${asks}, and nobody has approved or denied it. ${consequence(csr)}`
      : `${asks}; it was approved but no certificate was issued, so the signer is not signing. ${serving ? "Until it is, the kubelet has no serving certificate: kubectl logs, exec and port-forward to this node fail." : "Its requester waits until it is."}`;
  const older_ =
    leftovers.length > 0
      ? ` The kubelet files a new CSR every 15 minutes and waits only for the newest; ${leftovers.length} older one${leftovers.length === 1 ? "" : "s"} (${leftovers.map((o) => o.status.name).join(", ")}) can be left to expire.`
      : "";
  return {
    code: "CSR_PENDING",
    severity: serving ? "warning" : "info",
    title: `${kind} ${csr.status.name}${whose} is ${csr.state === "pending" ? "pending" : "approved but not issued"}`,
    detail: detail + (csr.node !== undefined ? older_ : ""),
    ...(wiring ? wiringRef(wiring) : {}),
    files: [csrFile(csr)],
    fix: csr.state === "pending" ? pendingFix(csr) : approvedFix(),
  };
}

export const csrPending: Rule = {
  codes: ["CSR_PENDING"],
  scope: "relationship",
  run: (ctx) => openGroups(apiCsrs(ctx)).flatMap((group) => finding(ctx, group) ?? []),
};
