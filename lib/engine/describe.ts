/**
 * Shared wording for findings: how a certificate, a date and a source are quoted, and which
 * relationship a certificate's finding belongs to. Findings explain in the user's own data.
 */
import { kubeconfigPathOf } from "../inventory";
import type { CertificateRecord } from "../inventory";
import { sourceName } from "../inventory";
import type { Credential, RelationshipWiring } from "../cluster/model";
import type { Finding } from "../report";
import { KUBELET_DATED_FILE } from "../ingest/kubelet-stand-ins";
import { basename } from "../ingest/resolve-path";
import type { CheckContext } from "./rule";

/** `etc/kubernetes/pki/apiserver.crt` — the first place a certificate was seen. */
export function certPath(cert: CertificateRecord): string {
  const first = cert.sources[0];
  return first ? sourceName(first) : cert.id;
}

/** Every place a certificate was seen. */
export function certPaths(cert: CertificateRecord): string[] {
  return [...new Set(cert.sources.map(sourceName))];
}

/**
 * Every place a certificate was seen, a file of its own first (`pki/ca.crt` before the kubeconfigs
 * that embed it), so the path people see first is the one they would open or replace.
 */
export function filesFirst(cert: CertificateRecord): string[] {
  const paths = certPaths(cert);
  return [...paths.filter((path) => !path.includes("#")), ...paths.filter((path) => path.includes("#"))];
}

/** `"CN=kube-apiserver" (etc/kubernetes/pki/apiserver.crt)`. */
export function certLabel(cert: CertificateRecord, path = certPath(cert)): string {
  return `"${cert.subject}" (${path})`;
}

/** `2027-01-01 00:00 UTC`. */
export function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The file a credential came from: the cert file, or the kubeconfig holding it. */
export function credentialFile(credential: Credential): string {
  return (
    credential.certRef?.path ??
    credential.kubeconfig?.source.path ??
    kubeconfigPathOf(credential.source) ??
    credential.source
  );
}

/** The relationship a certificate's finding belongs to: the first that is about that certificate. */
export function attribution(
  ctx: CheckContext,
  cert: CertificateRecord,
): Pick<Finding, "relationship" | "relationshipKey"> {
  const wiring = subjectWirings(ctx).get(cert.id) ?? ctx.usage.get(cert.id)?.[0];
  return wiring ? wiringRef(wiring) : {};
}

const subjectWiringIndex = new WeakMap<object, Map<string, RelationshipWiring>>();

/** The first wiring about each certificate, indexed once per model: findings look it up per certificate. */
export function subjectWirings(ctx: CheckContext): Map<string, RelationshipWiring> {
  let index = subjectWiringIndex.get(ctx.model);
  if (!index) {
    index = new Map();
    for (const wiring of ctx.model.wirings)
      for (const id of wiring.subjectCertIds) if (!index.has(id)) index.set(id, wiring);
    subjectWiringIndex.set(ctx.model, index);
  }
  return index;
}

/** `relationship` and `relationshipKey` of a wiring (the key only when it differs from the id). */
export function wiringRef(wiring: RelationshipWiring): Pick<Finding, "relationship" | "relationshipKey"> {
  return { relationship: wiring.id, relationshipKey: wiring.key };
}

const linkTargets = new WeakMap<object, Set<string>>();

/**
 * A kubelet certificate that rotation has replaced: it sits only in dated files
 * (`kubelet-client-2025-…pem`) that the `-current.pem` link no longer names. The kubelet keeps
 * them (client-go's certificate store never deletes one), so an expired one is an expected leftover.
 */
export function isSupersededRotation(ctx: CheckContext, cert: CertificateRecord): boolean {
  if (cert.sources.length === 0 || !cert.sources.every((s) => KUBELET_DATED_FILE.test(basename(s.path))))
    return false;
  let current = linkTargets.get(ctx.inventory);
  if (!current) {
    current = new Set(Object.values(ctx.inventory.links));
    linkTargets.set(ctx.inventory, current);
  }
  return cert.sources.every((s) => !current.has(s.path)) && !isUsed(ctx, cert);
}

/**
 * Whether the certificate was seen only in Kubernetes Secrets (a kubectl dump or a manifest): a
 * workload's certificate, renewed by whatever wrote the Secret, never a node's file.
 */
export function onlyInSecrets(cert: CertificateRecord): boolean {
  return cert.sources.length > 0 && cert.sources.every((source) => source.object?.kind === "Secret");
}

/** Whether any relationship uses the certificate. */
export function isUsed(ctx: CheckContext, cert: CertificateRecord): boolean {
  return (ctx.usage.get(cert.id)?.length ?? 0) > 0;
}

/** The certificates of the input that `ca` signed (by signature, not name), other than itself. */
export function issuedBy(ctx: CheckContext, ca: CertificateRecord): CertificateRecord[] {
  return ctx.inventory.certificates.filter(
    (cert) => cert.id !== ca.id && ctx.issuers.get(cert.id)?.id === ca.id,
  );
}

const signersByIssuers = new WeakMap<ReadonlyMap<string, CertificateRecord>, Set<string>>();

/** Ids of the certificates that signed another certificate of the input. */
function signers(ctx: CheckContext): Set<string> {
  const known = signersByIssuers.get(ctx.issuers);
  if (known) return known;
  const ids = new Set<string>();
  for (const [id, issuer] of ctx.issuers) if (issuer.id !== id) ids.add(issuer.id);
  signersByIssuers.set(ctx.issuers, ids);
  return ids;
}

/**
 * A CA:TRUE certificate that is a leaf in practice: issued by another CA of the input, it signed
 * nothing in the input and no configuration trusts it as a CA (OpenSSL 3's `openssl req -x509 -CA`
 * with the default `v3_ca` section writes such leaves). The expiry rules judge it as the leaf it is.
 */
export function isLeafInPractice(ctx: CheckContext, cert: CertificateRecord): boolean {
  if (!cert.isCA || cert.selfIssued || signers(ctx).has(cert.id)) return false;
  const issuer = ctx.issuers.get(cert.id);
  if (!issuer || issuer.id === cert.id) return false;
  return !ctx.model.wirings.some((w) =>
    [...w.clientVerifiers, ...w.serverVerifiers].some((b) => b.certs.some((c) => c.id === cert.id)),
  );
}
