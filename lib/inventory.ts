/**
 * What ingest produces: every file sniffed and parsed into plain records, with the path(s) it came
 * from. The cluster model and the checks read only these records, never bytes.
 */

import type { SecretTexts } from "./redact/secret-texts";
import type { YamlDocuments } from "./ingest/parse-yaml-documents";
import type { ReadBlock } from "./ingest/add-pki-material";
import type { CaBundleKind, TrustObjects } from "./objects/trust-objects";

/** One input file as the edges (CLI, browser) hand it to lib/: a '/'-separated path and its bytes. */
export interface InputFile {
  path: string;
  bytes: Uint8Array;
  /** For symlinks whose target could be read (CLI, tar entries): the link's target as written. */
  linkTarget?: string;
  /**
   * The file's parsing done ahead, possibly on another thread (`prepareFile`); ingest then only
   * records what it holds. Absent, ingest parses the bytes itself, with the same result.
   */
  prepared?: PreparedFile;
  /**
   * Why the edge could not have the file's bytes (permission denied, a dangling link, over the
   * per-file limit); `bytes` is then empty. Ingest names it in the report instead of reading it.
   */
  unreadable?: string;
  /** What kind of miss `unreadable` is (default `unreadable`: the bytes could not be had). */
  unreadKind?: UnreadKind;
}

/**
 * Why an input was not read: `unreadable`, its bytes could not be had; `limit`, a size or archive
 * budget kept it out; `outside`, a link out of the audited folder, left alone on purpose.
 */
export type UnreadKind = "unreadable" | "limit" | "outside";

/** An input (a file, a link, an archive or part of one) whose content never reached the analysis. */
export interface UnreadInput {
  path: string;
  reason: string;
  kind: UnreadKind;
}

/** What `prepareFile` works out from a file's bytes alone: its text, PEM blocks and YAML documents. */
export interface PreparedFile {
  /** The decoded text; undefined for binary content. */
  text: string | undefined;
  /** The PEM blocks read, certificates digested and parsed; absent when the text has none. */
  blocks?: ReadBlock[];
  /** The YAML/JSON documents of text without PEM blocks, or why they do not parse. */
  documents?: YamlDocuments;
}

/** A public key in a canonical, comparable form (no crypto needed to compare two of them). */
export interface PublicKeyInfo {
  algorithm: "RSA" | "ECDSA" | "Ed25519" | "Ed448" | "unknown";
  /** RSA modulus size in bits, EC curve size in bits. */
  bits: number;
  /** EC curve name: P-256, P-384, P-521, or the OID when unknown. */
  curve?: string;
  /**
   * Canonical identity of the key: `rsa:<modulus hex, no leading zeros>:<exponent hex>`,
   * `ec:<curve>:<uncompressed point hex>`, `ed25519:<hex>`. Equal strings = the same key pair.
   */
  canonical: string;
  /** Short human label: "RSA 2048", "ECDSA P-256". */
  label: string;
}

/**
 * The Kubernetes API object a value of a `kubectl get -o yaml|json` dump came from: a Secret's data
 * key or a CertificateSigningRequest's issued certificate. Structured, so nothing downstream has to
 * take a locator apart to know which namespace or Secret it names.
 */
export interface ObjectRef {
  kind: "Secret" | "CertificateSigningRequest" | CaBundleKind;
  /** Absent for cluster-scoped objects (CSRs) and for a Secret manifest that names none. */
  namespace?: string;
  name: string;
  /** The data key (`tls.crt`), `status/certificate` for a CSR, the field of a `caBundle`. */
  key: string;
  /** The Secret's `type` (`kubernetes.io/tls`, `Opaque`, …). */
  type?: string;
  /** The block of a multi-certificate value (1 for the first, the leaf of a `tls.crt` chain). */
  block?: number;
  /** The controller that says it manages the Secret and renews what it holds (`cert-manager`). */
  managedBy?: string;
}

/** Where a parsed object came from: a file, and for embedded material a `#` locator. */
export interface SourceRef {
  /** The file path. */
  path: string;
  /**
   * e.g. `users/kubernetes-admin` or `clusters/kubernetes` for kubeconfig data; `block 2` for PEM
   * bundles; `cert-manager/webhook-tls/data/tls.crt` for a Secret of a kubectl dump.
   */
  locator?: string;
  /** For material from a dump of API objects: which object and key (never the value). */
  object?: ObjectRef;
}

/**
 * A file's path as the report writes it: `%` and `#` percent-encoded (`%25`, `%23`), so the first
 * `#` of `path#locator` always ends the file's path and no file name can pass for a place inside
 * another file (a file named `admin.conf#users` is `admin.conf%23users`). Applied once, where a
 * path enters the analysis; a path written in configuration is encoded before it is looked up.
 */
export function escapeFilePath(path: string): string {
  return path.includes("%") || path.includes("#") ? path.replace(/%/g, "%25").replace(/#/g, "%23") : path;
}

/** The file's own name back from `escapeFilePath`. */
export function unescapeFilePath(path: string): string {
  return path.includes("%") ? path.replace(/%23/g, "#").replace(/%25/g, "%") : path;
}

/** `path` or `path#locator`, the form used in report paths and finding files. */
export function sourceName(ref: SourceRef): string {
  return ref.locator ? `${ref.path}#${ref.locator}` : ref.path;
}

/**
 * The kubeconfig file of a place inside it (`admin.conf#clusters/kubernetes` → `admin.conf`). A
 * kubeconfig kept in a Secret has a `#` of its own (`secrets.yaml#ns/name/data/admin.conf`), so only
 * the entry part is cut.
 */
export function kubeconfigPathOf(source: string): string {
  return source.replace(/#(clusters|users)\/[^#]*$/, "");
}

export interface CertificateRecord {
  /** `c-` + first 16 hex of sha256; identical DER = one record. */
  id: string;
  sha256: string;
  der: Uint8Array;
  /** Every place the same certificate was seen, in input order. */
  sources: SourceRef[];
  subject: string;
  subjectCN?: string;
  subjectO: string[];
  issuer: string;
  issuerCN?: string;
  serial: string;
  notBefore: string;
  notAfter: string;
  dnsNames: string[];
  ipAddresses: string[];
  /** Other SAN entries, rendered (`email:...`, `URI:...`). */
  otherSans: string[];
  /** EKU names: serverAuth, clientAuth, ... (OID when unnamed). Empty = extension absent. */
  eku: string[];
  ekuPresent: boolean;
  /** Key usage names (digitalSignature, keyEncipherment, keyCertSign, cRLSign, ...). */
  keyUsage: string[];
  keyUsagePresent: boolean;
  basicConstraintsPresent: boolean;
  isCA: boolean;
  pathLength?: number;
  subjectKeyId?: string;
  authorityKeyId?: string;
  publicKey: PublicKeyInfo;
  /** e.g. "sha256WithRSAEncryption", "ecdsa-with-SHA256", "sha1WithRSAEncryption". */
  signatureAlgorithm: string;
  /** Hash of the signature algorithm: SHA-1, SHA-256, MD5, ... */
  signatureHash: string;
  selfIssued: boolean;
}

export interface PrivateKeyRecord {
  /** `k-` + index; keys are never deduplicated by bytes (they are never exported either). */
  id: string;
  source: SourceRef;
  /** `public-half`: a public key standing where the private key belongs (see `publicOnly`). */
  format: "pkcs1" | "pkcs8" | "sec1" | "encrypted-pkcs8" | "openssh" | "public-half" | "unknown";
  /** Absent for encrypted keys (their public half cannot be read). */
  publicKey?: PublicKeyInfo;
  encrypted: boolean;
  /**
   * Only the public half was collected: a `PUBLIC KEY` block where the private key belongs (a
   * `*.key` file, a certificate+key bundle, `client-key-data`, a file a key flag names), as a
   * collector that leaves every secret behind writes it. It pairs with certificates exactly as the
   * private key would (same `publicKey`); it is never encrypted and holds no secret.
   */
  publicOnly?: true;
}

export interface PublicKeyRecord {
  id: string;
  source: SourceRef;
  publicKey: PublicKeyInfo;
}

export interface CsrRecord {
  source: SourceRef;
  subject: string;
  dnsNames: string[];
  ipAddresses: string[];
  publicKey?: PublicKeyInfo;
  /** For a CertificateSigningRequest object of the API (`kubectl get csr -o yaml`): what the API holds. */
  kubernetes?: KubeCsrStatus;
}

/** One `status.conditions[]` entry of a CertificateSigningRequest. */
export interface KubeCsrCondition {
  /** `Approved`, `Denied` or `Failed`. */
  type: string;
  status?: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

/** The API side of a CertificateSigningRequest: who asked which signer for what, and what became of it. */
export interface KubeCsrStatus {
  name: string;
  signerName?: string;
  /** Who created it, as the apiserver authenticated them (`system:node:worker-1`, `system:bootstrap:abcdef`). */
  username?: string;
  groups: string[];
  usages: string[];
  expirationSeconds?: number;
  /** `metadata.creationTimestamp`. */
  created?: string;
  conditions: KubeCsrCondition[];
  /** The certificate `status.certificate` holds, once issued. */
  certificateIds: string[];
}

/**
 * A Secret read from a dump or manifest, with the PKI material of each key: what pairs a `tls.key`
 * with the leaf of its `tls.crt`. Values themselves are never kept.
 */
export interface KubeSecretRecord {
  source: SourceRef;
  namespace?: string;
  name: string;
  type?: string;
  entries: { key: string; certificateIds: string[]; keyIds: string[] }[];
}

/**
 * A bootstrap token Secret (`bootstrap.kubernetes.io/token`, `kube-system/bootstrap-token-<id>`):
 * the token id and its expiry. The token secret is never kept, only noted so it is never shown.
 */
export interface BootstrapTokenRecord {
  source: SourceRef;
  tokenId: string;
  /** RFC 3339, as written; absent for a token that never expires. */
  expiration?: string;
  usages: string[];
}

/** A client certificate/key or other credential inside a kubeconfig user entry. */
export interface KubeconfigUser {
  name: string;
  /** Certificate from `client-certificate-data`, or the resolved `client-certificate` file. */
  clientCertificateIds: string[];
  clientCertificatePath?: string;
  clientKeyId?: string;
  clientKeyPath?: string;
  token?: boolean;
  /** The token's bootstrap-token id (`abcdef` of `abcdef.0123456789abcdef`) when it has that form. */
  bootstrapTokenId?: string;
  tokenFile?: string;
  exec?: { apiVersion?: string; command: string; args: string[] };
  authProvider?: string;
  username?: string;
}

export interface KubeconfigCluster {
  name: string;
  server?: string;
  /** Certificates from `certificate-authority-data` or the resolved `certificate-authority` file. */
  caCertificateIds: string[];
  caPath?: string;
  insecureSkipTlsVerify: boolean;
}

export interface KubeconfigRecord {
  source: SourceRef;
  clusters: KubeconfigCluster[];
  users: KubeconfigUser[];
  contexts: { name: string; cluster: string; user: string }[];
  currentContext?: string;
}

/** Flags as parsed from a command line: `--name=value` and `--name value` both become name → [value]. */
export type FlagMap = Record<string, string[]>;

export interface ManifestRecord {
  source: SourceRef;
  /** Pod name or component label: kube-apiserver, kube-controller-manager, kube-scheduler, etcd, ... */
  component: string;
  image?: string;
  /** `v1.31.2` from the image tag, when it looks like a Kubernetes version. */
  version?: string;
  command: string[];
  flags: FlagMap;
  /** Node name from the pod name suffix or annotations, when present. */
  annotations: Record<string, string>;
  /**
   * The container's mounts of host paths, where they differ: a path a flag names inside the
   * container (`/etc/kubernetes/static-pod-certs/…`) is the file under `hostPath` on the node.
   */
  mounts?: { mountPath: string; hostPath: string }[];
}

export interface KubeletConfigRecord {
  source: SourceRef;
  clientCAFile?: string;
  tlsCertFile?: string;
  tlsPrivateKeyFile?: string;
  /** The port it serves its API on (`port`, 10250 when unset). */
  port?: number;
  rotateCertificates?: boolean;
  serverTLSBootstrap?: boolean;
  anonymousAuth?: boolean;
  webhookAuthn?: boolean;
  authorizationMode?: string;
}

export interface KubeadmFlagsRecord {
  source: SourceRef;
  flags: FlagMap;
}

/** The kind of file a component's flags were read from, so messages can say where a flag came from. */
/**
 * `args-file`: one flag per line in a file of the component's own (MicroK8s `args/<component>`);
 * `config-file`: a configuration file a flag of the component names (OpenShift's --openshift-config).
 */
export type FlagFileOrigin = "systemd" | "env-file" | "etcd-config" | "args-file" | "config-file";

/**
 * Component flags kept outside static-pod manifests: a systemd unit or drop-in (`ExecStart=` of
 * kube-apiserver, etcd, ...), an environment file (kubespray's `/etc/etcd.env`, or any file a unit
 * names with `EnvironmentFile=`), or etcd's `--config-file` YAML. Units keep their command and
 * environment as written: drop-ins and environment files are applied when the cluster model merges
 * every file of one component.
 */
export interface ComponentFlagsRecord {
  source: SourceRef;
  origin: FlagFileOrigin;
  /** kube-apiserver, etcd, kubelet, ...; absent for a generic environment file. */
  component?: string;
  /** systemd: the unit this file configures (`etcd.service`), from its name or its `.service.d` folder. */
  unit?: string;
  /** systemd: the effective `ExecStart=` words as written (no expansion); `[]` after a reset. */
  command?: string[];
  /** The flags this file alone sets (a unit's expanded with its own `Environment=` lines only). */
  flags: FlagMap;
  /** Variables set by `Environment=` lines or by the environment file itself. */
  environment: Record<string, string>;
  /** systemd: `EnvironmentFile=` paths as written, the optional `-` prefix removed. */
  environmentFiles: string[];
}

/** A k3s or RKE2 `config.yaml` (or a `config.yaml.d/*.yaml` drop-in): server options and extra component args. */
export interface K3sConfigRecord {
  source: SourceRef;
  distribution: "k3s" | "rke2" | "unknown";
  nodeName?: string;
  tlsSans: string[];
  clusterCidr?: string;
  serviceCidr?: string;
  dataDir?: string;
  /** `kube-apiserver-arg: [flag=value]` and friends, keyed by the component they configure. */
  args: Record<string, FlagMap>;
}

export interface KubeadmConfigRecord {
  source: SourceRef;
  kubernetesVersion?: string;
  nodeName?: string;
  advertiseAddress?: string;
  bindPort?: number;
  controlPlaneEndpoint?: string;
  certSANs: string[];
  serviceSubnet?: string;
  dnsDomain?: string;
  certificatesDir?: string;
  /** ClusterConfiguration (v1beta4) `certificateValidityPeriod`, as written (`8760h0m0s`). */
  certificateValidityPeriod?: string;
  /** ClusterConfiguration (v1beta4) `caCertificateValidityPeriod`, as written. */
  caCertificateValidityPeriod?: string;
}

export interface EncryptionProvider {
  name: string;
  /**
   * `secretDigest`: the first 16 hex digits of the decoded secret's SHA-256, to compare two control
   * planes' keys without keeping either (never in a report).
   */
  keys: { name: string; secretBytes?: number; secretDigest?: string }[];
}

export interface EncryptionConfigRecord {
  source: SourceRef;
  resources: { resources: string[]; providers: EncryptionProvider[] }[];
}

/**
 * A file that stands in for an absent symlink: the newest `kubelet-client-<date>.pem` for a missing
 * `kubelet-client-current.pem`. Read at `path` exactly as the link would have been.
 */
export interface LinkStandIn {
  /** The link's path (`var/lib/kubelet/pki/kubelet-client-current.pem`). */
  path: string;
  /** The dated file taken in its place. */
  target: string;
  bytes: Uint8Array;
}

/** A container file that stayed shut (a password-protected PKCS#12): reported, never a parse error. */
export interface LockedFile {
  path: string;
  format: "PKCS#12";
  /** No password was given, the given ones are wrong, or the encryption scheme is not read here. */
  status: "password-needed" | "wrong-password" | "unsupported";
  reason: string;
}

export interface ParseProblem {
  path: string;
  reason: string;
  /**
   * `archive`: an archive (or part of one) that could not be read, the rest of it read (PARSE_ERROR);
   * `duplicate-entries`: not a failure to read but an archive holding several entries of one name,
   * each read (ARCHIVE_DUPLICATE_ENTRY); absent for a file that could not be read (PARSE_ERROR).
   */
  kind?: "archive" | "duplicate-entries";
}

/** Everything the files contained, sniffed by content. */
/**
 * The names an installer renders a serving certificate with, from the file it renders it from:
 * MicroK8s's `certs/csr.conf` `[ alt_names ]`, re-rendered with the node's current addresses.
 */
export interface ServingNamesRecord {
  source: SourceRef;
  /** The component whose certificate it is. */
  component: "kube-apiserver";
  /** The certificate file rendered from it (resolved like a flag). */
  certificate: string;
  dnsNames: string[];
  ipAddresses: string[];
}

/** A Talos file, recognised by its shape (read-talos.ts). */
export interface TalosFileRecord {
  source: SourceRef;
  kind: "machine-config" | "secrets" | "talosconfig";
  /** `controlplane` or `worker`, for a machine config. */
  machineType?: string;
}

/**
 * A certificate and its private key named together by one configuration object — Talos's
 * `{crt, key}` (`cluster/ca`): a pairing the configuration states, not one guessed from file names.
 */
export interface ConfiguredPair {
  /** `controlplane.yaml#cluster/ca/crt`. */
  certSource: string;
  keySource: string;
  certificateId: string;
  keyId: string;
}

/**
 * A certificate chain a running process served on a TLS port (`openssl s_client` output, or the
 * collector's `--served` files): what the process really presents, which may not be its file on
 * disk until it restarts. Its certificates are kept here only, never in `Inventory.certificates`,
 * so they take no role, join no chain and raise no rule about files (lib/served/).
 */
export interface ServedChainRecord {
  source: SourceRef;
  /** `s_client`: openssl's output, pasted or dropped; `collector`: the collector's --served files. */
  format: "s_client" | "collector";
  host?: string;
  port?: number;
  /** The component the collector dialled the port for, from the node's configuration. */
  component?: string;
  /** When the chain was read (UTC), when the collector wrote it down. */
  observedAt?: string;
  /** `ok`: a chain was served; else why none was (refused, timeout, no TLS, another error). */
  outcome: "ok" | "refused" | "timeout" | "no-tls" | "error";
  /** openssl's words for a failure. */
  detail?: string;
  /** The chain served, leaf first (sources `path#served block N`). */
  certificates: CertificateRecord[];
  /** `10 (certificate has expired)`: openssl's own verdict with its default CAs. */
  verifyReturn?: string;
}

export interface Inventory {
  fileCount: number;
  certificates: CertificateRecord[];
  privateKeys: PrivateKeyRecord[];
  publicKeys: PublicKeyRecord[];
  csrs: CsrRecord[];
  kubeconfigs: KubeconfigRecord[];
  manifests: ManifestRecord[];
  kubeletConfigs: KubeletConfigRecord[];
  kubeadmFlags: KubeadmFlagsRecord[];
  kubeadmConfigs: KubeadmConfigRecord[];
  encryptionConfigs: EncryptionConfigRecord[];
  /** Systemd units, environment files and etcd config files of components (absent = none read). */
  componentFlags?: ComponentFlagsRecord[];
  /** k3s/RKE2 config.yaml files (absent = none read). */
  k3sConfigs?: K3sConfigRecord[];
  /** Secrets of kubectl dumps and Secret manifests that held PKI material (absent = none read). */
  kubeSecrets?: KubeSecretRecord[];
  /** Bootstrap token Secrets (absent = none read). */
  bootstrapTokens?: BootstrapTokenRecord[];
  /** MicroK8s snap data folders of workers (args/kubelite --start-control-plane=false). */
  microk8sWorkers?: string[];
  /** Names a serving certificate is rendered with, from its installer's request config (MicroK8s csr.conf). */
  servingNames?: ServingNamesRecord[];
  /** Talos machine configs, secrets bundles and talosconfigs (absent = none read). */
  talosFiles?: TalosFileRecord[];
  /** Certificates and keys one configuration object names together (absent = none read). */
  configuredPairs?: ConfiguredPair[];
  /** Chains running processes served on their ports (absent = none read). */
  servedChains?: ServedChainRecord[];
  /** Webhook configurations, APIServices, CRD conversion webhooks and cert-manager objects (absent = none read). */
  trustObjects?: TrustObjects;
  /** Files that look like PKI material but could not be read → PARSE_ERROR findings. */
  problems: ParseProblem[];
  /**
   * Private key bodies, key data and tokens as written, held opaquely (serialises as `{}`): never
   * shown, searched for in the report.
   */
  secrets?: SecretTexts;
  /** PKI containers that could not be opened without (the right) password → KEY_ENCRYPTED findings. */
  locked: LockedFile[];
  /** Files that are not PKI material at all (README, logs, cfssl csr json ...). */
  skipped: ParseProblem[];
  /** Inputs whose content was never read (unreadable, over a limit, outside the folder) → INPUT_SKIPPED. */
  unread: UnreadInput[];
  /** Every path that was read (after archive expansion), for path resolution. */
  paths: string[];
  /** Symlinks: path → resolved target path within the input, when known. */
  links: Record<string, string>;
  /** Absent kubelet `-current.pem` links, each read from the dated file that stands in for it. */
  standIns: { path: string; target: string }[];
}
