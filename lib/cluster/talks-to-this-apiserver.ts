/**
 * Which kubeconfigs are clients of the kube-apiserver in the input. A person's ~/.kube/config often
 * holds another cluster (an EKS or GKE context, say): its CA and server name say nothing about this
 * apiserver's certificate, and judging one against the other would report a false CA mismatch and a
 * false missing SAN.
 */
import type { CertificateRecord, KubeconfigRecord } from "../inventory";
import { coversHost } from "../pki/covers-host";
import type { CredentialResolver } from "./credentials";
import { urlHosts } from "./flags";
import type { KubeconfigRole } from "./kubeconfig-roles";

export interface ApiserverIdentity {
  /** The apiserver's serving certificate, when it is in the input. */
  serving?: CertificateRecord;
  /** --advertise-address. */
  advertiseAddress?: string;
}

function isDroppedFile(cert: CertificateRecord): boolean {
  return cert.sources.some((s) => s.locator === undefined || /^block \d+$/.test(s.locator));
}

/**
 * Whether a kubeconfig talks to this apiserver. Kubeconfigs with a component role (kubeadm's file
 * names, declared `--kubeconfig` flags, a component's client identity) are this cluster's by
 * definition, so their faults are reported. A plain user kubeconfig counts when its server host is
 * one the serving certificate names or the advertise address, or when its CA is this cluster's (the
 * serving certificate's authority key id, or a CA file dropped beside it); only a kubeconfig whose
 * server and CA are both foreign is left out. Without a serving certificate nothing can be compared,
 * so every kubeconfig counts.
 */
export function talksToThisApiserver(
  kc: KubeconfigRecord,
  role: KubeconfigRole,
  resolver: CredentialResolver,
  apiserver: ApiserverIdentity,
): boolean {
  const serving = apiserver.serving;
  if (role !== "user" || !serving) return true;
  const cluster = resolver.currentCluster(kc);
  const host = cluster?.server ? urlHosts([cluster.server])[0] : undefined;
  if (host && (host === apiserver.advertiseAddress || coversHost(serving, host))) return true;
  const cas = (cluster?.caCertificateIds ?? [])
    .map((id) => resolver.cert(id))
    .filter((c): c is CertificateRecord => !!c);
  return cas.some(
    (ca) =>
      (ca.subjectKeyId !== undefined && ca.subjectKeyId === serving.authorityKeyId) || isDroppedFile(ca),
  );
}
