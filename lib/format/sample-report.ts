/**
 * A small hand-built report for the formatters' unit tests: the formatters only read the Report
 * contract, so a literal report exercises them exactly (expired serving certificate, a warning,
 * an unknown relationship with missing inputs, a secondary relationship, a finding tied to no
 * relationship, a component the components list lacks, and a subject containing "|").
 */
import type { Finding, Report, ReportCertificate, ReportRelationship } from "../report";

function certificate(
  id: string,
  path: string,
  subject: string,
  notAfter: string,
  extra: Partial<ReportCertificate> = {},
): ReportCertificate {
  return {
    id,
    paths: [path],
    subject,
    issuer: "CN=kubernetes",
    serial: "01",
    notBefore: "2025-11-22T03:22:00.000Z",
    notAfter,
    sans: [],
    eku: ["clientAuth"],
    keyUsage: ["digitalSignature"],
    isCA: false,
    keyAlgorithm: "RSA 2048",
    signatureAlgorithm: "sha256WithRSAEncryption",
    sha256: id.repeat(4),
    selfSigned: false,
    keyPaths: [],
    usedBy: [],
    daysLeft: 0,
    lifetimeUsed: 0.5,
    expiryState: "ok",
    warnFrom: new Date(Date.parse(notAfter) - 30 * 86_400_000).toISOString(),
    ...extra,
  };
}

function relationship(
  id: ReportRelationship["id"],
  client: string,
  server: string,
  status: ReportRelationship["status"],
  refs: number[],
  findings: Finding[],
  extra: Partial<ReportRelationship> = {},
): ReportRelationship {
  return {
    id,
    key: id,
    primary: true,
    client,
    server,
    status,
    findings: refs.flatMap((index) => findings[index]?.code ?? []),
    findingRefs: refs,
    clientEnd: { component: client },
    serverEnd: { component: server },
    chains: [],
    missing: [],
    summary: `${client} talks to ${server}.`,
    ...extra,
  };
}

/** Build the sample report; `overrides` replaces top-level fields for a case that needs it. */
export function sampleReport(overrides: Partial<Report> = {}): Report {
  const certificates = [
    certificate("c-ca", "pki/ca.crt", "CN=kubernetes", "2036-11-19T03:22:00.000Z", {
      isCA: true,
      selfSigned: true,
      daysLeft: 3640,
    }),
    certificate("c-api", "pki/apiserver.crt", "CN=kube-apiserver", "2026-11-28T00:00:00.000Z", {
      eku: ["serverAuth"],
      daysLeft: -3,
      expiryState: "expired",
    }),
    certificate(
      "c-admin",
      "admin.conf#users/kubernetes-admin",
      "O=system:masters, CN=kubernetes-admin",
      "2026-12-20T00:00:00.000Z",
      { daysLeft: 19, expiryState: "soon" },
    ),
    certificate("c-peer", "pki/etcd/peer.crt", "CN=cp-1", "2027-11-22T03:22:00.000Z", {
      daysLeft: 356,
      paths: ["pki/etcd/peer.crt", "backup/peer.crt"],
    }),
    certificate("c-pipe", "pki/odd.crt", "CN=a|b", "2027-06-01T00:00:00.000Z", { daysLeft: 182 }),
  ];
  const findings: Finding[] = [
    {
      code: "CERT_EXPIRED",
      severity: "error",
      title: "Certificate expired",
      detail: "CN=kube-apiserver in pki/apiserver.crt expired on 2026-11-28.",
      relationship: "apiserver-serving",
      files: ["pki/apiserver.crt"],
      certificateIds: ["c-api"],
      fix: "kubeadm certs renew apiserver",
    },
    {
      code: "CERT_EXPIRES_SOON",
      severity: "warning",
      title: "Certificate expires soon",
      detail: "CN=kubernetes-admin expires on 2026-12-20, in 19 days.",
      relationship: "admin-client",
      files: ["admin.conf"],
      fix: "kubeadm certs renew admin.conf",
    },
    {
      code: "KUBELET_SERVING_UNVERIFIED",
      severity: "info",
      title: "The apiserver does not verify kubelet serving certificates",
      detail: "kube-apiserver has no --kubelet-certificate-authority.",
      relationship: "kubelet-serving",
      files: ["manifests/kube-apiserver.yaml"],
    },
    {
      code: "PARSE_ERROR",
      severity: "warning",
      title: "File could not be read",
      detail: "pki/broken.crt: PEM block is not a certificate | bad base64.",
      files: ["pki/broken.crt"],
    },
  ];
  const relationships: ReportRelationship[] = [
    relationship("admin-client", "admin", "kube-apiserver", "warning", [1], findings, {
      clientEnd: {
        component: "admin",
        presents: {
          kind: "certificate",
          source: "admin.conf#users/kubernetes-admin",
          certificateId: "c-admin",
        },
      },
    }),
    relationship("etcd-peer", "etcd", "etcd", "ok", [], findings, {
      clientEnd: {
        component: "etcd",
        presents: { kind: "certificate", source: "pki/etcd/peer.crt", certificateId: "c-peer" },
      },
      serverEnd: {
        component: "etcd",
        presents: { kind: "certificate", source: "pki/etcd/peer.crt", certificateId: "c-peer" },
      },
    }),
    relationship("front-proxy-client", "kube-apiserver", "front-proxy", "ok", [], findings, {
      primary: false,
    }),
    relationship("apiserver-serving", "clients", "kube-apiserver", "error", [0], findings, {
      serverEnd: {
        component: "kube-apiserver",
        presents: { kind: "certificate", source: "pki/apiserver.crt", certificateId: "c-api" },
      },
    }),
    relationship("kubelet-serving", "kube-apiserver", "kubelet:cp-1", "unknown", [2], findings, {
      key: "kubelet-serving:cp-1",
      missing: ["kubelet serving certificate (/var/lib/kubelet/pki/kubelet.crt)"],
    }),
  ];
  return {
    schemaVersion: 1,
    now: "2026-12-01T00:00:00.000Z",
    warnDays: 30,
    warnFraction: 0.1,
    caHorizonDays: 365,
    inputs: {
      files: 12,
      certificates: certificates.length,
      keys: 4,
      kubeconfigs: 1,
      manifests: 1,
      skipped: [{ path: "README.md", reason: "not PKI material" }],
    },
    cluster: {
      kubernetesVersion: "v1.20.2",
      versionSource: "manifests/kube-apiserver.yaml",
      nodes: ["cp-1"],
      dnsDomain: "cluster.local",
    },
    certificates,
    components: [
      { id: "admin", kind: "admin", name: "kubectl (admin.conf)", sources: ["admin.conf"] },
      { id: "etcd", kind: "etcd", name: "etcd", sources: [] },
      {
        id: "kube-apiserver",
        kind: "kube-apiserver",
        name: "kube-apiserver",
        sources: ["manifests/kube-apiserver.yaml"],
      },
      { id: "kubelet:cp-1", kind: "kubelet", name: "kubelet", node: "cp-1", sources: [] },
    ],
    trustAnchors: [],
    relationships,
    findings,
    summary: { error: 1, warning: 2, info: 1, status: "error" },
    ...overrides,
  };
}
