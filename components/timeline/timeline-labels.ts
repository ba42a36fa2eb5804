/**
 * The words of the expiry timeline: what a certificate is called on its row, what it is for, how
 * long it has left, and the one sentence a screen reader hears for its bar. Remaining time is told
 * in words ("in 41 days", "expired 3 days ago", "in 9 years") next to every bar, so the timeline
 * never relies on colour alone, and with the same truncating rules as the table and the CLI.
 */
import { formatRelative } from "@/lib/format/relative-time";
import type { ExpiryState } from "@/lib/expiry";
import type { ReportCertificate } from "@/lib/report";

/** What each role the core assigns is, in the words of the Kubernetes documentation. */
const ROLE_WORDS: Record<string, string> = {
  "cluster-ca": "cluster CA",
  "etcd-ca": "etcd CA",
  "front-proxy-ca": "front-proxy CA",
  "kubelet-serving-ca": "kubelet serving CA",
  ca: "CA certificate",
  "apiserver-serving": "kube-apiserver serving certificate",
  "apiserver-kubelet-client": "kube-apiserver client certificate for kubelets",
  "apiserver-etcd-client": "kube-apiserver client certificate for etcd",
  "etcd-serving": "etcd serving certificate",
  "etcd-peer": "etcd peer certificate",
  "etcd-healthcheck-client": "etcd healthcheck client certificate",
  "front-proxy-client": "front-proxy client certificate",
  "controller-manager-client": "kube-controller-manager client certificate",
  "scheduler-client": "kube-scheduler client certificate",
  "kube-proxy-client": "kube-proxy client certificate",
  "kubelet-client": "kubelet client certificate",
  "kubelet-serving": "kubelet serving certificate",
  "admin-client": "administrator client certificate",
  "kubelet-bootstrap": "kubelet bootstrap certificate",
  "user-client": "user or tool client certificate",
};

/** "kube-apiserver serving certificate", "etcd CA"; a CA or certificate of no known role says so. */
export function describeRole(certificate: Pick<ReportCertificate, "role" | "isCA">): string {
  const known = certificate.role ? ROLE_WORDS[certificate.role] : undefined;
  if (known) return known;
  return certificate.isCA ? "CA certificate" : "certificate";
}

/**
 * The file a certificate is known by: `pki/apiserver.crt` → `apiserver.crt`, and a credential
 * embedded in a kubeconfig by the kubeconfig (`admin.conf#users/kubernetes-admin` → `admin.conf`),
 * which is the name `kubeadm certs check-expiration` lists it under.
 */
export function fileName(path: string): string {
  const file = path.split("#")[0] ?? path;
  return file.split("/").pop() || path;
}

/** "2027-01-01": the UTC calendar date of an instant in epoch milliseconds. */
export function utcDate(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : "unknown date";
}

/**
 * How long a certificate has left at `now`, as the words beside its bar: "in 214 days", "in 9
 * years", "in 5 hours", "expired 3 days ago" (the words of every view: `formatRelative`), and
 * "starts in 30 days" for one not valid yet.
 */
export function timeLeftPhrase(
  certificate: Pick<ReportCertificate, "notBefore" | "notAfter">,
  state: ExpiryState,
  now: string,
): string {
  if (state === "not-yet-valid") {
    return `starts ${formatRelative(now, certificate.notBefore)}`;
  }
  const relative = formatRelative(now, certificate.notAfter);
  return state === "expired" ? `expired ${relative}` : relative;
}

/** "45 days", "3 years", "5 hours": a positive duration in the same units as the phrases. */
export function durationWords(fromMs: number, toMs: number): string {
  const relative = formatRelative(new Date(fromMs).toISOString(), new Date(toMs).toISOString());
  return relative.replace(/^in /, "").replace(/ ago$/, "");
}

/** What the accessible name of a bar is made of. */
export interface BarWords {
  name: string;
  description: string;
  state: ExpiryState;
  notBefore: number;
  notAfter: number;
  phrase: string;
  flags: readonly string[];
}

/**
 * The accessible name of a bar: "apiserver.crt, kube-apiserver serving certificate, expires
 * 2027-01-01, in 214 days", then any flag ("valid 45 days longer than its CA").
 */
export function barAriaLabel(words: BarWords): string {
  const end = utcDate(words.notAfter);
  const when =
    words.state === "expired"
      ? `expired ${end}, ${words.phrase.replace(/^expired /, "")}`
      : words.state === "not-yet-valid"
        ? `not valid before ${utcDate(words.notBefore)}, ${words.phrase}, expires ${end}`
        : `expires ${end}, ${words.phrase.replace(/^expires /, "")}`;
  return [words.name, words.description, when, ...words.flags].join(", ");
}
