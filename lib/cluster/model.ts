/**
 * The cluster model: who uses which credential and trusts which CA. Built from the inventory by
 * `buildClusterModel`; read by the checks. Everything here points at inventory records, so a check
 * can always quote the file a fact came from.
 */
import type {
  CertificateRecord,
  FlagMap,
  KubeconfigRecord,
  ManifestRecord,
  PrivateKeyRecord,
  PublicKeyRecord,
} from "../inventory";
import type {
  ComponentKind,
  CredentialKind,
  Evidence,
  EvidenceSource,
  RelationshipId,
  ReportLayout,
} from "../report";

/** Why a kubeconfig was given its role (kubeconfig-roles.ts); "convention" holds only in a recognised layout. */
export interface RoleEvidence {
  source: EvidenceSource;
  from: string;
}

/** How a file reference was found: declared by a flag/kubeconfig, guessed from kubeadm's layout, or found by content. */
export type RefOrigin = "declared" | "convention" | "content";

/** A reference from configuration to a file, and what it resolved to. */
export interface FileRef {
  /** The flag or field that names the file: `--tls-cert-file`, `users/admin client-certificate`. */
  field: string;
  /** The path as written in the configuration (absolute in manifests). */
  declared: string;
  /** The file that declares it (a manifest, kubeconfig, config.yaml), when declared. */
  declaredIn?: string;
  /** The dropped path it resolved to, if any. */
  path?: string;
  origin: RefOrigin;
}

/** A CA bundle one side uses to verify the other. */
export interface TrustBundle {
  /** `pki/ca.crt`, or `admin.conf#clusters/kubernetes`. */
  source: string;
  certs: CertificateRecord[];
  ref?: FileRef;
  /** True when the bundle came from a kubeconfig's certificate-authority(-data). */
  fromKubeconfig?: boolean;
}

/** A credential one side presents: a certificate (with optional chain and key) or a non-certificate credential. */
export interface Credential {
  kind: CredentialKind;
  source: string;
  /** The leaf certificate (first certificate of the file or data). */
  cert?: CertificateRecord;
  /** Further certificates presented with the leaf (intermediates). */
  chain: CertificateRecord[];
  key?: PrivateKeyRecord;
  keySource?: string;
  certRef?: FileRef;
  keyRef?: FileRef;
  kubeconfig?: KubeconfigRecord;
  user?: string;
}

/** The kind of file a flag came from; "convention" is kubeadm's layout, assumed when nothing says otherwise. */
export type ConfigOrigin =
  | "manifest"
  | "systemd"
  | "env-file"
  | "etcd-config"
  | "args-file"
  | "config-file"
  | "k3s-config"
  | "convention";

/**
 * The flags a component runs with: from its static-pod manifest, systemd unit (with drop-ins and
 * environment files), environment file or etcd config file; or kubeadm's defaults when none was
 * dropped (k3s/RKE2 `*-arg` options then layered on top, origin still "convention").
 */
export interface ComponentConfig {
  kind: ComponentKind;
  origin: Exclude<ConfigOrigin, "k3s-config">;
  manifest?: ManifestRecord;
  /** The main file: the manifest, the unit, the environment or config file. */
  source?: string;
  /** Every file merged into this configuration, the main one first. */
  sources?: string[];
  flags: FlagMap;
  /** Per flag, the file its effective value came from and what kind of file that is. */
  flagSources?: Record<string, { path: string; origin: ConfigOrigin }>;
  /** Variables a unit's command names that neither its `Environment=` nor a dropped EnvironmentFile sets. */
  unresolvedVariables?: string[];
  /**
   * Nothing in the drop configures the component and no recognised layout says where its files are:
   * its flags are empty, and nothing is said about it (no kubeadm default invents it).
   */
  absent?: true;
}

export interface KubeletInstance {
  node: string;
  /** Component id: `kubelet:<node>`. */
  id: string;
  kubeconfig?: KubeconfigRecord;
  client?: Credential;
  serving?: Credential;
  /**
   * The certificate the kubelet rotated into kubelet-client-current.pem while its kubeconfig still
   * embeds an older one (kubernetes#71825): the kubelet presents the kubeconfig's, so that is
   * `client`; this one is what the kubeconfig should point at.
   */
  rotatedClient?: Credential;
  /** authentication.x509.clientCAFile (or --client-ca-file). */
  clientCA?: TrustBundle;
  clientCARef?: FileRef;
  configSource?: string;
  rotateCertificates?: boolean;
  serverTLSBootstrap?: boolean;
  bootstrapKubeconfig?: KubeconfigRecord;
  sources: string[];
}

export interface ModelComponent {
  id: string;
  kind: ComponentKind;
  name: string;
  node?: string;
  sources: string[];
}

/** What the server's authorizer must see for a client certificate. */
export interface IdentityRule {
  /** Who needs it, for messages: "the Node authorizer", "RBAC's bootstrap binding system:kube-scheduler". */
  authority: string;
  check(cn: string | undefined, orgs: string[]): IdentityVerdict | undefined;
}

export interface IdentityVerdict {
  severity: "error" | "warning" | "info";
  problem: string;
  fix: string;
}

/** A host a client dials, which the serving certificate must cover. */
export interface DialedName {
  host: string;
  /** Where the name comes from: `admin.conf server:`, `--advertise-address`. */
  from: string;
}

/** One instance of a trust relationship, with everything a check needs to judge it. */
export interface RelationshipWiring {
  id: RelationshipId;
  key: string;
  primary: boolean;
  client: string;
  server: string;
  summary: string;
  clientCredential?: Credential;
  /** Bundles the client verifies the server with (several for apiserver-serving: one per kubeconfig). */
  clientVerifiers: TrustBundle[];
  serverCredential?: Credential;
  /**
   * Further serving certificates the server picks by the name a client asks for (SNI:
   * kube-apiserver --tls-sni-cert-key, OpenShift's namedCertificates), with those names when given.
   */
  sniCredentials?: { credential: Credential; names: string[] }[];
  serverVerifiers: TrustBundle[];
  /** EKU the client cert / server cert must carry. */
  clientEku: string[];
  serverEku: string[];
  identity?: IdentityRule;
  dialedNames: DialedName[];
  /** The certificates this relationship is about: its findings are attributed to it first. */
  subjectCertIds: string[];
  missing: string[];
  /** Set when the server does not verify the client certificate / client does not verify server on purpose. */
  unverifiedBy?: "client" | "server";
  /** What each end's credential and bundle rests on (provenance.ts); a guess leaves the wiring unknown. */
  evidence?: Evidence[];
}

export interface ServiceAccountKeys {
  signingKey?: PrivateKeyRecord;
  signingKeyRef?: FileRef;
  /** Public keys (or certificates' keys) apiserver verifies tokens with. */
  verifyKeys: { source: string; key: PublicKeyRecord | PrivateKeyRecord | CertificateRecord }[];
  verifyRefs: FileRef[];
  controllerManagerKey?: PrivateKeyRecord;
  controllerManagerKeyRef?: FileRef;
}

export interface ClusterModel {
  /** The recognised layout (detect-layout.ts). */
  layout: ReportLayout;
  /** Each control plane's own model, when the drop holds several (HA): checks compare them. */
  controlPlanes?: { node: string; root: string; model: ClusterModel }[];
  version?: string;
  versionSource?: string;
  /** Kubernetes minor version (31 for v1.31.4), when known. */
  minor?: number;
  nodes: string[];
  advertiseAddress?: string;
  serviceCidr?: string;
  dnsDomain: string;
  apiserver?: ComponentConfig;
  controllerManager?: ComponentConfig;
  scheduler?: ComponentConfig;
  etcd?: ComponentConfig;
  kubelets: KubeletInstance[];
  /** Kubeconfigs by the component they belong to. */
  kubeconfigRoles: Map<KubeconfigRecord, string>;
  /** Why each kubeconfig has its role. */
  kubeconfigRoleEvidence?: Map<KubeconfigRecord, RoleEvidence>;
  components: ModelComponent[];
  wirings: RelationshipWiring[];
  serviceAccount: ServiceAccountKeys;
  /** kube-apiserver --client-ca-file. */
  clientCA?: TrustBundle;
  /** kube-controller-manager --cluster-signing-cert-file (signs kubelet CSRs). */
  signingCA?: TrustBundle;
  /** kube-apiserver --encryption-provider-config (the EncryptionConfiguration it loads). */
  encryptionConfigRef?: FileRef;
  /** Every file reference made by configuration, for FILE_MISSING. */
  refs: FileRef[];
  /** Role label per certificate id (apiserver-serving, cluster-ca, ...). */
  certRoles: Map<string, string>;
  /** Relationships left out because nothing of them is in the drop (a worker's folder alone). */
  notInDrop?: { relationships: RelationshipId[]; note: string };
  /** Which trust anchors each role maps to (cluster-ca → certificate). */
  anchors: { role: string; name: string; cert?: CertificateRecord; source: string }[];
}
