/**
 * What should have been replaced between two drops and was not:
 * - a certificate the kubelet rotates itself (its rotated pair, `kubelet-client-current.pem` or
 *   `kubelet-server-current.pem`), byte-identical in both drops although its rotation window — 70–90 %
 *   of the lifetime, k8s-pki-spec §3.1 — ended before the new drop was taken;
 * - any other certificate valid when the old drop was taken, expired by the new one and still the
 *   same bytes (a kubeadm leaf nobody renewed: `kubeadm certs renew`, k8s-pki-spec §1.4);
 * - a bundle that still trusts a CA the drops show replaced by another key of the same name, and
 *   not its successor.
 */
import type { ReportCertificate } from "../report";
import { type DiffSide, certificatesByBundle } from "./certificate-slots";
import type { CertificateChange, MissedRotation } from "./diff-types";

/** The missed rotations between the old and the new drop, given the paired certificate changes. */
export function missedRotations(
  old: DiffSide,
  next: DiffSide,
  changes: readonly CertificateChange[],
): MissedRotation[] {
  const oldNow = Date.parse(old.report.now);
  const newNow = Date.parse(next.report.now);
  const byId = new Map(next.report.certificates.map((cert) => [cert.id, cert]));
  const result: MissedRotation[] = [];
  // Nothing can have rotated between two drops taken at one instant (or in the wrong order).
  if (!(oldNow < newNow)) return result;
  for (const change of changes) {
    if (change.kind !== "unchanged" || !change.new) continue;
    const cert = byId.get(change.new.id);
    if (!cert) continue;
    const missed = missedFor(cert, change.paths, oldNow, newNow, old.report.now, next.report.now);
    if (missed) result.push(missed);
  }
  for (const missed of bundlesMissingNewCA(next, changes)) result.push(missed);
  return result;
}

function missedFor(
  cert: ReportCertificate,
  paths: string[],
  oldNow: number,
  newNow: number,
  oldInstant: string,
  newInstant: string,
): MissedRotation | undefined {
  const subject = cert.subject;
  const where = paths.join(", ");
  if (cert.rotation && Date.parse(cert.rotation.end) <= newNow)
    return {
      why: "kubelet-window-passed",
      paths,
      subject,
      certificateId: cert.id,
      sha256: cert.sha256,
      detail:
        `${where} (${subject}) is byte-identical in both drops, although the kubelet rotates it by ` +
        `${day(cert.rotation.end)} (90 % of its lifetime; it expires ${day(cert.notAfter)}) and the new drop ` +
        `was taken ${day(newInstant)}: that kubelet's client rotation is not working. Check rotateCertificates ` +
        "in its config.yaml, that kubelet-client-current.pem is a link the kubelet can replace, and that its " +
        "CSRs are approved (kubectl get csr)",
    };
  const notAfter = Date.parse(cert.notAfter);
  if (!cert.isCA && notAfter > oldNow && notAfter <= newNow)
    return {
      why: "expired-between",
      paths,
      subject,
      certificateId: cert.id,
      sha256: cert.sha256,
      detail:
        `${where} (${subject}) was valid when the old drop was taken (${day(oldInstant)}), expired on ` +
        `${day(cert.notAfter)} and was not replaced by ${day(newInstant)}: renew it (for a kubeadm ` +
        "certificate, kubeadm certs renew) and restart what uses it",
    };
  return undefined;
}

/** Bundles of the new drop that hold a replaced CA but not the CA that replaced it. */
function bundlesMissingNewCA(next: DiffSide, changes: readonly CertificateChange[]): MissedRotation[] {
  const replaced = new Map<string, string>();
  for (const change of changes)
    if (
      change.kind === "rotated" &&
      change.old?.isCA &&
      change.new?.isCA &&
      change.old.subject === change.new.subject
    )
      replaced.set(change.old.sha256, change.new.sha256);
  if (replaced.size === 0) return [];
  const result: MissedRotation[] = [];
  for (const [bundle, certs] of certificatesByBundle(next.report)) {
    const held = new Set(certs.map((cert) => cert.sha256));
    for (const cert of certs) {
      const successor = replaced.get(cert.sha256);
      if (successor === undefined || held.has(successor)) continue;
      result.push({
        why: "bundle-missing-new-ca",
        paths: [bundle],
        subject: cert.subject,
        certificateId: cert.id,
        sha256: cert.sha256,
        detail:
          `${bundle} still trusts only the old ${cert.subject} CA (expires ${day(cert.notAfter)}), which ` +
          "another file of this drop replaced by a new key: add the new CA certificate to it, or what is " +
          "signed by the new CA is refused where this bundle verifies",
      });
    }
  }
  return result.sort((a, b) => (a.paths[0] ?? "").localeCompare(b.paths[0] ?? ""));
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
