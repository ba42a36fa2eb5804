/**
 * How each certificate gets renewed, decided from what the report knows about it: kubeadm's file
 * names (`kubeadm certs renew <name>`), the kubelet's rotated pair, the kubelet's self-signed
 * serving pair, CAs, and everything else, which only its own issuer can renew. The order of the
 * tests matters: a kubelet file is never a kubeadm one, and a CA is rotated, never renewed.
 */
import { renewCommand } from "../cluster/kubeadm-renew";
import { isKubeletRotated } from "../expiry";
import type { Report, ReportCertificate } from "../report";
import { certificateLabel, primaryPath } from "../view/certificate-label";
import type { RenewalKind } from "./types";
import { reportIndex } from "../view/report-index";
import { homeSecret } from "../view/secret-groups";
import { homeObject } from "../view/object-refs";
import { objectStep } from "../objects/object-renewal";
import type { ReportSecretRef } from "../report";

export const DOCS = {
  kubeadm:
    "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/#manual-certificate-renewal",
  kubeletClient:
    "https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/troubleshooting-kubeadm/#kubelet-client-cert",
  kubeletServing:
    "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/#kubelet-serving-certs",
  caRotation: "https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/",
} as const;

/** The kubelet's certificate folder (its default --cert-dir, which kubeadm keeps). */
const KUBELET_PKI = "/var/lib/kubelet/pki";

/** How one certificate is renewed: the step, whether it is a shell command, and why. */
export interface RenewalStep {
  kind: RenewalKind;
  command: string;
  /** true: `command` is typed into a shell; false: a procedure (a CA rotation, a renewal elsewhere). */
  runnable: boolean;
  /** The step takes effect only when the kubelet restarts (it regenerates or re-reads its files). */
  restartKubelet?: boolean;
  docUrl?: string;
  note?: string;
}

/** Decide the renewal step for one certificate of `report`. */
export function renewalStep(report: Report, certificate: ReportCertificate): RenewalStep {
  const now = Date.parse(report.now);
  if (isKubeletSelfSigned(report, certificate))
    return {
      kind: "kubelet-self-signed",
      command: `rm ${KUBELET_PKI}/kubelet.crt ${KUBELET_PKI}/kubelet.key`,
      runnable: true,
      restartKubelet: true,
      docUrl: DOCS.kubeletServing,
      note: "The kubelet wrote this self-signed pair at its first start and never renews it; removed, it is written anew when the kubelet restarts.",
    };
  if (isKubeletRotated(certificate.paths)) return rotatedStep(certificate, now);
  if (certificate.paths.some((path) => /(^|\/)kubelet\.conf#users\//.test(path)))
    return embeddedKubeletStep(report, certificate);
  const home = homeSecret(certificate);
  if (home) return secretStep(report, certificate, home);
  const object = homeObject(certificate);
  if (object) return objectStep(object);
  if (certificate.isCA) return caRotationStep(report, certificate);
  const kubeadm = certificate.paths.map(renewCommand).find((command) => command !== undefined);
  if (kubeadm) return { kind: "kubeadm", command: kubeadm, runnable: true, docUrl: DOCS.kubeadm };
  return { kind: "manual", command: manualCommand(report, certificate), runnable: false };
}

/**
 * The kubelet's self-signed serving pair: `kubelet.crt` holding a certificate signed by itself or
 * by the CA that follows it in the same file (client-go writes both), never a kubelet.crt some
 * other CA issued.
 */
function isKubeletSelfSigned(report: Report, certificate: ReportCertificate): boolean {
  const files = certificate.paths.map((path) => path.split("#")[0] ?? path);
  const file = files.find((path) => /(^|\/)kubelet\.crt$/.test(path));
  if (file === undefined) return false;
  if (certificate.selfSigned) return true;
  const issuer = reportIndex(report).certificate(certificate.issuerId);
  return issuer !== undefined && issuer.paths.some((path) => path.split("#")[0] === file);
}

function rotatedStep(certificate: ReportCertificate, now: number): RenewalStep {
  const serving = certificate.paths.some((path) => /kubelet-server-/.test(path));
  const window = certificate.rotation;
  const during = window
    ? `between ${day(window.start)} and ${day(window.end)} (70–90 % of its lifetime)`
    : "at 70–90 % of its lifetime";
  const missed =
    window && Date.parse(window.end) < now
      ? ` Its rotation window closed on ${day(window.end)} and this file was not replaced: rotation is not working.`
      : "";
  if (serving)
    return {
      kind: "kubelet-rotation",
      command: "kubectl get csr",
      runnable: true,
      docUrl: DOCS.kubeletServing,
      note: `The kubelet requests a new serving certificate ${during} (serverTLSBootstrap); kube-controller-manager does not approve serving CSRs itself: approve them (kubectl certificate approve <name>) or run an approver.${missed}`,
    };
  return {
    kind: "kubelet-rotation",
    command: `openssl x509 -noout -enddate -in ${KUBELET_PKI}/kubelet-client-current.pem`,
    runnable: true,
    docUrl: DOCS.kubeletClient,
    note: `The kubelet rotates it itself ${during}; a later end date in the file means it did.${missed} If it does not: check rotateCertificates: true in /var/lib/kubelet/config.yaml and journalctl -u kubelet, then follow the guide.`,
  };
}

/**
 * kubelet.conf with the client certificate embedded (kubeadm init before 1.17, or an init that
 * never reached its kubelet-finalize phase): the kubelet's rotation writes kubelet-client-current.pem
 * but kubelet.conf keeps the old certificate. kubeadm 1.31 renamed the phase that repoints it.
 */
function embeddedKubeletStep(report: Report, certificate: ReportCertificate): RenewalStep {
  const minor = /^v?1\.(\d+)/.exec(report.cluster.kubernetesVersion ?? "")?.[1];
  const phase =
    minor !== undefined && Number(minor) < 31 ? "experimental-cert-rotation" : "enable-client-cert-rotation";
  const current = `${KUBELET_PKI}/kubelet-client-current.pem`;
  if (!rotatedBeside(report, certificate))
    return {
      kind: "kubelet-rotation",
      command: `kubeadm init phase kubelet-finalize ${phase}`,
      runnable: true,
      restartKubelet: true,
      docUrl: DOCS.kubeletClient,
      note: `kubelet.conf embeds this certificate, so the kubelet's rotation never reaches it. Point kubelet.conf at ${current} (client-certificate and client-key instead of the -data fields): the kubelet-finalize phase does so once that file exists.`,
    };
  return {
    kind: "kubelet-rotation",
    // kubeadm's troubleshooting guide, as one edit that works on any node, worker or control plane.
    command: `sed -i -e 's#client-certificate-data: .*#client-certificate: ${current}#' -e 's#client-key-data: .*#client-key: ${current}#' /etc/kubernetes/kubelet.conf`,
    runnable: true,
    restartKubelet: true,
    docUrl: DOCS.kubeletClient,
    note: `kubelet.conf embeds this certificate, so the kubelet's rotation never reaches it: nothing needs issuing. Point kubelet.conf at ${current} (client-certificate and client-key instead of the -data fields), then restart the kubelet; on the first control plane \`kubeadm init phase kubelet-finalize ${phase}\` does the same.`,
  };
}

/**
 * A certificate kept only in a Secret: renewed by the controller that manages the Secret, or by
 * writing a renewed pair into it. Its CA is rotated like any CA, but — as CA_EXPIRES_SOON judges
 * it — without the horizon: the CAs kept in Secrets are made and re-made by their controllers.
 */
function secretStep(report: Report, certificate: ReportCertificate, home: ReportSecretRef): RenewalStep {
  const where = home.namespace === undefined ? home.name : `${home.namespace}/${home.name}`;
  if (home.managedBy === "cert-manager")
    return {
      kind: "manual",
      command: `cert-manager renews ${where}`,
      runnable: false,
      note: `cert-manager renews it two thirds into its life by default; if it has not, look at its Certificate (kubectl describe certificate -n ${home.namespace ?? "<namespace>"}) and cmctl renew it once the cause is fixed.`,
    };
  if (certificate.isCA) return caRotationStep(report, certificate, false);
  const namespace = home.namespace === undefined ? "" : ` -n ${home.namespace}`;
  return {
    kind: "manual",
    command: `kubectl create secret tls ${home.name}${namespace} --cert=tls.crt --key=tls.key --dry-run=client -o yaml | kubectl apply -f -`,
    runnable: false,
    note: `Renew it from the same CA (${issuerName(report, certificate)}) with the same subject and SANs, then write the pair into the Secret ${where}; whatever serves it picks it up (an ingress controller at once, most webhooks on restart).`,
  };
}

function issuerName(report: Report, certificate: ReportCertificate): string {
  const issuer = reportIndex(report).certificate(certificate.issuerId);
  return issuer ? certificateLabel(issuer) : certificate.issuer;
}

/** A CA is not renewed in place but rotated; `horizon` as for caNote. */
function caRotationStep(report: Report, certificate: ReportCertificate, horizon = true): RenewalStep {
  return {
    kind: "ca-rotation",
    command: "plan a CA rotation",
    runnable: false,
    docUrl: DOCS.caRotation,
    note: caNote(report, certificate, horizon),
  };
}

function caNote(report: Report, certificate: ReportCertificate, horizon = true): string {
  const base =
    "A CA is not renewed in place: every certificate it signed and every kubeconfig and bundle that embeds it changes (kubeadm certs renew leaves CAs alone).";
  const within = horizon && certificate.daysLeft >= 0 && certificate.daysLeft <= report.caHorizonDays;
  return base + (within ? ` It expires within the ${report.caHorizonDays}-day CA horizon: start now.` : "");
}

function manualCommand(report: Report, certificate: ReportCertificate): string {
  const [file, entry] = primaryPath(certificate).split("#", 2);
  const user = entry?.startsWith("users/") ? entry.slice("users/".length) : undefined;
  // A kubeconfig's client certificate is not a file to replace but a user entry to rewrite.
  const place = user === undefined ? `replace ${file}` : `put it into ${file} (user ${user})`;
  if (certificate.selfSigned) return `re-issue it (self-signed) with the same subject and SANs, and ${place}`;
  const issuer = reportIndex(report).certificate(certificate.issuerId);
  const from = issuer ? certificateLabel(issuer) : certificate.issuer;
  return `renew from the same CA (${from}) with the same subject, SANs and key usages, and ${place}`;
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * Whether a valid certificate the kubelet rotated (kubelet-client-current.pem or a dated file) is in
 * the drop on the node of the kubeconfig that embeds `certificate` (kubernetes#71825): then the
 * kubeconfig only has to point at it.
 */
function rotatedBeside(report: Report, certificate: ReportCertificate): boolean {
  const kubeconfig = certificate.paths.find((path) => /(^|\/)kubelet\.conf#users\//.test(path)) ?? "";
  const node = kubeconfig.replace(/(^|\/)etc\/kubernetes\/kubelet\.conf#.*$/, "");
  const now = Date.parse(report.now);
  return report.certificates.some(
    (other) =>
      other.id !== certificate.id &&
      Date.parse(other.notAfter) > now &&
      other.paths.some(
        (path) =>
          path.startsWith(node) &&
          /(^|\/)kubelet-client-(current|\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2})\.pem$/.test(path),
      ),
  );
}
