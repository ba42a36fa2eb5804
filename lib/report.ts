/**
 * The report contract: what `analyze()` returns, what the CLI prints with `--format json` and what
 * the Worker posts to the explorer. Plain JSON-serialisable data, deterministic for (files, now).
 * Fields may be added; none may be renamed (tests, the CLI's exit code and the UI key on them).
 */

import type { ExpiryState } from "./expiry";
import type { Policy } from "./policy/policy";

export const SCHEMA_VERSION = 1 as const;

export type Severity = "error" | "warning" | "info";
export type RelationshipStatus = "ok" | "warning" | "error" | "unknown";

/** The twelve trust relationships plus the secondary ones, in display order. */
export const PRIMARY_RELATIONSHIPS = [
  "etcd-peer",
  "etcd-serving",
  "apiserver-etcd-client",
  "apiserver-serving",
  "controller-manager-client",
  "scheduler-client",
  "kube-proxy-client",
  "kubelet-client",
  "admin-client",
  "kubelet-serving",
  "apiserver-kubelet-client",
  "service-account-signing",
] as const;

export const SECONDARY_RELATIONSHIPS = [
  "front-proxy-client",
  "etcd-healthcheck-client",
  "kubelet-bootstrap",
] as const;

export type RelationshipId =
  (typeof PRIMARY_RELATIONSHIPS)[number] | (typeof SECONDARY_RELATIONSHIPS)[number];

export type ComponentKind =
  | "etcd"
  | "kube-apiserver"
  | "kube-controller-manager"
  | "kube-scheduler"
  | "kube-proxy"
  | "kubelet"
  | "admin"
  | "front-proxy"
  | "etcd-healthcheck"
  /** Every client of the apiserver, the client end of apiserver-serving. */
  | "clients"
  /** A kubeconfig user that is none of the components (a person's or a tool's). */
  | "user";

export interface ReportComponent {
  /** Stable id: the kind, plus `:<node>` for per-node components (`kubelet:cp-1`). */
  id: string;
  kind: ComponentKind;
  name: string;
  /** Node the component runs on, when known. */
  node?: string;
  /** Where the component's configuration was read from (manifest, kubeconfig, config.yaml). */
  sources: string[];
}

export interface TrustAnchor {
  id: string;
  kind: "ca" | "key-pair";
  /** What the anchor is for: `cluster-ca`, `etcd-ca`, `front-proxy-ca`, `kubelet-serving-ca`, `service-account`, ... */
  role: string;
  name: string;
  certificateId?: string;
  paths: string[];
}

export type CredentialKind =
  "certificate" | "token" | "exec" | "auth-provider" | "service-account-token" | "key-pair";

/** What one end of a relationship presents. Never contains key bytes. */
export interface CredentialRef {
  kind: CredentialKind;
  /** Where the credential came from: a path, `admin.conf#users/kubernetes-admin`, or a flag. */
  source: string;
  certificateId?: string;
  /** Where the private key came from, when a key was found for the certificate. */
  keySource?: string;
  /** true/false when a key was found and compared; absent when no key was available. */
  keyMatches?: boolean;
  /** Human summary of the key, e.g. "ECDSA P-256 private key" ("ECDSA P-256 public half" for a stand-in). */
  keyDescription?: string;
}

/** A CA bundle one end uses to verify the other. */
export interface TrustRef {
  source: string;
  certificateIds: string[];
}

export interface ChainStep {
  certificateId: string;
  /** The certificate that signed this one, when one in the verifier's bundle or the presented chain verifies. */
  issuerId?: string;
  /** true: signature verified; false: a same-name issuer exists but the signature fails; absent: no issuer found. */
  signatureValid?: boolean;
  note?: string;
}

export interface ChainCheck {
  /** Which direction this chain is: the client verifying the server, or the server verifying the client. */
  verifier: "client" | "server";
  trusted: boolean;
  steps: ChainStep[];
  reason?: string;
}

export interface RelationshipEnd {
  component: string;
  /** The credential this end presents to the other end. */
  presents?: CredentialRef;
  /** The CA bundle this end verifies the other end with. */
  verifiesWith?: TrustRef;
}

/**
 * Where a fact a verdict rests on comes from. `configured`: a flag, a config file, a unit, an
 * environment file or a kubeconfig field names it. `convention`: the documented fixed layout of an
 * installer the report recognised from several independent signs (`ReportLayout.evidence`).
 * `guess`: a file or folder name, or what a certificate says about itself, alone. A warning or an
 * error rests only on configured and convention facts; a guess raises info at most.
 */
export type EvidenceSource = "configured" | "convention" | "guess";

/** One fact a relationship end or a finding rests on, and where it came from. */
export interface Evidence {
  /** The fact, in the user's own names: `kube-apiserver presents etc/kubernetes/pki/apiserver.crt`. */
  fact: string;
  source: EvidenceSource;
  /** Where it came from: `--tls-cert-file in etc/kubernetes/manifests/kube-apiserver.yaml`. */
  from: string;
}

export interface ReportRelationship {
  id: RelationshipId;
  /** Unique among the report's relationships: the id, plus `:<node>` for per-node instances. */
  key: string;
  primary: boolean;
  client: string;
  server: string;
  status: RelationshipStatus;
  /** Codes of the findings that bear on this relationship (its own and those of the certificates it uses). */
  findings: FindingCode[];
  /** Indexes into `Report.findings` of the same findings. */
  findingRefs: number[];
  clientEnd: RelationshipEnd;
  serverEnd: RelationshipEnd;
  chains: ChainCheck[];
  /** The identity the server's authorizer sees for the client, for certificate credentials. */
  identity?: { user: string; groups: string[] };
  /** Inputs that were not found, which make the relationship `unknown`. */
  missing: string[];
  /** One sentence on what the relationship is, for people. */
  summary: string;
  /** What each end's credential and trust bundle rests on, and where that came from. */
  evidence?: Evidence[];
  /** What the server really served, when a served chain of it was read (absent: none was). */
  served?: ReportServedChain;
}

/**
 * A chain a running process served on a port (`openssl s_client` output, the collector's --served
 * files), beside what is on disk. Its certificate is not among the report's certificates.
 */
export interface ReportServedChain {
  /** The file it was read from. */
  source: string;
  /** `127.0.0.1:6443`, `port 6443`, or `an unknown address`. */
  address: string;
  /** When the collector read it (UTC). */
  observedAt?: string;
  outcome: "ok" | "refused" | "timeout" | "no-tls" | "error";
  /** The component serving on that port, from configuration; absent when nothing names the port. */
  component?: string;
  /** Why that component: the flag or the collector's metadata. */
  because?: string;
  relationshipKey?: string;
  /** True: the served leaf is the configured file's; false: another; absent: nothing to compare. */
  sameAsDisk?: boolean;
  /** The served chain as the relationship's clients verify it; absent when no bundle is known. */
  trusted?: boolean;
  /** The served leaf. */
  leaf?: { subject: string; serial: string; notBefore: string; notAfter: string; sha256: string };
  /** Certificates served, the leaf included. */
  chainLength: number;
}

export interface ReportCertificate {
  id: string;
  paths: string[];
  subject: string;
  issuer: string;
  serial: string;
  notBefore: string;
  notAfter: string;
  sans: string[];
  eku: string[];
  keyUsage: string[];
  isCA: boolean;
  pathLength?: number;
  keyAlgorithm: string;
  signatureAlgorithm: string;
  sha256: string;
  subjectKeyId?: string;
  authorityKeyId?: string;
  selfSigned: boolean;
  role?: string;
  issuerId?: string;
  /** Where the matching private key was found (never the key itself). */
  keyPaths: string[];
  /** Components and relationships that use this certificate. */
  usedBy: string[];
  /** Whole days from `now` to notAfter, toward zero (`daysLeft` in lib/expiry.ts): -15 for 15.3 days ago. */
  daysLeft: number;
  /** Fraction of the validity period elapsed at `now`, clamped to 0..1. */
  lifetimeUsed: number;
  /** Judged against the report's thresholds (`warnDays`, `warnFraction`); `soon` is due for renewal. */
  expiryState: ExpiryState;
  /** When the warning window opens: the earlier of notAfter − warnDays and the last `warnFraction` of the lifetime. */
  warnFrom: string;
  /** For certificates the kubelet rotates itself: the window (70–90 % of the lifetime) it rotates in. */
  rotation?: { start: string; end: string };
  /**
   * The Kubernetes Secrets the certificate was found in (a `kubectl get secrets` dump, a Secret
   * manifest), once per Secret and key, in input order: what the views group it by (namespace) and
   * name it after (`webhook-tls · tls.crt`) without taking its paths apart. Absent when it was
   * found in no Secret.
   */
  secrets?: ReportSecretRef[];
  /**
   * The API objects other than Secrets the certificate was read from — the `caBundle` of a webhook
   * configuration, an APIService or a CRD, a CertificateSigningRequest's issued certificate — once
   * per object and field, in input order. Absent when there is none.
   */
  objects?: ReportObjectRef[];
}

/** One API object field a certificate was found under (never a Secret; see `ReportSecretRef`). */
export interface ReportObjectRef {
  /** `ValidatingWebhookConfiguration`, `MutatingWebhookConfiguration`, `APIService`, `CustomResourceDefinition`, `CertificateSigningRequest`. */
  kind: string;
  name: string;
  /** The webhook of a webhook configuration whose `caBundle` it is. */
  webhook?: string;
  /** `caBundle` or `status.certificate`. */
  field: string;
}

/** One Secret key a certificate was found under. Never holds a value. */
export interface ReportSecretRef {
  /** Absent only for a Secret manifest that names no namespace. */
  namespace?: string;
  name: string;
  /** The data key: `tls.crt`, `ca.crt`, … */
  key: string;
  /** The Secret's type: `kubernetes.io/tls`, `Opaque`, … */
  type?: string;
  /** The controller its annotations name as managing it, which renews what it holds (`cert-manager`). */
  managedBy?: string;
}

/**
 * Every finding code, stable and never renamed: a rule's `codes`, `Finding.code` and every place
 * that matches a code are typed by it, so renaming one breaks the compiler, not the page. Their
 * meanings are in lib/finding-codes.ts, a record over exactly these codes.
 */
export const FINDING_CODES = [
  "CERT_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_EXPIRES_SOON",
  "CERT_OUTLIVES_ISSUER",
  "CA_EXPIRES_SOON",
  "CA_ROTATION_IN_PROGRESS",
  "CA_ROTATION_OUT_OF_ORDER",
  "CA_ROTATION_SIGNER_AHEAD",
  "CA_FLAG_UNUSED",
  "CHAIN_UNTRUSTED",
  "CHAIN_BAD_SIGNATURE",
  "CHAIN_REJECTED",
  "KUBECONFIG_CA_MISMATCH",
  "KEY_MISMATCH",
  "EKU_MISSING",
  "SAN_MISSING",
  "IDENTITY_MISMATCH",
  "NODE_AUTHORIZER_DISABLED",
  "CA_REUSED",
  "CA_INVALID",
  "SA_KEY_MISMATCH",
  "SA_KEY_DIFFERS",
  "CA_DIFFERS_ACROSS_MEMBERS",
  "SAN_DRIFT",
  "ENCRYPTION_CONFIG_DIFFERS",
  "SIGNING_CA_MISMATCH",
  "FILE_MISSING",
  "KUBECONFIG_NO_CREDENTIAL",
  "EXEC_PLUGIN_API_REMOVED",
  "ENCRYPTION_CONFIG_WEAK",
  "REQUESTHEADER_ALLOWED_NAMES_UNSET",
  "KUBELET_SERVING_UNVERIFIED",
  "BOOTSTRAP_TOKEN_LEFT",
  "WEAK_KEY",
  "WEAK_SIGNATURE",
  "KEY_ENCRYPTED",
  "CSR_PENDING",
  "CSR_DENIED",
  "WEBHOOK_CA_BUNDLE_MISMATCH",
  "APISERVICE_SKIP_TLS_VERIFY",
  "CERT_MANAGER_NOT_READY",
  "WEBHOOK_SERVING_UNKNOWN",
  "KUBELET_LINK_ABSENT",
  "SERVED_CERT_DIFFERS",
  "SERVED_CHAIN_UNTRUSTED",
  "SERVED_ENDPOINT_UNREACHED",
  "SERVED_CHAIN_UNMATCHED",
  "POLICY_LEAF_LIFETIME",
  "POLICY_CA_LIFETIME",
  "POLICY_RSA_BITS",
  "POLICY_CURVE",
  "POLICY_SIGNATURE_ALGORITHM",
  "POLICY_EXPIRY_WINDOW",
  "POLICY_EKU",
  "KUBEADM_VALIDITY_PERIOD",
  "PARSE_ERROR",
  "ARCHIVE_DUPLICATE_ENTRY",
  "INPUT_SKIPPED",
] as const;

/** A finding code the product emits. */
export type FindingCode = (typeof FINDING_CODES)[number];

/** Relationship statuses, worst first: the order every list, legend and count uses. */
export const STATUS_ORDER: readonly RelationshipStatus[] = ["error", "warning", "unknown", "ok"];

/** Severities, worst first. */
export const SEVERITY_ORDER: readonly Severity[] = ["error", "warning", "info"];

export interface Finding {
  code: FindingCode;
  severity: Severity;
  title: string;
  detail: string;
  relationship?: RelationshipId;
  /** The relationship instance key, when the finding belongs to one instance only. */
  relationshipKey?: string;
  files: string[];
  certificateIds?: string[];
  fix?: string;
  /** For a warning or an error about a relationship: the facts it rests on (never a guess). */
  evidence?: Evidence[];
}

export interface SkippedFile {
  path: string;
  reason: string;
}

/**
 * An input whose content never reached the analysis: `unreadable` (permission denied, a dangling
 * link, a read that failed), `limit` (over the per-file limit or an archive budget), `outside` (a
 * link out of the audited folder, not followed). Each is also an INPUT_SKIPPED finding.
 */
export interface UnreadFile {
  path: string;
  reason: string;
  kind: "unreadable" | "limit" | "outside";
}

/** A password-protected file that stayed shut; present so an edge can ask for its password. */
export interface LockedInput {
  path: string;
  format: "PKCS#12";
  /** `password-needed`: none was given; `wrong-password`: none given opens it; `unsupported`: a scheme not read here. */
  status: "password-needed" | "wrong-password" | "unsupported";
}

export interface ReportInputs {
  files: number;
  certificates: number;
  keys: number;
  kubeconfigs: number;
  manifests: number;
  skipped: SkippedFile[];
  /** Present only when some file stayed shut. Never holds a password. */
  locked?: LockedInput[];
  /** Present only when some input was not read at all (see UnreadFile). */
  unread?: UnreadFile[];
  /**
   * Present only when some private key was collected as its public half (a `PUBLIC KEY` in `ca.key`,
   * in a certificate+key bundle or in `client-key-data`, as a collector that copies no secret
   * writes it): where each such key was read, as `path` or `path#locator` like the certificates'
   * `keyPaths`, sorted. Key pairing was checked on these public keys, exactly as on the
   * private keys; the private keys themselves were not seen.
   */
  publicHalves?: string[];
}

export interface ClusterFacts {
  kubernetesVersion?: string;
  versionSource?: string;
  nodes: string[];
  advertiseAddress?: string;
  serviceCidr?: string;
  dnsDomain: string;
  /**
   * The API endpoints the drop's kubeconfigs dial that are neither loopback nor a control plane's
   * own address: a load balancer or a shared name (`https://k8s-api.internal:6443`).
   */
  endpoints?: string[];
}

/** The kinds of cluster layout the analysis recognises. */
export type LayoutName =
  | "kubeadm"
  | "k3s"
  | "rke2"
  | "kubespray"
  | "minikube"
  | "kind"
  | "hard-way"
  | "vault-hard-way"
  | "eks"
  | "talos"
  | "rke1"
  | "microk8s"
  | "k0s"
  | "openshift"
  | "kubernetes"
  | "generic-mtls"
  | "none";

/** Display names of the layouts, for the CLI header and the explorer. */
export const LAYOUT_LABELS: Record<LayoutName, string> = {
  kubeadm: "kubeadm",
  k3s: "k3s",
  rke2: "RKE2",
  kubespray: "kubespray",
  minikube: "minikube",
  kind: "kind",
  "hard-way": "Kubernetes the Hard Way",
  "vault-hard-way": "Vault-issued PKI (hard way)",
  eks: "EKS node",
  talos: "Talos",
  rke1: "RKE1",
  microk8s: "MicroK8s",
  k0s: "k0s",
  openshift: "OpenShift 4",
  kubernetes: "Kubernetes (hand-made layout)",
  "generic-mtls": "generic mutual TLS (no Kubernetes wiring found)",
  none: "no PKI material recognised",
};

/** The recognised layout of the input and what named it. */
export interface ReportLayout {
  name: LayoutName;
  /** What gave it away: paths, CA names, kubeconfig endpoints. */
  evidence: string[];
  /** Further layouts with clues (kubespray and kind run kubeadm underneath). */
  also?: LayoutName[];
  /**
   * False when no installer's layout was recognised from at least two independent signs: then no
   * file is given a role by its name or place, only by configuration that names it, and the report
   * says so first (`note`).
   */
  recognised?: boolean;
  /**
   * The installers whose fixed layout is taken as fact for what no configuration names: each
   * recognised from two independent signs or more (a kubeadm node with one component moved to a
   * systemd unit keeps kubeadm's).
   */
  conventions?: LayoutName[];
  /** What the layout means for the verdicts, said first by every edge when the layout is not recognised. */
  note?: string;
}

/** Which keys of a rotating CA a bundle trusts. */
export type RotationHolds = "old" | "new" | "both";

/** A step of the CA rotation procedure (4, restarting, leaves no trace in files). */
export type RotationStepId = 1 | 2 | 3 | 5 | "done";

/** One node's side of a CA rotation. */
export interface ReportRotationNode {
  /** The node's name as the report names it; "" for a drop of one unnamed node. */
  node: string;
  /** Its folder in the drop ("" for a drop of one node's root). */
  root: string;
  controlPlane: boolean;
  step: RotationStepId;
  /** The bundles on the node that verify with this CA (files or `kubeconfig#clusters/<name>`). */
  bundles: { source: string; holds: RotationHolds; fromKubeconfig: boolean }[];
  /** The certificates presented on the node that this CA signed, by which key. */
  leaves: { source: string; certificateId: string; from: "old" | "new"; bySigner: boolean }[];
  /** The key kube-controller-manager signs with (the first certificate of --cluster-signing-cert-file). */
  signer?: { from: "old" | "new"; source: string };
}

/** A CA rotation under way: two keys under one CA name and a bundle trusting both. */
export interface ReportRotation {
  /** The name `k8s-pki plan-rotation` takes for it (`cluster-ca`, `etcd-ca`, `client-ca`, …), when a role names it. */
  root?: string;
  /** The anchor role (cluster-ca, etcd-ca, front-proxy-ca). */
  role?: string;
  subject: string;
  /** Each key's certificates, oldest key first; the last is the new one. */
  generations: { certificateIds: string[]; notBefore: string }[];
  /** The earliest step any node is at. */
  step: RotationStepId;
  nodes: ReportRotationNode[];
  /** Credentials presented now to a bundle that trusts only the other key. */
  hazards: {
    relationship: RelationshipId;
    relationshipKey?: string;
    credential: string;
    bundle: string;
    why: "new-leaf-old-bundle" | "old-leaf-new-bundle";
    /** The node whose bundle refuses it, and the node it is presented from. */
    node: string;
    fromNode: string;
  }[];
}

export interface Report {
  schemaVersion: typeof SCHEMA_VERSION;
  now: string;
  warnDays: number;
  /** A certificate is due when less than this fraction of its lifetime is left (0..1). */
  warnFraction: number;
  /** A CA expiring within this many days is reported (`CA_EXPIRES_SOON`): a CA rotation needs planning. */
  caHorizonDays: number;
  inputs: ReportInputs;
  /** The recognised layout (kubeadm, k3s, …, or generic-mtls when nothing says Kubernetes). */
  layout?: ReportLayout;
  cluster: ClusterFacts;
  certificates: ReportCertificate[];
  components: ReportComponent[];
  trustAnchors: TrustAnchor[];
  relationships: ReportRelationship[];
  /**
   * Present when the drop holds no control plane (a worker's folder alone): the relationships whose
   * ends are all elsewhere are left out of `relationships`, and said once here instead.
   */
  notInDrop?: { relationships: RelationshipId[]; note: string };
  /** CA rotations under way (rotation/rotation-stand.ts); absent when none. */
  rotations?: ReportRotation[];
  /** Chains running processes served (lib/served); absent when none was read. */
  servedChains?: ReportServedChain[];
  /**
   * The audit policy the POLICY_* findings were judged by, as its file says it; absent for the
   * built-in default (kubeadm's limits, lib/policy/default-policy.ts).
   */
  policy?: Omit<Policy, "origin">;
  findings: Finding[];
  summary: { error: number; warning: number; info: number; status: RelationshipStatus };
}
