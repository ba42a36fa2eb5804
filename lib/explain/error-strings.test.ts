import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import type { ExplainVerdict } from "./answer";
import { ERROR_PATTERNS, matchPatterns } from "./error-patterns";
import { explainText } from "./explain-text";

const NOW = new Date("2026-06-01T00:00:00Z");

interface Case {
  name: string;
  fixture: string;
  /** Judge date of the fixture, when not the fixtures' own. */
  at?: string;
  text: string;
  patterns: string[];
  verdict: ExplainVerdict;
  /** The best candidate's path. */
  first?: string;
  relationship?: string;
  why?: RegExp;
}

const CASES: Case[] = [
  {
    name: "kubectl: admin.conf's embedded CA is an older CA also named kubernetes",
    fixture: "stale-ca-admin-kubeconfig",
    text: 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")',
    patterns: [
      "x509-unknown-authority-candidate",
      "x509-unknown-authority",
      "tls-failed-to-verify-certificate",
      "kubectl-unable-to-connect",
    ],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
    relationship: "apiserver-serving",
    why: /candidate authority certificate "kubernetes" is the CA in etc\/kubernetes\/admin\.conf#clusters\/kubernetes.*signed by another key: it is etc\/kubernetes\/.*pki\/ca\.crt|signed by another key: it is etc\/kubernetes\/controller-manager\.conf#clusters\/kubernetes/,
  },
  {
    name: "kube-apiserver names the scheduler's certificate by serial (SN=, SKID=, AKID=)",
    fixture: "stale-ca-scheduler-cert",
    text: ERROR_PATTERNS.find((p) => p.id === "apiserver-unable-to-authenticate")?.example ?? "",
    patterns: [
      "x509-unknown-authority-candidate",
      "x509-unknown-authority",
      "apiserver-unable-to-authenticate",
    ],
    verdict: "explained",
    first: "etc/kubernetes/scheduler.conf#users/system:kube-scheduler",
    relationship: "scheduler-client",
    why: /serial 373d1e7e1a8176c1 \(SN=3980371172624791233 in decimal\).*kube-scheduler presents it/,
  },
  {
    name: "etcd rejects kube-apiserver's client certificate issued by the cluster CA",
    fixture: "wrong-ca-etcd-client",
    text: 'rejected connection from "127.0.0.1:41234" (error "tls: failed to verify client certificate: x509: certificate signed by unknown authority", ServerName "")',
    patterns: [
      "x509-unknown-authority",
      "tls-failed-to-verify-client-certificate",
      "etcd-rejected-connection",
    ],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    relationship: "apiserver-etcd-client",
    why: /apiserver-etcd-client\.crt is issued by "kubernetes" \(.*ca\.crt\), but etcd verifies it with etc\/kubernetes\/pki\/etcd\/ca\.crt, which holds "etcd-ca"/,
  },
  {
    name: "etcd's structured log line for the same",
    fixture: "wrong-ca-etcd-client",
    text: ERROR_PATTERNS.find((p) => p.id === "etcd-rejected-connection-json")?.example ?? "",
    patterns: ["x509-unknown-authority", "tls-failed-to-verify-certificate", "etcd-rejected-connection-json"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    relationship: "apiserver-etcd-client",
  },
  {
    name: "kubeadm: an existing certificate its CA did not sign",
    fixture: "wrong-ca-etcd-client",
    text: ERROR_PATTERNS.find((p) => p.id === "kubeadm-not-signed-by-ca")?.example ?? "",
    patterns: ["kubeadm-error-execution-phase", "kubeadm-not-signed-by-ca"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    relationship: "apiserver-etcd-client",
    why: /kubeadm expects pki\/etcd\/ca\.crt/,
  },
  {
    name: "kubectl: the apiserver's certificate expired at the instant in the error",
    fixture: "expired-apiserver",
    text: "Unable to connect to the server: x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z",
    patterns: ["x509-expired", "kubectl-unable-to-connect"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
    relationship: "apiserver-serving",
    why: /apiserver\.crt expired at 2026-05-01T00:00:00\.000Z, the instant in the error; kube-apiserver presents it/,
  },
  {
    name: "kubeadm preflight on the same",
    fixture: "expired-apiserver",
    text: ERROR_PATTERNS.find((p) => p.id === "kubeadm-error-execution-phase")?.example ?? "",
    patterns: ["x509-expired", "kubeadm-error-execution-phase"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
    relationship: "apiserver-serving",
  },
  {
    name: "the kubelet cannot register: the apiserver's certificate expired",
    fixture: "expired-apiserver",
    text: 'E0601 00:00:00.000000    1234 kubelet_node_status.go:96] "Unable to register node with API server" err="Post \\"https://10.0.0.10:6443/api/v1/nodes\\": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z" node="control-1"',
    patterns: ["x509-expired", "tls-failed-to-verify-certificate", "kubelet-register-node"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
    relationship: "apiserver-serving",
  },
  {
    name: "not yet valid: front-proxy-client.crt starts on 2026-07-01",
    fixture: "not-yet-valid-front-proxy-client",
    text: "x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is before 2026-07-01T00:00:00Z",
    patterns: ["x509-not-yet-valid"],
    verdict: "explained",
    first: "etc/kubernetes/pki/front-proxy-client.crt",
    relationship: "front-proxy-client",
  },
  {
    name: "hostname: the apiserver's certificate lacks the advertise address",
    fixture: "san-missing-apiserver",
    text: "Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for 10.96.0.1, not 10.0.0.10",
    patterns: ["x509-hostname-mismatch", "tls-failed-to-verify-certificate", "kubectl-unable-to-connect"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
    relationship: "apiserver-serving",
    why: /apiserver\.crt is valid for exactly 10\.96\.0\.1 and not for 10\.0\.0\.10.*add IP:10\.0\.0\.10 to its SANs/,
  },
  {
    name: "hostname: the etcd peer certificate lacks the node's address",
    fixture: "etcd-peer-san-missing",
    text: 'rejected connection from "10.0.0.11:52344" (error "tls: failed to verify certificate: x509: certificate is valid for 127.0.0.1, ::1, not 10.0.0.10", ServerName "")',
    patterns: ["x509-hostname-mismatch", "tls-failed-to-verify-certificate", "etcd-rejected-connection"],
    verdict: "explained",
    first: "etc/kubernetes/pki/etcd/peer.crt",
    relationship: "etcd-peer",
  },
  {
    name: "no IP SANs: kube-apiserver dials the kubelet by address; kubelet.crt names only control-1",
    fixture: "healthy",
    text: 'Get "https://10.0.0.10:10250/containerLogs/kube-system/etcd-control-1/etcd": x509: cannot validate certificate for 10.0.0.10 because it doesn\'t contain any IP SANs',
    patterns: ["x509-no-ip-sans"],
    verdict: "explained",
    first: "var/lib/kubelet/pki/kubelet.crt",
    relationship: "kubelet-serving",
  },
  {
    name: "incompatible key usage: etcd's server certificate has serverAuth only",
    fixture: "eku-etcd-server",
    text: "tls: failed to verify certificate: x509: certificate specifies an incompatible key usage",
    patterns: ["x509-incompatible-usage", "tls-failed-to-verify-certificate"],
    verdict: "explained",
    first: "etc/kubernetes/pki/etcd/server.crt",
  },
  {
    name: "not authorized to sign: front-proxy-ca.crt is not a CA",
    fixture: "front-proxy-ca-not-ca",
    text: "x509: certificate is not authorized to sign other certificates",
    patterns: ["x509-not-authorized-to-sign"],
    verdict: "explained",
    first: "etc/kubernetes/pki/front-proxy-ca.crt",
  },
  {
    name: "insecure algorithm: controller-manager.conf's certificate is signed with SHA-1",
    fixture: "sha1-controller-manager",
    text: "x509: cannot verify signature: insecure algorithm SHA1-RSA (temporarily override with GODEBUG=x509sha1=1)",
    patterns: ["x509-insecure-algorithm"],
    verdict: "explained",
    first: "etc/kubernetes/controller-manager.conf#users/system:kube-controller-manager",
  },
  {
    name: "kube-apiserver's gRPC dial: etcd refused its client certificate",
    fixture: "wrong-ca-etcd-client",
    text: 'grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1:2379", }. Err: connection error: desc = "transport: authentication handshake failed: remote error: tls: bad certificate"',
    patterns: ["tls-remote-bad-certificate", "grpc-handshake-failed"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver-etcd-client.crt",
    relationship: "apiserver-etcd-client",
  },
  {
    name: "unknown certificate authority alert, in etcd's log",
    fixture: "wrong-ca-etcd-client",
    text: 'rejected connection from "127.0.0.1:41234" (error "remote error: tls: unknown certificate authority", ServerName "")',
    patterns: ["tls-remote-unknown-ca", "etcd-rejected-connection"],
    verdict: "explained",
    relationship: "apiserver-etcd-client",
  },
  {
    name: "expired certificate alert, kubelet to apiserver",
    fixture: "expired-apiserver",
    text: 'E0601 "Unable to register node with API server" err="Post \\"https://10.0.0.10:6443/api/v1/nodes\\": remote error: tls: expired certificate" node="control-1"',
    patterns: ["tls-remote-expired-certificate", "kubelet-register-node"],
    verdict: "explained",
    first: "etc/kubernetes/pki/apiserver.crt",
  },
  {
    name: "Unauthorized: the scheduler's certificate is refused by kube-apiserver",
    fixture: "stale-ca-scheduler-cert",
    text: "error: You must be logged in to the server (Unauthorized)",
    patterns: ["kubectl-unauthorized"],
    verdict: "explained",
    first: "etc/kubernetes/scheduler.conf#users/system:kube-scheduler",
    relationship: "scheduler-client",
  },
  {
    name: "the kubelet's client certificate in kubelet.conf expired",
    fixture: "healthy",
    at: "2027-02-01T00:00:00Z",
    text:
      ERROR_PATTERNS.find((p) => p.id === "kubelet-bootstrap-expired")?.example.replace(
        "2026-05-01 00:00:00",
        "2027-01-01 00:00:00",
      ) ?? "",
    patterns: ["kubelet-bootstrap-expired"],
    verdict: "explained",
    first: "var/lib/kubelet/pki/kubelet-client-current.pem",
    relationship: "kubelet-client",
    why: /kubelet-client-current\.pem is kubelet:control-1's client certificate.*the instant in the log/,
  },
  {
    name: "the certificate manager's rotation line names the kubelet's client certificate",
    fixture: "healthy",
    text: ERROR_PATTERNS.find((p) => p.id === "kubelet-certificate-rotation")?.example ?? "",
    patterns: ["kubelet-certificate-rotation"],
    verdict: "explained",
    first: "var/lib/kubelet/pki/kubelet-client-current.pem",
    relationship: "kubelet-client",
  },
  {
    name: "the serving certificate manager's start line names the kubelet's serving certificate",
    fixture: "healthy",
    text: "I0601 00:00:00.000000    1234 certificate_manager.go:356] kubernetes.io/kubelet-serving: Certificate rotation is enabled",
    patterns: ["kubelet-certificate-rotation"],
    verdict: "explained",
    first: "var/lib/kubelet/pki/kubelet.crt",
    relationship: "kubelet-serving",
  },
  {
    name: "an audit event's X509SHA256 credential id is admin.conf's certificate",
    fixture: "healthy",
    text: ERROR_PATTERNS.find((p) => p.id === "apiserver-credential-id")?.example ?? "",
    patterns: ["apiserver-credential-id"],
    verdict: "explained",
    first: "etc/kubernetes/admin.conf#users/kubernetes-admin",
    relationship: "admin-client",
  },
  {
    name: "not TLS: no certificate is at fault",
    fixture: "healthy",
    text: "http: TLS handshake error from 10.0.0.11:50514: tls: first record does not look like a TLS handshake",
    patterns: ["tls-first-record-not-tls"],
    verdict: "no-match",
    why: /^nothing in the drop matches: the other end does not speak TLS/,
  },
  {
    name: "no client certificate: nothing in the drop to blame",
    fixture: "healthy",
    text: "http: TLS handshake error from 10.0.0.11:50514: tls: client didn't provide a certificate",
    patterns: ["tls-client-no-certificate"],
    verdict: "no-match",
  },
  {
    name: "an expiry instant no certificate of the drop has",
    fixture: "healthy",
    text: "x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-03-03T10:00:00Z",
    patterns: ["x509-expired"],
    verdict: "no-match",
  },
  {
    name: "an unknown authority on a healthy drop: nothing fails there",
    fixture: "healthy",
    text: "x509: certificate signed by unknown authority",
    patterns: ["x509-unknown-authority"],
    verdict: "no-match",
  },
  {
    name: "text that is no error",
    fixture: "healthy",
    text: "connection to 10.0.0.99 reset by peer at https://example.test/",
    patterns: [],
    verdict: "unrecognised",
    why: /not a recognised error or alert; it names hosts 10\.0\.0\.99, example\.test/,
  },
];

describe("explainText on real error strings", () => {
  it.each(CASES)("$name", async (item) => {
    const report = await reportFor(item.fixture, item.at);
    const answer = explainText(item.text, report, item.at ? new Date(item.at) : NOW);
    expect(answer.patterns.map((p) => p.id).sort()).toEqual([...item.patterns].sort());
    expect(answer.verdict).toBe(item.verdict);
    if (item.first) expect(answer.certificates[0]?.path).toBe(item.first);
    if (item.relationship) expect(answer.relationships).toContain(item.relationship);
    if (item.why) expect(answer.why).toMatch(item.why);
    if (item.verdict === "explained") expect(answer.files.length).toBeGreaterThan(0);
    else expect(answer.certificates).toEqual([]);
  });

  it("every pattern's own example is recognised by it", () => {
    for (const pattern of ERROR_PATTERNS)
      expect(
        matchPatterns(pattern.example.replace(/\\"/g, '"')).map((p) => p.id),
        pattern.id,
      ).toContain(pattern.id);
  });

  it("at least 15 distinct real error strings are explained against a fixture", () => {
    const explained = new Set(CASES.filter((c) => c.verdict === "explained").flatMap((c) => c.patterns));
    expect(explained.size).toBeGreaterThanOrEqual(15);
  });
});
