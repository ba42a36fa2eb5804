/**
 * The renewal plan: what expires when, what stops working then, and what to run before. Pure data
 * derived from a report, shared by the CLI (`--format plan`, the markdown report) and the explorer.
 */
import type { ExpiryState } from "../expiry";

/** How a certificate gets renewed. */
export type RenewalKind =
  /** `kubeadm certs renew <name>`: a certificate or kubeconfig kubeadm manages. */
  | "kubeadm"
  /** The kubelet rotates it itself (rotateCertificates / serverTLSBootstrap); check that rotation works. */
  | "kubelet-rotation"
  /** The kubelet regenerates its self-signed serving pair when the files are removed and it restarts. */
  | "kubelet-self-signed"
  /** A CA: plan a CA rotation, every certificate it issued follows. */
  | "ca-rotation"
  /** Issued by something else (cfssl, Vault, cert-manager, by hand): renew from the same CA. */
  | "manual";

export interface RenewalItem {
  certificateId: string;
  /** SHA-256 fingerprint, lowercase hex (the timeline's and the inventory's key). */
  sha256: string;
  /** The name people know it by: `apiserver.crt`, `admin.conf`, `kubelet-client-current.pem`. */
  label: string;
  paths: string[];
  subject: string;
  role?: string;
  isCA: boolean;
  notAfter: string;
  daysLeft: number;
  expiryState: ExpiryState;
  kind: RenewalKind;
  /** The exact command or step, e.g. `kubeadm certs renew apiserver`. */
  command: string;
  /** What to restart afterwards, e.g. `kube-apiserver static pod (move its manifest out of manifests/ and back)`. */
  restart: string[];
  /** Who stops working when it expires, in operator language (component and relationship names). */
  breaks: string[];
  /** Documentation for the step. */
  docUrl?: string;
}

export interface RenewalDay {
  /** The UTC day the certificates expire, `YYYY-MM-DD`. */
  date: string;
  /** Whole days from the report's `now` (negative: already expired). */
  daysLeft: number;
  /** The most urgent state among the day's items. */
  state: ExpiryState;
  items: RenewalItem[];
  /** One sentence: what stops on that day, e.g. "kubectl and the control plane stop authenticating". */
  impact: string;
}

export interface RenewalPlan {
  now: string;
  /** By date, earliest first; already expired days first. */
  days: RenewalDay[];
  /** Every distinct command of the plan, in the order to run them. */
  commands: string[];
}
