// A CertificateSigningRequest of Kubernetes' own signers that was denied, or that its signer failed to sign (`status.conditions[]` of type Denied or Failed; certificates.k8s.io/v1, https://kubernetes.io/docs/reference/access-authn-authz/certificate-signing-requests/): such a request is never signed, whatever happens later.
//
// Information, quoting the condition's reason and message: a denial is often on purpose, but for a
// kubelet it explains why the node has no serving or client certificate, and a failure carries the
// signer's own words. A requester whose newer CSR was issued since is settled and not reported.
import type { Finding } from "../report";
import { formatDate, wiringRef } from "../engine/describe";
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

function finding(ctx: CheckContext, csr: ApiCsr): Finding {
  const type = csr.state === "denied" ? "Denied" : "Failed";
  const condition = csr.status.conditions.find((c) => c.type === type);
  const when = condition?.lastUpdateTime ?? condition?.lastTransitionTime;
  const why = [condition?.reason, condition?.message].filter((part) => part).join(": ");
  const names = requestedNames(csr);
  const wiring = kubeletWiring(ctx, csr);
  const kubelet =
    csr.status.signerName === KUBELET_SERVING_SIGNER || csr.status.signerName === KUBELET_CLIENT_SIGNER;
  const effect = kubelet
    ? csr.status.signerName === KUBELET_SERVING_SIGNER
      ? " The kubelet gets no serving certificate from it; it files a new CSR on its next attempt."
      : " The kubelet gets no client certificate from it; it files a new CSR on its next attempt."
    : "";
  return {
    code: "CSR_DENIED",
    severity: "info",
    title: `CSR ${csr.status.name}${csr.node !== undefined ? ` of ${csr.node}` : ""} ${csr.state === "denied" ? "was denied" : "failed"}`,
    detail:
      `${csrFile(csr)}: ${requester(csr)} asked ${csr.status.signerName} for "${csr.record.subject || "an unread subject"}"${names ? ` (${names})` : ""}, ${createdPhrase(csr, ctx.now)}; ` +
      `${csr.state === "denied" ? "it was denied" : "its signer failed it"}${when ? ` at ${formatDate(when)}` : ""}${why ? ` (${why})` : ""}. A ${csr.state} CSR is never signed.${effect}`,
    ...(wiring ? wiringRef(wiring) : {}),
    files: [csrFile(csr)],
    fix:
      csr.state === "denied"
        ? "Nothing to do if it was denied on purpose. If the requester still needs the certificate, it must file a new CSR; approve that one once its subject and names are right (`kubectl certificate approve <name>`)."
        : "Read the signer's reason above: kube-controller-manager fails CSRs it cannot sign (usages or a lifetime its signer does not allow, a CA it cannot load). Fix the cause, then have the requester file a new CSR.",
  };
}

export const csrDenied: Rule = {
  codes: ["CSR_DENIED"],
  scope: "relationship",
  run: (ctx) =>
    openGroups(apiCsrs(ctx)).flatMap((group) => {
      const [newest] = group;
      return newest && (newest.state === "denied" || newest.state === "failed") ? [finding(ctx, newest)] : [];
    }),
};
