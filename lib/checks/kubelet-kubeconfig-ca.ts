// A kubelet's serving certificate rotated through the CSR API (kubelet-server-<date>.pem, signer kubernetes.io/kubelet-serving) is signed by the cluster CA under kubeadm and EKS — the CA kube-apiserver's own certificate chains to and that the kubelet's kubeconfig must hold (k8s-pki-spec §3, §7 row 1). A kubeconfig CA that did not sign it is stale: the kubelet cannot verify kube-apiserver.
import { kubeconfigPathOf } from "../inventory";
import { KUBELET_DATED_FILE } from "../ingest/kubelet-stand-ins";
import { basename } from "../ingest/resolve-path";
import type { RelationshipWiring } from "../cluster/model";
import type { Finding } from "../report";
import { certLabel, wiringRef } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { modelEvidence } from "../cluster/provenance";

/** The serving certificate the kubelet rotates through the CSR API, dated or through its link. */
function isCsrServing(path: string): boolean {
  const name = basename(path);
  return name === "kubelet-server-current.pem" || KUBELET_DATED_FILE.exec(name)?.[1] === "server";
}
/** Layouts whose kubelet-serving signer is the cluster CA. */
const CLUSTER_CA_SIGNS = new Set(["kubeadm", "kind", "kubespray", "minikube", "eks"]);

export const kubeletKubeconfigCa: Rule = {
  codes: ["KUBECONFIG_CA_MISMATCH"],
  scope: "relationship",
  run: (ctx) => {
    if (!CLUSTER_CA_SIGNS.has(ctx.model.layout.name)) return [];
    const findings: Finding[] = [];
    const evidence = modelEvidence(ctx.model);
    const clientWirings = new Map<string, RelationshipWiring>();
    for (const wiring of ctx.model.wirings)
      if (wiring.id === "kubelet-client" && !clientWirings.has(wiring.client))
        clientWirings.set(wiring.client, wiring);
    for (const kubelet of ctx.model.kubelets) {
      const serving = kubelet.serving?.cert;
      if (!serving || serving.selfIssued || !serving.sources.some((s) => isCsrServing(s.path))) continue;
      const wiring = clientWirings.get(kubelet.id);
      const bundle = wiring?.clientVerifiers[0];
      if (!wiring || !bundle?.fromKubeconfig || bundle.certs.length === 0) continue;
      const issuer = ctx.issuers.get(serving.id);
      if (issuer && bundle.certs.some((c) => c.id === issuer.id)) continue;
      const kubeconfig = kubeconfigPathOf(bundle.source);
      const ca = bundle.certs[0];
      findings.push({
        code: "KUBECONFIG_CA_MISMATCH",
        severity: "error",
        title: `${kubeconfig} holds a CA that did not sign this node's certificates`,
        detail:
          `${certLabel(serving)} was issued through the CSR API by the cluster CA ("${serving.issuer}"), but ${bundle.source} trusts "${ca?.subject ?? "?"}"${ca ? ` (serial ${ca.serial})` : ""}, which ${ca?.subject === serving.issuer ? "has the same name but another key — a CA from before a re-creation or rotation" : "is another CA"}. ` +
          `The kubelet checks kube-apiserver's certificate with that CA, so it fails with "x509: certificate signed by unknown authority" and the node goes NotReady.`,
        ...wiringRef(wiring),
        files: [...new Set([kubeconfig, ...(kubelet.kubeconfig ? [kubelet.kubeconfig.source.path] : [])])],
        certificateIds: [serving.id, ...(ca ? [ca.id] : [])],
        // The kubelet's own kubeconfig and serving file: the apiserver's configuration is not needed.
        evidence: [
          ...(kubelet.client ? evidence.credential(kubelet.id, kubelet.client) : []),
          evidence.bundle(kubelet.id, bundle),
          ...(kubelet.serving ? evidence.credential(kubelet.id, kubelet.serving) : []),
        ],
        fix: `Put the cluster's current CA in ${kubeconfig} (EKS: the cluster's certificateAuthority.data from \`aws eks describe-cluster\`, written to /etc/kubernetes/pki/ca.crt; kubeadm: /etc/kubernetes/pki/ca.crt from a control plane) and restart the kubelet.`,
      });
    }
    return findings;
  },
};
