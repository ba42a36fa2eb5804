/**
 * Every finding code the product can emit, with what it means and what to do: the catalogue the
 * SARIF rules, the Prometheus metrics' zero series and any other list of "what can be found" are
 * made from. A code is stable and never renamed (DESIGN.md "Findings"); its `severity` is the usual
 * one, and `severities` every one a rule may give it (a rule lowers an error where the context makes
 * the fault harmless, e.g. an expired certificate nothing uses; the evidence gate lowers a finding
 * about a relationship that rests on a guess to info, engine/evidence-gate.ts). The catalogue and the rules'
 * `codes` are held to the same set by a unit test, so a new code cannot ship without its words.
 */
import { FINDING_CODES, type FindingCode, type Severity } from "./report";

export type { FindingCode };

/** What part of a cluster's PKI a finding is about, for filters and tags. */
export type FindingCategory = "expiry" | "trust" | "keys" | "identity" | "configuration" | "input";

/** One code's entry in the catalogue. */
export interface FindingCodeInfo {
  /** The severity the code is usually reported at. */
  severity: Severity;
  /** Every severity a rule reports it at, the usual one first. */
  severities: readonly Severity[];
  category: FindingCategory;
  /** A few words naming the fault. */
  title: string;
  /** One sentence: what the finding means. */
  description: string;
  /** What to do about it, in general; each finding's own `fix` names the file and the command. */
  help: string;
}

export const FINDING_CATALOGUE: Record<FindingCode, FindingCodeInfo> = {
  CERT_EXPIRED: {
    severity: "error",
    severities: ["error", "warning"],
    category: "expiry",
    title: "Certificate expired",
    description:
      "A certificate is past its notAfter date, so every peer rejects it (a warning when nothing uses it).",
    help: "Renew the certificate from the same CA (kubeadm: `kubeadm certs renew <name>`), then restart the component that presents it.",
  },
  CERT_NOT_YET_VALID: {
    severity: "error",
    severities: ["error", "warning"],
    category: "expiry",
    title: "Certificate not yet valid",
    description:
      "A certificate's notBefore date is after the judge date, so peers reject it as they would an expired one; usually clock skew.",
    help: "Check the clocks of the node that issued it and of the nodes that verify it (NTP), or reissue the certificate with a notBefore in the past.",
  },
  CERT_EXPIRES_SOON: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "Certificate expires soon",
    description:
      "A certificate is inside its warning window: within the warning days of expiry or in the last fraction of its lifetime.",
    help: "Renew it before it expires (`k8s-pki audit --format plan` lists what to renew when, with the commands).",
  },
  CERT_OUTLIVES_ISSUER: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "Certificate outlives its CA",
    description:
      "A certificate is valid for longer than the CA that signed it, so it stops working when the CA expires, earlier than its own date says.",
    help: "Plan the CA's rotation before the CA expires, or reissue the certificate with a validity inside the CA's.",
  },
  CA_EXPIRES_SOON: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "CA expires within the renewal horizon",
    description:
      "A CA certificate expires within the CA horizon; a CA is rotated, not renewed, and its rotation needs planning.",
    help: "Plan a CA rotation (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/) well before the CA expires.",
  },
  CHAIN_UNTRUSTED: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Certificate not trusted by its verifier",
    description:
      "The CA bundle the other end verifies with does not issue the presented certificate (wrong CA or a missing intermediate).",
    help: "Reissue the certificate from the CA the verifier trusts, or point the verifier at the CA that issued it.",
  },
  CHAIN_BAD_SIGNATURE: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Certificate signed by another CA of the same name",
    description:
      "An issuer of the right name is trusted, but its key does not verify the certificate's signature (a CA re-created with a new key).",
    help: "Reissue the certificate from the CA now in use, or restore the CA that signed it; compare the files with `openssl verify -CAfile`.",
  },
  CHAIN_REJECTED: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Chain refused by Go's crypto/x509",
    description:
      "The verifier's Go code refuses the chain for a rule beyond trust and dates: a path length, an unhandled critical extension, name constraints, an issuer's extended key usage, a signature algorithm, or a certificate it cannot parse.",
    help: "Reissue the certificate the finding names so that it keeps to Go's rules; the finding quotes what Go prints.",
  },
  KUBECONFIG_CA_MISMATCH: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Kubeconfig CA does not verify the API server",
    description:
      "A kubeconfig's certificate-authority does not verify the apiserver's serving certificate, so its client cannot connect.",
    help: "Put the cluster CA in the kubeconfig's certificate-authority-data (kubeadm: `kubeadm init phase kubeconfig` or `kubeadm certs renew <name>.conf`).",
  },
  KEY_MISMATCH: {
    severity: "error",
    severities: ["error", "info"],
    category: "keys",
    title: "Private key does not match its certificate",
    description:
      "A private key is not the key of the certificate it is paired with, so the component cannot complete a TLS handshake.",
    help: "Pair the certificate with its own key, or reissue the certificate for the key in place.",
  },
  EKU_MISSING: {
    severity: "error",
    severities: ["error", "info"],
    category: "identity",
    title: "Extended key usage missing",
    description:
      "A serving certificate lacks serverAuth or a client certificate lacks clientAuth (etcd server and peer certificates need both).",
    help: "Reissue the certificate with the extended key usage its role needs.",
  },
  SAN_MISSING: {
    severity: "error",
    severities: ["error", "info"],
    category: "identity",
    title: "Host missing from the serving certificate",
    description:
      "A host or address the clients dial is not among the serving certificate's subject alternative names.",
    help: "Reissue the serving certificate with every host clients use (kubeadm: `apiServer.certSANs`, then `kubeadm init phase certs apiserver`).",
  },
  IDENTITY_MISMATCH: {
    severity: "error",
    severities: ["error", "warning", "info"],
    category: "identity",
    title: "Identity not what the authorizer expects",
    description:
      "A client certificate's CN or O is not the user or group the apiserver's authorizer grants the component's permissions to.",
    help: "Reissue the certificate with the expected CN and O (kubelets: CN=system:node:<node>, O=system:nodes).",
  },
  NODE_AUTHORIZER_DISABLED: {
    severity: "error",
    severities: ["error", "warning", "info"],
    category: "configuration",
    title: "Node authorizer or NodeRestriction disabled",
    description:
      "kube-apiserver runs without the Node authorizer (an error) or without NodeRestriction admission (a warning), so kubelets are not held to their own node.",
    help: "Run kube-apiserver with `--authorization-mode=Node,RBAC` and `--enable-admission-plugins=NodeRestriction`.",
  },
  CA_REUSED: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "trust",
    title: "CA shared between trust domains",
    description:
      "The front-proxy or etcd CA is the cluster CA (by key), so certificates of one domain are valid in the other (information where the layout does it by design).",
    help: "Give the front proxy and etcd CAs of their own, then reissue the certificates they sign.",
  },
  CA_ROTATION_IN_PROGRESS: {
    severity: "info",
    severities: ["info"],
    category: "trust",
    title: "CA rotation under way",
    description:
      "Two keys under one CA name, with a bundle that trusts both: a rotation is under way. The finding says which step of the manual rotation the files show and what comes next.",
    help: "Follow the steps in order (https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/): distribute the new CA, reissue the leaves, switch the signer, restart, remove the old CA.",
  },
  CA_ROTATION_OUT_OF_ORDER: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "CA rotation step done out of order",
    description:
      "During a CA rotation, a certificate signed by one key is presented to a bundle that trusts only the other: a leaf reissued from the new CA before its peer trusts the new CA, or the old CA removed while something still presents a leaf of it.",
    help: "Put the new CA next to the old one in the bundle named (or reissue the credential from the CA that bundle trusts), restart what reads it, and finish each step on every node before the next.",
  },
  CA_ROTATION_SIGNER_AHEAD: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "trust",
    title: "Signer switched before the new CA is trusted",
    description:
      "kube-controller-manager signs with the new CA key while a bundle that verifies what it signs (the kubelets' client certificates) trusts only the old CA: the next certificate it issues will be refused there.",
    help: "Add the new CA to that bundle and restart what reads it before the signer switches; or put the old CA first in --cluster-signing-cert-file with its key until then.",
  },
  CA_FLAG_UNUSED: {
    severity: "info",
    severities: ["info"],
    category: "trust",
    title: "Leaf marked as a CA",
    description:
      "A certificate says CA:TRUE but signed nothing in the input and nothing trusts it as a CA: a leaf in practice, judged as one, whose key could still sign certificates.",
    help: "Re-issue it without CA:TRUE when it is next renewed (openssl: `-addext basicConstraints=critical,CA:FALSE`).",
  },
  CA_INVALID: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Trust anchor is not a CA",
    description:
      "A certificate used as a trust anchor lacks CA:TRUE or keyCertSign, so verifiers refuse what it signed.",
    help: "Use a real CA certificate as the trust anchor (basicConstraints CA:TRUE, keyUsage keyCertSign).",
  },
  SA_KEY_MISMATCH: {
    severity: "error",
    severities: ["error", "info"],
    category: "keys",
    title: "Service-account keys do not match",
    description:
      "The service-account public key kube-apiserver verifies tokens with is not the half of the key kube-controller-manager signs them with.",
    help: "Derive the public key from the signing key (`openssl pkey -in sa.key -pubout -out sa.pub`) and restart kube-apiserver.",
  },
  SA_KEY_DIFFERS: {
    severity: "error",
    severities: ["error", "info"],
    category: "keys",
    title: "Control planes sign tokens with different keys",
    description:
      "One control plane of an HA cluster signs service-account tokens with another key pair than the others, so its tokens fail elsewhere.",
    help: "Copy one sa.key and sa.pub to every control plane and restart kube-apiserver and kube-controller-manager there.",
  },
  CA_DIFFERS_ACROSS_MEMBERS: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Control planes hold different CAs",
    description:
      "One control plane of an HA cluster verifies with a cluster, etcd or front-proxy CA that shares no key with the other members', so what they sign is refused there.",
    help: "Copy the shared CA certificate and key from a healthy control plane, reissue the leaves it signed and restart the control plane; for a deliberate CA rotation, follow its plan.",
  },
  ENCRYPTION_CONFIG_DIFFERS: {
    severity: "error",
    severities: ["error", "info"],
    category: "configuration",
    title: "Control planes encrypt with different keys",
    description:
      "One control plane's kube-apiserver lacks a key another writes to etcd with, so objects written through one member cannot be read through the other.",
    help: "Give every control plane the same EncryptionConfiguration; rotate keys by adding the new key second on all members before making it first.",
  },
  SAN_DRIFT: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "identity",
    title: "Control planes serve different names",
    description:
      "One control plane's kube-apiserver certificate lacks a name or address most of the other members' carry, so clients that dial it there fail.",
    help: "Reissue that member's apiserver.crt with the same certSANs as the others and restart kube-apiserver.",
  },
  SIGNING_CA_MISMATCH: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Kubelet certificates signed by an untrusted CA",
    description:
      "kube-controller-manager signs kubelet CSRs with a CA that kube-apiserver does not trust for client certificates.",
    help: "Point `--cluster-signing-cert-file` at the CA of kube-apiserver's `--client-ca-file`.",
  },
  FILE_MISSING: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "input",
    title: "Referenced file not in the input",
    description:
      "A flag or kubeconfig names a file that is not in the input, so what depends on it cannot be judged (information where the file is expected to be absent).",
    help: "Add the file to the audit, or fix the path that names it.",
  },
  KUBECONFIG_NO_CREDENTIAL: {
    severity: "error",
    severities: ["error", "info"],
    category: "identity",
    title: "Kubeconfig user without a credential",
    description:
      "A kubeconfig user has no certificate, token or exec plugin, so its requests arrive as system:anonymous.",
    help: "Give the user a client certificate and key, a token or an exec plugin.",
  },
  EXEC_PLUGIN_API_REMOVED: {
    severity: "error",
    severities: ["error", "info"],
    category: "configuration",
    title: "Exec plugin speaks a removed API",
    description:
      "A kubeconfig exec plugin uses client.authentication.k8s.io/v1alpha1, which kubectl and client-go 1.24 and later reject.",
    help: "Update the plugin and its kubeconfig entry to client.authentication.k8s.io/v1 (or v1beta1).",
  },
  ENCRYPTION_CONFIG_WEAK: {
    severity: "error",
    severities: ["error", "warning", "info"],
    category: "configuration",
    title: "Secrets encryption weak or off",
    description:
      "The EncryptionConfiguration writes Secrets unencrypted (identity first) or holds a key of a length kube-apiserver refuses.",
    help: "Put an encrypting provider with a 32-byte key first, keep identity last, restart kube-apiserver and rewrite existing Secrets.",
  },
  REQUESTHEADER_ALLOWED_NAMES_UNSET: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "configuration",
    title: "Front proxy accepted from any certificate",
    description:
      "kube-apiserver trusts the request-header CA without --requestheader-allowed-names, so any certificate from that CA may act as the front proxy.",
    help: "Set `--requestheader-allowed-names=front-proxy-client` (the front proxy's CN).",
  },
  KUBELET_SERVING_UNVERIFIED: {
    severity: "info",
    severities: ["info"],
    category: "trust",
    title: "Kubelet serving certificates not verified",
    description:
      "kube-apiserver has no --kubelet-certificate-authority (kubeadm's default), so it does not verify the kubelets it connects to.",
    help: "Enable `serverTLSBootstrap` for the kubelets, approve their CSRs and set `--kubelet-certificate-authority` on kube-apiserver.",
  },
  BOOTSTRAP_TOKEN_LEFT: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "keys",
    title: "Bootstrap token left on disk",
    description:
      "A bootstrap kubeconfig with a token remains beside a working kubelet client certificate: a stale secret that can join nodes.",
    help: "Delete the bootstrap kubeconfig and the token (`kubeadm token delete <id>`).",
  },
  WEAK_KEY: {
    severity: "warning",
    severities: ["warning"],
    category: "keys",
    title: "Weak key",
    description: "A certificate's key is below current baselines (RSA under 2048 bits, EC under 256).",
    help: "Reissue the certificate with an RSA 2048+ or ECDSA P-256 key.",
  },
  WEAK_SIGNATURE: {
    severity: "warning",
    severities: ["warning"],
    category: "keys",
    title: "Weak signature algorithm",
    description:
      "A certificate is signed with SHA-1 or MD5, which Go (and so Kubernetes 1.24 and later) rejects.",
    help: "Reissue the certificate with a SHA-256 signature.",
  },
  KEY_ENCRYPTED: {
    severity: "info",
    severities: ["info"],
    category: "input",
    title: "Encrypted private key",
    description:
      "A private key or PKCS#12 file is passphrase-protected: no component can read it and it cannot be matched to its certificate.",
    help: "Give the password (`--password-file`) to open a PKCS#12 file, or store the key unencrypted where a component must read it.",
  },
  CSR_PENDING: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "configuration",
    title: "Certificate signing request left pending",
    description:
      "A kubelet's certificate signing request is neither approved nor denied (kubelet-serving requests are never approved automatically), so the certificate it asks for was never issued.",
    help: "Check that the requested names belong to the node, then `kubectl certificate approve <name>`, or approve kubelet-serving requests with an approver you trust.",
  },
  CSR_DENIED: {
    severity: "info",
    severities: ["info"],
    category: "configuration",
    title: "Certificate signing request denied",
    description:
      "A certificate signing request of a Kubernetes signer was denied or failed, and no newer request of the same requester was issued since.",
    help: "Read the condition's reason, fix what the requester asks for, and let it request again (or delete the stale request).",
  },
  WEBHOOK_CA_BUNDLE_MISMATCH: {
    severity: "error",
    severities: ["error", "warning"],
    category: "trust",
    title: "caBundle does not verify the serving certificate",
    description:
      "The caBundle of an admission webhook, an APIService or a CRD conversion webhook does not verify the serving certificate of its Service (another CA, or an expired one), so the apiserver's calls fail: requests are refused (failurePolicy Fail, the APIService, the conversion) or the webhook is silently skipped (Ignore, a warning).",
    help: "Put the CA that signed the Service's serving certificate in the caBundle (cert-manager: the cert-manager.io/inject-ca-from annotation), or reissue the serving certificate from the bundle's CA.",
  },
  APISERVICE_SKIP_TLS_VERIFY: {
    severity: "warning",
    severities: ["warning"],
    category: "trust",
    title: "APIService skips TLS verification",
    description:
      "An APIService sets insecureSkipTLSVerify: the kube-aggregator proxies requests to its Service without verifying the serving certificate.",
    help: "Set the APIService's caBundle to the CA of its serving certificate and insecureSkipTLSVerify to false.",
  },
  CERT_MANAGER_NOT_READY: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "expiry",
    title: "cert-manager Certificate not Ready or not renewed",
    description:
      "A cert-manager Certificate is not Ready, or is past its renewal time while its Secret still holds the certificate that was due (information while it has no status yet).",
    help: "Read `kubectl describe certificate` and its CertificateRequests, fix the issuer, then `cmctl renew`.",
  },
  WEBHOOK_SERVING_UNKNOWN: {
    severity: "info",
    severities: ["info"],
    category: "input",
    title: "Serving certificate of a webhook not in the drop",
    description:
      "A webhook, APIService or CRD conversion webhook names a Service whose serving certificate is in no Secret of the drop, so whether its caBundle verifies it is unknown.",
    help: "Add the TLS Secrets (and cert-manager Certificates) of the cluster to the drop: `k8s-pki collect --objects` writes them.",
  },
  KUBELET_LINK_ABSENT: {
    severity: "info",
    severities: ["info"],
    category: "input",
    title: "Kubelet current-certificate link absent",
    description:
      "No kubelet-client-current.pem (or -server-) link arrived, so the newest dated certificate file was judged in its place.",
    help: "Keep symbolic links when copying /var/lib/kubelet/pki (`tar` or `zip -y`).",
  },
  SERVED_CERT_DIFFERS: {
    severity: "warning",
    severities: ["warning", "error", "info"],
    category: "expiry",
    title: "Served certificate differs from its file",
    description:
      "A running process serves another certificate than the file it is configured with (renewed on disk, not restarted); an error when the served one has expired.",
    help: "Restart the component so it loads its file (kubeadm: move its manifest out of /etc/kubernetes/manifests and back; systemd: `systemctl restart <unit>`), then read the port again.",
  },
  SERVED_CHAIN_UNTRUSTED: {
    severity: "error",
    severities: ["error", "info"],
    category: "trust",
    title: "Served chain not trusted by its clients",
    description:
      "The chain a process really serves does not verify with the CA its clients are configured with, whatever the files say.",
    help: "Restart the component if its file is right; otherwise reissue its serving certificate from the clients' CA.",
  },
  SERVED_ENDPOINT_UNREACHED: {
    severity: "info",
    severities: ["info"],
    category: "input",
    title: "Served endpoint not reached",
    description:
      "A port read for its served chain refused the connection, timed out or spoke no TLS: what it serves is not known.",
    help: "Check that the component runs and listens on that port, then read it again with `openssl s_client -connect host:port -showcerts`.",
  },
  SERVED_CHAIN_UNMATCHED: {
    severity: "info",
    severities: ["info"],
    category: "input",
    title: "Served chain matches no configured component",
    description:
      "A served chain was read on a port no configuration in the input names, or of a component with no serving certificate file to compare it with.",
    help: "Drop the node's configuration with the served chain, or keep the `-connect host:port` line of the s_client output.",
  },
  POLICY_LEAF_LIFETIME: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "Leaf lives longer than the policy allows",
    description:
      "A leaf certificate's validity (notAfter − notBefore) is longer than the policy's leaf.maxDays; without a policy, longer than kubeadm's one year on a kubeadm-made certificate.",
    help: "Reissue it with a shorter validity: kubeadm v1beta4 `certificateValidityPeriod`, then `kubeadm certs renew`; other issuers by their own validity setting.",
  },
  POLICY_CA_LIFETIME: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "CA lives longer than the policy allows",
    description:
      "A CA certificate's validity is longer than the policy's ca.maxDays; without a policy, longer than kubeadm's ten years on a CA kubeadm made.",
    help: "Rotate to a CA with a shorter validity (kubeadm v1beta4 `caCertificateValidityPeriod`); a CA is rotated, not renewed.",
  },
  POLICY_RSA_BITS: {
    severity: "warning",
    severities: ["warning"],
    category: "keys",
    title: "RSA key below the policy's minimum",
    description:
      "A certificate's RSA key has fewer bits than the policy's keys.minRsaBits (keys under 2048 bits are WEAK_KEY).",
    help: "Reissue the certificate with a larger RSA key or an allowed ECDSA curve (kubeadm v1beta4 `encryptionAlgorithm`).",
  },
  POLICY_CURVE: {
    severity: "warning",
    severities: ["warning"],
    category: "keys",
    title: "EC curve not allowed by the policy",
    description: "A certificate's ECDSA key is on a curve missing from the policy's keys.allowedCurves.",
    help: "Reissue the certificate with a key on an allowed curve (kubeadm v1beta4 `encryptionAlgorithm`).",
  },
  POLICY_SIGNATURE_ALGORITHM: {
    severity: "warning",
    severities: ["warning"],
    category: "keys",
    title: "Signature algorithm not allowed by the policy",
    description:
      "A certificate is signed with an algorithm missing from the policy's signatureAlgorithms (SHA-1 and MD5 are WEAK_SIGNATURE).",
    help: "Reissue the certificate from a CA whose key type gives an allowed algorithm.",
  },
  POLICY_EXPIRY_WINDOW: {
    severity: "warning",
    severities: ["warning"],
    category: "expiry",
    title: "Inside the policy's expiry window",
    description:
      "A certificate expires within the policy's expiryWindowDays for its kind (CA, kubelet, other leaf) and no expiry finding already reports it.",
    help: "Renew it (or, for a CA, plan its rotation) now: the policy asks for more notice than the report's thresholds.",
  },
  POLICY_EKU: {
    severity: "warning",
    severities: ["warning"],
    category: "identity",
    title: "Extended key usage the policy requires is missing",
    description:
      "A certificate of a role lacks an extended key usage the policy's requiredEku lists for that role.",
    help: "Reissue the certificate with the extended key usages its role requires.",
  },
  KUBEADM_VALIDITY_PERIOD: {
    severity: "warning",
    severities: ["warning"],
    category: "configuration",
    title: "kubeadm validity period over kubeadm's recommendation",
    description:
      "A kubeadm ClusterConfiguration sets certificateValidityPeriod over 8760h or caCertificateValidityPeriod over 87600h (kubeadm's own warnings), or a leaf period longer than the CA period.",
    help: "Shorten the period in the kubeadm configuration and upload it; leaves take it at their next renewal.",
  },
  PARSE_ERROR: {
    severity: "warning",
    severities: ["warning"],
    category: "input",
    title: "File could not be read",
    description:
      "A file that looks like PKI material could not be parsed; everything else was analysed without it.",
    help: "Check the file is complete and in PEM, DER or kubeconfig format (`openssl x509 -in FILE -noout -text`).",
  },
  ARCHIVE_DUPLICATE_ENTRY: {
    severity: "warning",
    severities: ["warning"],
    category: "input",
    title: "Archive holds entries of one name",
    description:
      "An archive holds several entries with the same path. Extracting it leaves the last, which is judged under that path; each earlier one is judged under its own name, so no copy is lost in silence.",
    help: "Pack the node's files once (`tar czf node.tgz /etc/kubernetes`): an archive appended to (`tar -r`) or built twice can hold two versions of one file, and which one a node uses is the one on its disk.",
  },
  INPUT_SKIPPED: {
    severity: "warning",
    severities: ["warning", "info"],
    category: "input",
    title: "Input not read",
    description:
      "An input was not read: unreadable, a link to nothing, or over a size or archive limit (information for a link out of the audited folder).",
    help: "Run the audit with the permissions to read it (`sudo`), or within the limits the finding names.",
  },
};

/** Every code, in the catalogue's order (by what they are about, the usual severity first). */
export const ALL_FINDING_CODES: readonly FindingCode[] = FINDING_CODES;

/** Whether `code` is one of the catalogue's codes. */
export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(FINDING_CATALOGUE, code);
}

/** The catalogue's entry for a code, or undefined for a code it does not know (a newer analyzer's). */
export function findingCodeInfo(code: string): FindingCodeInfo | undefined {
  return isFindingCode(code) ? FINDING_CATALOGUE[code] : undefined;
}
