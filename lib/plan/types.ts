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
  /** The exact command or step, e.g. `kubeadm certs renew apiserver`, or `plan a CA rotation`. */
  command: string;
  /** true when `command` is typed into a shell; false for a procedure (a CA rotation, a renewal from another CA). */
  runnable: boolean;
  /**
   * What to do afterwards, for people: `restart kube-apiserver (static pod)`, `restart the kubelet
   * on cp-1`, `copy admin.conf to ~/.kube/config for kubectl`. Empty when nothing needs a restart.
   */
  restart: string[];
  /**
   * The shell commands to run after `command`, in order: restarts (a static pod's manifest moved out
   * of /etc/kubernetes/manifests and back, `systemctl restart kubelet`) and copies
   * (`cp -i /etc/kubernetes/admin.conf $HOME/.kube/config`).
   */
  followUp: string[];
  /** Who stops working when it expires, in operator language (component and relationship names). */
  breaks: string[];
  /**
   * Certificates renewed by this same step that are no item of their own: the self-signed CA the
   * kubelet writes into kubelet.crt beside its serving certificate.
   */
  bundledIds?: string[];
  /**
   * The nodes whose files hold the certificate, where the command is run (named by their kubelets);
   * absent when no kubelet of the drop names the node its folder is.
   */
  nodes?: string[];
  /** Documentation for the step. */
  docUrl?: string;
  /** Why and how, when the command alone does not say it (rotation windows, a CA that expires first). */
  note?: string;
}

export interface RenewalDay {
  /** The UTC day the certificates expire, `YYYY-MM-DD`. */
  date: string;
  /** Whole days from the report's `now` to the day's earliest expiry, toward zero (negative: expired). */
  daysLeft: number;
  /** The most urgent state among the day's items. */
  state: ExpiryState;
  items: RenewalItem[];
  /**
   * Every distinct `restart` step of the day's items, in run order (etcd, kube-apiserver, its
   * clients, the kubelet, copies). Always set by `renewalPlan`; optional so hand-built days stay valid.
   */
  afterwards?: string[];
  /** One sentence: what stops on that day, e.g. "kubectl and the control plane stop authenticating". */
  impact: string;
}

export interface RenewalPlan {
  now: string;
  /** By date, earliest first; already expired days first. */
  days: RenewalDay[];
  /**
   * Every distinct shell command of the plan, in the order to run them on the node: the renewals by
   * date (one `kubeadm certs renew all` when every kubeadm certificate expires on the same day), then
   * each restart and copy once, etcd first. Procedures that are not commands (CA rotations, renewals
   * from another CA) stay on their items (`runnable: false`).
   */
  commands: string[];
}
