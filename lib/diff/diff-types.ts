/**
 * The shape of `k8s-pki diff`: what changed between two drops of one cluster, each judged at its own
 * instant. Plain JSON-serialisable data, deterministic for (old report, new report); `--format json`
 * prints it as is. Fields may be added; none may be renamed (DIFF_SCHEMA_VERSION says which shape).
 */
import type { FindingCode, RelationshipId, RelationshipStatus, Severity } from "../report";

export const DIFF_SCHEMA_VERSION = 1 as const;

/**
 * What became of one certificate slot (a file, a kubeconfig entry, a Secret key):
 * `renewed` the same key with new dates (`kubeadm certs renew`), `re-keyed` a new key from the same
 * CA (the kubelet's rotation), `reissued` new bytes from the same CA where neither drop let the key be
 * compared, `rotated` signed by another CA key, `appeared`/`disappeared` in one drop only.
 */
export type CertificateChangeKind =
  "unchanged" | "renewed" | "re-keyed" | "reissued" | "rotated" | "appeared" | "disappeared";

/** One certificate's side of a change: enough to say what it was without the other report. */
export interface DiffCertificate {
  id: string;
  sha256: string;
  subject: string;
  issuer: string;
  serial: string;
  notBefore: string;
  notAfter: string;
  role?: string;
  isCA: boolean;
}

export interface CertificateChange {
  kind: CertificateChangeKind;
  /** Where the certificate is, in the new drop (in the old one for `disappeared`), sorted. */
  paths: string[];
  /** Where it was in the old drop, when it moved (matched by role and subject instead of path). */
  movedFrom?: string[];
  old?: DiffCertificate;
  new?: DiffCertificate;
  /** SAN entries added and removed; absent when the SANs are the same. */
  sans?: { added: string[]; removed: string[] };
  /** The subject (CN, O) changed: the identity the apiserver's authorizer sees. */
  identity?: { old: string; new: string };
  /** The issuing CA is another key (a CA rotation, or a wrong CA). */
  issuerChanged?: boolean;
}

/** A bundle (a CA file, a kubeconfig's certificate-authority-data) that gained or lost CAs. */
export interface BundleChange {
  path: string;
  added: DiffCertificate[];
  removed: DiffCertificate[];
}

/**
 * Something that should have changed between the drops and did not:
 * `kubelet-window-passed` the kubelet's rotation window (70–90 % of the lifetime) ended before the new
 * drop and the certificate is byte-identical; `expired-between` a certificate valid at the old drop
 * expired before the new one and was not replaced; `bundle-missing-new-ca` a bundle still trusts a CA
 * that was replaced and not its successor.
 */
export interface MissedRotation {
  why: "kubelet-window-passed" | "expired-between" | "bundle-missing-new-ca";
  paths: string[];
  subject: string;
  /** One sentence in the user's own names, with the fix. */
  detail: string;
  certificateId: string;
  /** The certificate's SHA-256, as the views key certificates. */
  sha256: string;
}

export interface EdgeChange {
  key: string;
  id: RelationshipId;
  /** Absent when the relationship is in one drop only. */
  old?: RelationshipStatus;
  new?: RelationshipStatus;
  /** Worse than before: ok → warning/error, warning → error. */
  regressed: boolean;
}

export interface FindingChange {
  code: FindingCode;
  severity: Severity;
  title: string;
  files: string[];
  relationshipKey?: string;
}

/** The instant each drop was judged at and where it came from. */
export interface DiffInstant {
  now: string;
  /** `--now`, `--old-now`, `collector list` (the collector archive's `when:`), `newest file`, `clock`. */
  source: string;
}

export interface ReportDiff {
  schemaVersion: typeof DIFF_SCHEMA_VERSION;
  old: DiffInstant;
  new: DiffInstant;
  /** The CA certificates both drops hold (by key): what makes them one cluster. */
  sharedCAs: string[];
  /** Every slot that changed (unchanged ones are only counted), worst-first order is the formatter's. */
  certificates: CertificateChange[];
  bundles: BundleChange[];
  missedRotations: MissedRotation[];
  edges: EdgeChange[];
  findings: { appeared: FindingChange[]; resolved: FindingChange[] };
  summary: {
    unchanged: number;
    renewed: number;
    reKeyed: number;
    reissued: number;
    rotated: number;
    appeared: number;
    disappeared: number;
    /** Edges that got worse, new error findings and missed rotations. */
    regressions: number;
  };
}

/** Why two reports cannot be compared. */
export interface DiffRefusal {
  refused: string;
}
