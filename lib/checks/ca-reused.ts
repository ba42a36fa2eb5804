// Separate CAs: a cert from the front-proxy CA must not be a valid client cert, and any cert from the etcd CA has full etcd access (k8s-pki-spec §4.1 row 2, §5.4; compared by key, not name).
import type { CertificateRecord } from "../inventory";
import type { TrustBundle } from "../cluster/model";
import type { Finding, RelationshipId } from "../report";
import { certPaths } from "../engine/describe";
import type { CheckContext, Rule } from "../engine/rule";

function bundleOf(ctx: CheckContext, id: RelationshipId, side: "server" | "client"): TrustBundle | undefined {
  const wiring = ctx.model.wirings.find((p) => p.id === id);
  return side === "server" ? wiring?.serverVerifiers[0] : wiring?.clientVerifiers[0];
}

/**
 * The CA two bundles share, when it is proven that two roles use it: both bundles named by
 * configuration, or found in two different files. One `ca.crt` that both roles were merely guessed
 * to use (no etcd CA in the drop, so kubeadm's `etcd/ca.crt` fell back on it) proves nothing.
 */
function shared(
  a: TrustBundle | undefined,
  b: TrustBundle | undefined,
): [CertificateRecord, CertificateRecord] | undefined {
  if (!a || !b) return undefined;
  const declared = a.ref?.origin === "declared" && b.ref?.origin === "declared";
  if (!declared && a.source === b.source) return undefined;
  for (const x of a?.certs ?? []) {
    for (const y of b?.certs ?? []) if (x.publicKey.canonical === y.publicKey.canonical) return [x, y];
  }
  return undefined;
}

/** The shared CA is not either bundle's own first CA: a root both bundles carry (Vault-style chains). */
function inBundle(pair: [CertificateRecord, CertificateRecord], a: TrustBundle, b: TrustBundle): boolean {
  return a.certs[0]?.id !== pair[0].id || b.certs[0]?.id !== pair[1].id;
}

export const caReused: Rule = {
  codes: ["CA_REUSED"],
  scope: "relationship",
  run: (ctx) => {
    const findings: Finding[] = [];
    const clientCA =
      bundleOf(ctx, "controller-manager-client", "server") ?? bundleOf(ctx, "kubelet-client", "server");
    const frontProxy = bundleOf(ctx, "front-proxy-client", "server");
    const etcd = bundleOf(ctx, "apiserver-etcd-client", "server");
    const proxyPair = shared(frontProxy, clientCA);
    if (proxyPair && frontProxy && clientCA) {
      findings.push({
        code: "CA_REUSED",
        severity: "warning",
        title: inBundle(proxyPair, frontProxy, clientCA)
          ? `The front-proxy and cluster CA bundles both trust "${proxyPair[0].subjectCN ?? proxyPair[0].subject}"`
          : "The front-proxy CA is the cluster CA",
        detail: `--requestheader-client-ca-file (${frontProxy.source}) and --client-ca-file (${clientCA.source}) hold the same CA key ("${proxyPair[0].subject}"). Any client certificate of the cluster CA can then act as the authenticating proxy and claim any user in X-Remote-User, limited only by --requestheader-allowed-names; and normal clients may be rejected with "x509: subject with cn=… is not in the allowed list".`,
        relationship: "front-proxy-client",
        files: [...new Set([frontProxy.source, ...certPaths(proxyPair[0])])].slice(0, 3),
        certificateIds: [proxyPair[0].id],
        fix: "Create a separate front-proxy CA (`kubeadm init phase certs front-proxy-ca` after moving the old files away, then `kubeadm certs renew front-proxy-client`) and restart kube-apiserver.",
      });
    }
    const etcdPair = shared(etcd, clientCA);
    // Kubernetes the Hard Way issues everything from one CA on purpose: still worth knowing, not a fault.
    const byDesign = ctx.model.layout.name === "hard-way";
    if (etcdPair && etcd && clientCA) {
      findings.push({
        code: "CA_REUSED",
        severity: byDesign ? "info" : "warning",
        title: inBundle(etcdPair, etcd, clientCA)
          ? `The etcd and cluster CA bundles both trust "${etcdPair[0].subjectCN ?? etcdPair[0].subject}"`
          : "The etcd CA is the cluster CA",
        detail: `etcd --trusted-ca-file (${etcd.source}) and kube-apiserver --client-ca-file (${clientCA.source}) hold the same CA key ("${etcdPair[0].subject}"). etcd grants full access to any certificate its CA signed, so every kubeconfig and kubelet certificate of the cluster can read and write etcd directly, bypassing RBAC.${byDesign ? " Kubernetes the Hard Way sets up one CA for everything by design, so this is reported as information: a production cluster should not." : ""}`,
        relationship: "apiserver-etcd-client",
        files: [etcd.source],
        certificateIds: [etcdPair[0].id],
        fix: "Use a dedicated etcd CA (kubeadm: `kubeadm init phase certs etcd-ca`, then reissue the etcd server, peer, healthcheck and apiserver-etcd-client certificates).",
      });
    }
    return findings;
  },
};
