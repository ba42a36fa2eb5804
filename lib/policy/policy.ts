/**
 * An audit policy: the limits an auditor sets on a cluster's certificates (lifetimes, keys,
 * signature algorithms, expiry windows, EKUs per role), judged by the POLICY_* rules. Its shape is
 * the policy file's own (docs/policies/*.yaml), so a finding can quote the key that set a limit
 * (`leaf.maxDays: 90`). Plain data: it crosses the Worker boundary and the page's URL as it is.
 */

/** The certificate roles a policy can name: the relationship roles the analysis gives credentials. */
export const POLICY_ROLES = [
  "apiserver-serving",
  "apiserver-kubelet-client",
  "apiserver-etcd-client",
  "etcd-serving",
  "etcd-peer",
  "etcd-healthcheck-client",
  "front-proxy-client",
  "controller-manager-client",
  "scheduler-client",
  "kube-proxy-client",
  "admin-client",
  "kubelet-client",
  "kubelet-serving",
  "kubelet-bootstrap",
  "cluster-ca",
  "etcd-ca",
  "front-proxy-ca",
  "kubelet-serving-ca",
] as const;
export type PolicyRole = (typeof POLICY_ROLES)[number];

/** The layouts a policy can be limited to (ReportLayout names). */
export const POLICY_LAYOUTS = [
  "kubeadm",
  "kind",
  "kubespray",
  "k3s",
  "rke2",
  "rke1",
  "minikube",
  "microk8s",
  "k0s",
  "talos",
  "openshift",
  "eks",
  "hard-way",
  "vault-hard-way",
  "kubernetes",
  "generic-mtls",
] as const;

/** EC curves a policy can allow (the names the analysis gives keys). */
export const POLICY_CURVES = ["P-256", "P-384", "P-521"] as const;

/** Extended key usages a policy can require (the names certificates are read with). */
export const POLICY_EKUS = ["serverAuth", "clientAuth"] as const;

/** Signature algorithms a policy can allow (the names the analysis reads certificates with). */
export const POLICY_SIGNATURE_ALGORITHMS = [
  "sha256WithRSAEncryption",
  "sha384WithRSAEncryption",
  "sha512WithRSAEncryption",
  "rsassaPss",
  "ecdsa-with-SHA256",
  "ecdsa-with-SHA384",
  "ecdsa-with-SHA512",
  "ED25519",
  "ED448",
  "sha1WithRSAEncryption",
  "ecdsa-with-SHA1",
  "sha224WithRSAEncryption",
  "ecdsa-with-SHA224",
  "md5WithRSAEncryption",
] as const;

/** Expiry windows in days, per kind of certificate; `kubelet` is the kubelet's client and serving pair. */
export interface PolicyExpiryWindows {
  ca?: number;
  leaf?: number;
  kubelet?: number;
}

export interface Policy {
  /** What the findings call it: the file's `name`, or `kubeadm-default` for the built-in one. */
  name: string;
  /**
   * `built-in`: the default (kubeadm's own limits, judged only where kubeadm made the
   * certificates); `file`: a policy the user gave, which judges every certificate it selects.
   */
  origin: "built-in" | "file";
  /** Judge only drops whose layout (or one of its conventions) is one of these; absent: every drop. */
  layouts?: string[];
  /** Judge only certificates of these roles; absent: every certificate. */
  roles?: string[];
  leaf?: { maxDays?: number };
  ca?: { maxDays?: number };
  keys?: { minRsaBits?: number; allowedCurves?: string[] };
  signatureAlgorithms?: string[];
  expiryWindowDays?: PolicyExpiryWindows;
  /** Extended key usages each role's certificate must carry. */
  requiredEku?: Record<string, string[]>;
}

/**
 * A lifetime may exceed its limit by this much and still pass: kubeadm and the controller-manager's
 * signer backdate notBefore by 5 minutes (k8s-pki-spec §1.4), so a one-year leaf lives 365 days and
 * 5 minutes; an hour covers that and any rounding of a hand-made certificate's dates.
 */
export const LIFETIME_TOLERANCE_MS = 60 * 60 * 1000;

/** The keys of a policy file, in the order a written-out policy lists them. */
export const POLICY_KEYS = [
  "name",
  "layouts",
  "roles",
  "leaf",
  "ca",
  "keys",
  "signatureAlgorithms",
  "expiryWindowDays",
  "requiredEku",
] as const;
