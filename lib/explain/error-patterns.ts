/**
 * The error strings `explain` recognises: what Go's crypto/x509 and crypto/tls, client-go and
 * kubectl, the kubelet, etcd, kubeadm and kube-apiserver really print when a certificate is refused.
 * Each row names the program and source file that prints it, a real instance of the text (the
 * tests explain every one against a fixture), which side of the connection prints it and what is
 * read out of it. The words are the upstream programs' own; see the README's "explain" section.
 */

/** What a pattern means for the certificates in a drop: the matcher's branch. */
export type ErrorKind =
  | "unknown-authority"
  | "expired"
  | "not-yet-valid"
  | "hostname"
  | "no-ip-sans"
  | "no-names"
  | "legacy-common-name"
  | "incompatible-usage"
  | "not-authorized-to-sign"
  | "insecure-algorithm"
  | "peer-refused"
  | "not-tls"
  | "no-client-certificate"
  | "unauthorized"
  | "kubeconfig-expired"
  | "certificate-rotation"
  | "not-signed-by-ca"
  /** A wrapper: it says who printed the error and where they were connecting, not what failed. */
  | "context";

/** Which end of the TLS connection printed the text: the one that refused, or the one refused. */
export type ErrorSide = "client" | "server" | "either";

/** A fact `explain` reads out of a text (see parse-facts.ts). */
export type FactName =
  | "candidateAuthority"
  | "hintError"
  | "currentTime"
  | "notAfter"
  | "notBefore"
  | "wantedHost"
  | "validFor"
  | "serial"
  | "subjectKeyId"
  | "authorityKeyId"
  | "serverName"
  | "remoteAddress"
  | "url"
  | "path"
  | "node"
  | "signer"
  | "certificateName"
  | "sha256"
  | "algorithm";

export interface ErrorPattern {
  id: string;
  kind: ErrorKind;
  /** The program and the file in its source that prints it. */
  source: { project: string; file: string };
  side: ErrorSide;
  /** What the text says, for people. */
  title: string;
  /** A real instance of the text (the tests' fixture). */
  example: string;
  /** Linear, bounded: recognises the text anywhere in a paste. */
  test: RegExp;
  /** The facts this pattern's text carries. */
  parses: readonly FactName[];
}

const GO_VERIFY = { project: "golang/go", file: "src/crypto/x509/verify.go" };
const GO_TLS_ALERT = { project: "golang/go", file: "src/crypto/tls/alert.go" };

/** Every recognised error string, most specific first. */
export const ERROR_PATTERNS: readonly ErrorPattern[] = [
  {
    id: "x509-unknown-authority-candidate",
    kind: "unknown-authority",
    source: GO_VERIFY,
    side: "either",
    title: "no trusted CA signed the certificate; one of the same name was tried and its key did not verify",
    example:
      'x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")',
    test: /certificate signed by unknown authority \(possibly because of "[^"\n]{1,200}" while trying to verify candidate authority certificate "[^"\n]{0,256}"\)/,
    parses: ["hintError", "candidateAuthority"],
  },
  {
    id: "x509-unknown-authority",
    kind: "unknown-authority",
    source: GO_VERIFY,
    side: "either",
    title: "no CA the verifier trusts signed the certificate",
    example: "x509: certificate signed by unknown authority",
    test: /x509: certificate signed by unknown authority/,
    parses: [],
  },
  {
    id: "x509-expired",
    kind: "expired",
    source: GO_VERIFY,
    side: "either",
    title: "a certificate in the chain has expired",
    example:
      "x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z",
    test: /certificate has expired or is not yet valid: current time \S{1,40} is after \S{1,40}/,
    parses: ["currentTime", "notAfter"],
  },
  {
    id: "x509-not-yet-valid",
    kind: "not-yet-valid",
    source: GO_VERIFY,
    side: "either",
    title: "a certificate in the chain is not valid yet (its notBefore is after the verifier's clock)",
    example:
      "x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is before 2026-07-01T00:00:00Z",
    test: /certificate has expired or is not yet valid: current time \S{1,40} is before \S{1,40}/,
    parses: ["currentTime", "notBefore"],
  },
  {
    id: "x509-hostname-mismatch",
    kind: "hostname",
    source: GO_VERIFY,
    side: "client",
    title: "the server's certificate does not name the host or address the client dialled",
    example:
      "x509: certificate is valid for control-1, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, not 10.0.0.10",
    test: /x509: certificate is valid for [^\n]{1,4000}?, not [^\s",\])]{1,256}/,
    parses: ["validFor", "wantedHost"],
  },
  {
    id: "x509-no-ip-sans",
    kind: "no-ip-sans",
    source: GO_VERIFY,
    side: "client",
    title: "the client dialled an IP address and the server's certificate has no IP SAN at all",
    example: "x509: cannot validate certificate for 10.0.0.10 because it doesn't contain any IP SANs",
    test: /x509: cannot validate certificate for [^\s]{1,256} because it doesn't contain any IP SANs/,
    parses: ["wantedHost"],
  },
  {
    id: "x509-no-names",
    kind: "no-names",
    source: GO_VERIFY,
    side: "client",
    title: "the server's certificate has no SAN of the dialled kind at all",
    example: "x509: certificate is not valid for any names, but wanted to match control-1",
    test: /x509: certificate is not valid for any names, but wanted to match [^\s",\])]{1,256}/,
    parses: ["wantedHost"],
  },
  {
    id: "x509-legacy-common-name",
    kind: "legacy-common-name",
    source: GO_VERIFY,
    side: "client",
    title: "the server's certificate names the host only in its Common Name, which Go ignores since 1.15",
    example: "x509: certificate relies on legacy Common Name field, use SANs instead",
    test: /x509: certificate relies on legacy Common Name field/,
    parses: [],
  },
  {
    id: "x509-incompatible-usage",
    kind: "incompatible-usage",
    source: GO_VERIFY,
    side: "either",
    title: "the certificate's extended key usage does not allow this use (serverAuth or clientAuth)",
    example: "x509: certificate specifies an incompatible key usage",
    test: /x509: certificate specifies an incompatible key usage/,
    parses: [],
  },
  {
    id: "x509-not-authorized-to-sign",
    kind: "not-authorized-to-sign",
    source: GO_VERIFY,
    side: "either",
    title: "the issuer in the chain is not a CA (basicConstraints CA:FALSE or no keyCertSign)",
    example: "x509: certificate is not authorized to sign other certificates",
    test: /x509: certificate is not authorized to sign other certificates/,
    parses: [],
  },
  {
    id: "x509-insecure-algorithm",
    kind: "insecure-algorithm",
    source: GO_VERIFY,
    side: "either",
    title: "a signature in the chain uses an algorithm Go refuses (SHA-1 since Go 1.18)",
    example:
      "x509: cannot verify signature: insecure algorithm SHA1-RSA (temporarily override with GODEBUG=x509sha1=1)",
    test: /x509: cannot verify signature: insecure algorithm [A-Za-z0-9-]{1,40}/,
    parses: ["algorithm"],
  },
  {
    id: "tls-remote-bad-certificate",
    kind: "peer-refused",
    source: GO_TLS_ALERT,
    side: "either",
    title: "the other end refused the certificate this end presented (TLS alert bad_certificate)",
    example: "remote error: tls: bad certificate",
    test: /remote error: tls: bad certificate/,
    parses: [],
  },
  {
    id: "tls-remote-unknown-ca",
    kind: "peer-refused",
    source: GO_TLS_ALERT,
    side: "either",
    title: "the other end does not trust the CA of the certificate this end presented (TLS alert unknown_ca)",
    example: "remote error: tls: unknown certificate authority",
    test: /remote error: tls: unknown certificate authority/,
    parses: [],
  },
  {
    id: "tls-remote-expired-certificate",
    kind: "peer-refused",
    source: GO_TLS_ALERT,
    side: "either",
    title: "the other end found the certificate this end presented expired (TLS alert certificate_expired)",
    example: "remote error: tls: expired certificate",
    test: /remote error: tls: expired certificate/,
    parses: [],
  },
  {
    id: "tls-first-record-not-tls",
    kind: "not-tls",
    source: { project: "golang/go", file: "src/crypto/tls/conn.go" },
    side: "either",
    title: "the other end does not speak TLS on this port (plain HTTP, or the wrong port)",
    example: "tls: first record does not look like a TLS handshake",
    test: /tls: first record does not look like a TLS handshake/,
    parses: [],
  },
  {
    id: "tls-client-no-certificate",
    kind: "no-client-certificate",
    source: { project: "golang/go", file: "src/crypto/tls/handshake_server.go" },
    side: "server",
    title: "the server requires a client certificate and the client presented none",
    example: "tls: client didn't provide a certificate",
    test: /tls: client didn't provide a certificate/,
    parses: [],
  },
  {
    id: "tls-failed-to-verify-certificate",
    kind: "context",
    source: { project: "golang/go", file: "src/crypto/tls/handshake_client.go" },
    side: "client",
    title: "Go 1.20+ wraps the x509 error of a verification it did during the handshake",
    example:
      "tls: failed to verify certificate: x509: certificate is valid for control-1, localhost, not etcd-0.example",
    test: /tls: failed to verify certificate: /,
    parses: [],
  },
  {
    id: "tls-failed-to-verify-client-certificate",
    kind: "context",
    source: { project: "golang/go", file: "src/crypto/tls/handshake_server.go" },
    side: "server",
    title: "the server (Go 1.19 and older) refused the client's certificate",
    example: "tls: failed to verify client certificate: x509: certificate signed by unknown authority",
    test: /tls: failed to verify client certificate: /,
    parses: [],
  },
  {
    id: "etcd-rejected-connection",
    kind: "context",
    source: { project: "etcd-io/etcd", file: "client/pkg/transport/listener_tls.go" },
    side: "server",
    title: "etcd refused a TLS connection from a client or a peer",
    example:
      'rejected connection from "10.0.0.11:52344" (error "remote error: tls: bad certificate", ServerName "")',
    test: /rejected connection from "[^"\n]{1,256}" \(error "[^\n]{1,2000}?", ServerName "[^"\n]{0,256}"/,
    parses: ["remoteAddress", "serverName"],
  },
  {
    id: "etcd-rejected-connection-json",
    kind: "context",
    source: { project: "etcd-io/etcd", file: "server/embed/config_logging.go" },
    side: "server",
    title: "etcd (structured logs) refused a TLS connection from a client or a peer",
    example:
      '{"level":"warn","ts":"2026-06-01T00:00:00.000Z","caller":"embed/config_logging.go:169","msg":"rejected connection","remote-addr":"127.0.0.1:41234","server-name":"","error":"tls: failed to verify certificate: x509: certificate signed by unknown authority"}',
    test: /"msg":"rejected connection"/,
    parses: ["remoteAddress", "serverName"],
  },
  {
    id: "grpc-handshake-failed",
    kind: "context",
    source: { project: "grpc/grpc-go", file: "internal/transport/http2_client.go" },
    side: "client",
    title: "a gRPC client (kube-apiserver dialling etcd) failed the TLS handshake",
    example:
      'grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1:2379", }. Err: connection error: desc = "transport: authentication handshake failed: x509: certificate signed by unknown authority"',
    test: /transport: authentication handshake failed: /,
    parses: ["serverName"],
  },
  {
    id: "kubelet-register-node",
    kind: "context",
    source: { project: "kubernetes/kubernetes", file: "pkg/kubelet/kubelet_node_status.go" },
    side: "client",
    title: "the kubelet could not register its node with kube-apiserver",
    example:
      'E0601 00:00:00.000000    1234 kubelet_node_status.go:96] "Unable to register node with API server" err="Post \\"https://10.0.0.10:6443/api/v1/nodes\\": x509: certificate signed by unknown authority" node="control-1"',
    test: /Unable to register node with API server/,
    parses: ["url", "node"],
  },
  {
    id: "kubelet-bootstrap-expired",
    kind: "kubeconfig-expired",
    source: { project: "kubernetes/kubernetes", file: "pkg/kubelet/certificate/bootstrap/bootstrap.go" },
    side: "client",
    title:
      "the kubelet's client certificate in its kubeconfig has expired, and it has no bootstrap token to get another",
    example:
      "E0601 00:00:00.000000    1234 bootstrap.go:266] part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: 2026-05-01 00:00:00 +0000 UTC",
    test: /part of the existing bootstrap client certificate in [^\s:]{1,512} is expired: [^\n"]{1,60}/i,
    parses: ["path", "notAfter"],
  },
  {
    id: "kubelet-certificate-rotation",
    kind: "certificate-rotation",
    source: { project: "kubernetes/client-go", file: "util/certificate/certificate_manager.go" },
    side: "either",
    title: "the kubelet's certificate manager reports on the certificate it rotates",
    example:
      "I0601 00:00:00.000000    1234 certificate_manager.go:356] kubernetes.io/kube-apiserver-client-kubelet: Certificate expiration is 2027-01-01 00:00:00 +0000 UTC, rotation deadline is 2026-10-13 06:24:30.144 +0000 UTC",
    test: /kubernetes\.io\/(?:kube-apiserver-client-kubelet|kubelet-serving):? ?[^\n]{0,200}?(?:Certificate rotation is enabled|Certificate expiration is|Rotating certificates)/,
    parses: ["signer", "notAfter"],
  },
  {
    id: "kubectl-unable-to-connect",
    kind: "context",
    source: { project: "kubernetes/kubectl", file: "pkg/cmd/util/helpers.go" },
    side: "client",
    title: "kubectl could not reach the server it was configured for",
    example:
      "Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority",
    test: /Unable to connect to the server: /,
    parses: [],
  },
  {
    id: "kubectl-unauthorized",
    kind: "unauthorized",
    source: { project: "kubernetes/kubectl", file: "pkg/cmd/util/helpers.go" },
    side: "client",
    title: "kube-apiserver did not accept the client's credential (401)",
    example: "error: You must be logged in to the server (Unauthorized)",
    test: /You must be logged in to the server \(Unauthorized\)/,
    parses: [],
  },
  {
    id: "kubeadm-error-execution-phase",
    kind: "context",
    source: { project: "kubernetes/kubernetes", file: "cmd/kubeadm/app/cmd/phases/workflow/runner.go" },
    side: "client",
    title: "a kubeadm phase failed",
    example:
      'error execution phase preflight: unable to fetch the kubeadm-config ConfigMap: failed to get config map: Get "https://10.0.0.10:6443/api/v1/namespaces/kube-system/configmaps/kubeadm-config?timeout=10s": x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z',
    test: /error execution phase [a-z/-]{1,60}:/,
    parses: ["url"],
  },
  {
    id: "kubeadm-not-signed-by-ca",
    kind: "not-signed-by-ca",
    source: { project: "kubernetes/kubernetes", file: "cmd/kubeadm/app/phases/certs/certs.go" },
    side: "either",
    title: "kubeadm found an existing certificate its CA did not sign",
    example:
      "error execution phase certs/apiserver-etcd-client: certificate apiserver-etcd-client is not signed by corresponding CA",
    test: /certificate [a-z0-9-]{1,60} is not signed by corresponding CA/,
    parses: ["certificateName"],
  },
  {
    id: "apiserver-unable-to-authenticate",
    kind: "context",
    source: {
      project: "kubernetes/kubernetes",
      file: "staging/src/k8s.io/apiserver/pkg/authentication/request/x509/x509.go",
    },
    side: "server",
    title: "kube-apiserver refused a client certificate; it names the certificate by serial and key ids",
    example:
      'E0601 00:00:00.000000       1 authentication.go:73] "Unable to authenticate the request" err="[verifying certificate SN=3980371172624791233, SKID=, AKID= failed: x509: certificate signed by unknown authority (possibly because of \\"crypto/rsa: verification error\\" while trying to verify candidate authority certificate \\"kubernetes\\")]"',
    test: /verifying certificate SN=\d{1,60}, SKID=[0-9A-F:]{0,200}, AKID=[0-9A-F:]{0,200} failed/,
    parses: ["serial", "subjectKeyId", "authorityKeyId"],
  },
  {
    id: "apiserver-credential-id",
    kind: "context",
    source: {
      project: "kubernetes/kubernetes",
      file: "staging/src/k8s.io/apiserver/pkg/authentication/request/x509/x509.go",
    },
    side: "server",
    title: "the audit log's credential id of a client certificate: its SHA-256",
    example:
      '"user":{"username":"kubernetes-admin","groups":["kubeadm:cluster-admins","system:authenticated"],"extra":{"authentication.kubernetes.io/credential-id":["X509SHA256=acc607b007abe3e4a5b9d31c2441ef77a1224a1e8df76ed3ee06db14a1bd6120"]}}',
    test: /X509SHA256=[0-9a-f]{64}/,
    parses: ["sha256"],
  },
];

/** The patterns a text matches, in table order. */
export function matchPatterns(text: string): ErrorPattern[] {
  return ERROR_PATTERNS.filter((pattern) => pattern.test.test(text));
}
