/**
 * `diffReports`: what changed between two drops of one cluster, each already judged at its own
 * instant. Certificates pair by path (a file, `kubeconfig#users/<name>`, a bundle's block), then by
 * role and subject where a path moved; each pair says unchanged, renewed (same key), re-keyed (new
 * key), reissued (key not comparable) or rotated (another CA key). What should have been replaced
 * and was not (missed-rotations.ts), relationships whose status changed and findings that appeared
 * or were resolved come with it. Two drops that share no CA are not one cluster: refused.
 */
import type { Finding, Report, ReportCertificate, RelationshipStatus } from "../report";
import {
  type DiffSide,
  caTokens,
  certificatesByBundle,
  certificatesByPath,
  movedKey,
  sameIssuer,
  sameKeyPair,
} from "./certificate-slots";
import {
  type BundleChange,
  type CertificateChange,
  type CertificateChangeKind,
  type DiffCertificate,
  type DiffInstant,
  type DiffRefusal,
  type EdgeChange,
  type FindingChange,
  type ReportDiff,
  DIFF_SCHEMA_VERSION,
} from "./diff-types";
import { missedRotations } from "./missed-rotations";

export type { DiffSide } from "./certificate-slots";

export interface DiffOptions {
  /** Where each drop's instant came from (`--now`, `collector list`, …), said in every output. */
  oldSource: string;
  newSource: string;
}

/** The order changes are listed in: what needs a look first. */
export const CHANGE_ORDER: readonly CertificateChangeKind[] = [
  "rotated",
  "re-keyed",
  "reissued",
  "renewed",
  "appeared",
  "disappeared",
  "unchanged",
];

/**
 * Compare two reports of the same cluster: the old drop's and the new drop's. Returns the diff, or
 * a refusal naming each drop's CAs when they share none (two clusters, or a drop without its CAs).
 */
export function diffReports(old: DiffSide, next: DiffSide, options: DiffOptions): ReportDiff | DiffRefusal {
  const shared = sharedCAs(old, next);
  if (shared.length === 0) return { refused: refusal(old.report, next.report) };
  const { changes, unchanged } = pairCertificates(old, next);
  const missed = missedRotations(old, next, changes);
  const edges = edgeChanges(old.report, next.report);
  const findings = findingChanges(old.report, next.report);
  const count = (kind: CertificateChangeKind) => changes.filter((change) => change.kind === kind).length;
  const regressions =
    edges.filter((edge) => edge.regressed).length +
    findings.appeared.filter((finding) => finding.severity === "error").length +
    missed.length;
  return {
    schemaVersion: DIFF_SCHEMA_VERSION,
    old: instant(old.report, options.oldSource),
    new: instant(next.report, options.newSource),
    sharedCAs: shared,
    certificates: changes.filter((change) => change.kind !== "unchanged"),
    bundles: bundleChanges(old, next),
    missedRotations: missed,
    edges,
    findings,
    summary: {
      unchanged,
      renewed: count("renewed"),
      reKeyed: count("re-keyed"),
      reissued: count("reissued"),
      rotated: count("rotated"),
      appeared: count("appeared"),
      disappeared: count("disappeared"),
      regressions,
    },
  };
}

/** Whether `diffReports` refused. */
export function isRefusal(result: ReportDiff | DiffRefusal): result is DiffRefusal {
  return "refused" in result;
}

function instant(report: Report, source: string): DiffInstant {
  return { now: report.now, source };
}

/** The subjects of the CAs both drops hold (by fingerprint, key or subject key id), sorted. */
function sharedCAs(old: DiffSide, next: DiffSide): string[] {
  const tokens = new Set<string>();
  for (const cert of old.report.certificates)
    if (cert.isCA) for (const token of caTokens(cert, old)) tokens.add(token);
  const shared = new Set<string>();
  for (const cert of next.report.certificates)
    if (cert.isCA && caTokens(cert, next).some((token) => tokens.has(token))) shared.add(cert.subject);
  return [...shared].sort();
}

function refusal(old: Report, next: Report): string {
  const cas = (report: Report) => {
    const subjects = [
      ...new Set(report.certificates.filter((cert) => cert.isCA).map((cert) => cert.subject)),
    ];
    return subjects.length === 0
      ? "no CA"
      : `${subjects.slice(0, 5).join("; ")}${subjects.length > 5 ? "; …" : ""}`;
  };
  return (
    "the two drops share no CA (by fingerprint, key or subject key id), so they are not two snapshots " +
    `of one cluster: the old one holds ${cas(old)}, the new one ${cas(next)}. Compare two drops of the same ` +
    "cluster, each with its CA certificates (pki/ca.crt, or the kubeconfigs' certificate-authority-data)"
  );
}

/** A certificate's side of a change. */
export function diffCertificate(cert: ReportCertificate): DiffCertificate {
  return {
    id: cert.id,
    sha256: cert.sha256,
    subject: cert.subject,
    issuer: cert.issuer,
    serial: cert.serial,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    ...(cert.role !== undefined ? { role: cert.role } : {}),
    isCA: cert.isCA,
  };
}

/** Pair every path of both drops; one change per (old certificate, new certificate) pair. */
function pairCertificates(
  old: DiffSide,
  next: DiffSide,
): { changes: CertificateChange[]; unchanged: number } {
  const oldByPath = certificatesByPath(old.report);
  const newByPath = certificatesByPath(next.report);
  const pairs = new Map<
    string,
    { old?: ReportCertificate; new?: ReportCertificate; paths: string[]; from: string[] }
  >();
  const add = (
    o: ReportCertificate | undefined,
    n: ReportCertificate | undefined,
    path: string,
    from?: string,
  ) => {
    const key = `${o?.id ?? ""}|${n?.id ?? ""}`;
    const pair = pairs.get(key) ?? {
      ...(o ? { old: o } : {}),
      ...(n ? { new: n } : {}),
      paths: [],
      from: [],
    };
    pair.paths.push(path);
    if (from !== undefined) pair.from.push(from);
    pairs.set(key, pair);
  };
  const oldOnly = new Map<string, string[]>();
  for (const [path, cert] of oldByPath)
    if (!newByPath.has(path)) oldOnly.set(movedKey(cert), [...(oldOnly.get(movedKey(cert)) ?? []), path]);
  for (const [path, cert] of newByPath) {
    const before = oldByPath.get(path);
    if (before) {
      add(before, cert, path);
      continue;
    }
    // Not at this path before: the same role and subject elsewhere in the old drop moved here.
    const candidates = oldOnly.get(movedKey(cert));
    const from = candidates?.shift();
    const moved = from === undefined ? undefined : oldByPath.get(from);
    if (moved && from !== undefined) add(moved, cert, path, from);
    else add(undefined, cert, path);
  }
  for (const paths of oldOnly.values()) for (const path of paths) add(oldByPath.get(path), undefined, path);
  const changes: CertificateChange[] = [];
  let unchanged = 0;
  for (const pair of pairs.values()) {
    const change = describePair(pair.old, old, pair.new, next, pair.paths.sort());
    if (pair.from.length > 0) change.movedFrom = pair.from.sort();
    if (change.kind === "unchanged" && change.movedFrom === undefined) unchanged++;
    changes.push(change);
  }
  changes.sort(
    (a, b) =>
      CHANGE_ORDER.indexOf(a.kind) - CHANGE_ORDER.indexOf(b.kind) ||
      (a.paths[0] ?? "").localeCompare(b.paths[0] ?? ""),
  );
  return { changes, unchanged };
}

function describePair(
  o: ReportCertificate | undefined,
  oldSide: DiffSide,
  n: ReportCertificate | undefined,
  newSide: DiffSide,
  paths: string[],
): CertificateChange {
  if (!o && n) return { kind: "appeared", paths, new: diffCertificate(n) };
  if (o && !n) return { kind: "disappeared", paths, old: diffCertificate(o) };
  if (!o || !n) throw new Error("diffReports: a pair without either side");
  const base = { paths, old: diffCertificate(o), new: diffCertificate(n) };
  if (o.sha256 === n.sha256) return { kind: "unchanged", ...base };
  const key = sameKeyPair(o, oldSide, n, newSide);
  // A CA with a new key is a new CA; a leaf signed by another CA key was rotated to it.
  const issuerChanged = !(o.selfSigned && n.selfSigned) && !sameIssuer(o, oldSide, n, newSide);
  const kind: CertificateChangeKind =
    issuerChanged || (o.isCA && key === false)
      ? "rotated"
      : key === true
        ? "renewed"
        : key === false
          ? "re-keyed"
          : "reissued";
  const added = n.sans.filter((san) => !o.sans.includes(san));
  const removed = o.sans.filter((san) => !n.sans.includes(san));
  return {
    kind,
    ...base,
    ...(added.length > 0 || removed.length > 0 ? { sans: { added, removed } } : {}),
    ...(o.subject !== n.subject ? { identity: { old: o.subject, new: n.subject } } : {}),
    ...(issuerChanged ? { issuerChanged: true } : {}),
  };
}

/** Bundles of CAs (two or more, in either drop) whose set of CAs changed. */
function bundleChanges(old: DiffSide, next: DiffSide): BundleChange[] {
  const oldBundles = certificatesByBundle(old.report);
  const newBundles = certificatesByBundle(next.report);
  const result: BundleChange[] = [];
  for (const [path, after] of newBundles) {
    const before = oldBundles.get(path);
    if (!before) continue;
    if (before.length < 2 && after.length < 2) continue;
    if (!before.every((cert) => cert.isCA) || !after.every((cert) => cert.isCA)) continue;
    const had = new Set(before.map((cert) => cert.sha256));
    const has = new Set(after.map((cert) => cert.sha256));
    const added = after.filter((cert) => !had.has(cert.sha256)).map(diffCertificate);
    const removed = before.filter((cert) => !has.has(cert.sha256)).map(diffCertificate);
    if (added.length > 0 || removed.length > 0) result.push({ path, added, removed });
  }
  return result.sort((a, b) => a.path.localeCompare(b.path));
}

const STATUS_RANK: Record<RelationshipStatus, number> = { ok: 0, unknown: 0, warning: 1, error: 2 };

/** Relationships whose status differs, or that are in one drop only. */
function edgeChanges(old: Report, next: Report): EdgeChange[] {
  const before = new Map(old.relationships.map((edge) => [edge.key, edge]));
  const result: EdgeChange[] = [];
  for (const edge of next.relationships) {
    const was = before.get(edge.key);
    before.delete(edge.key);
    if (was?.status === edge.status) continue;
    result.push({
      key: edge.key,
      id: edge.id,
      ...(was ? { old: was.status } : {}),
      new: edge.status,
      regressed: STATUS_RANK[edge.status] > (was ? STATUS_RANK[was.status] : 0),
    });
  }
  for (const was of before.values())
    result.push({ key: was.key, id: was.id, old: was.status, regressed: false });
  return result.sort((a, b) => Number(b.regressed) - Number(a.regressed) || a.key.localeCompare(b.key));
}

/** A finding's identity across drops: its code, relationship and files (titles quote dates). */
function findingKey(finding: Finding): string {
  return `${finding.code}\u0000${finding.relationshipKey ?? finding.relationship ?? ""}\u0000${finding.files.join("\u0000")}`;
}

function findingChange(finding: Finding): FindingChange {
  return {
    code: finding.code,
    severity: finding.severity,
    title: finding.title,
    files: finding.files,
    ...(finding.relationshipKey !== undefined ? { relationshipKey: finding.relationshipKey } : {}),
  };
}

function findingChanges(old: Report, next: Report): ReportDiff["findings"] {
  const before = new Set(old.findings.map(findingKey));
  const after = new Set(next.findings.map(findingKey));
  return {
    appeared: next.findings.filter((finding) => !before.has(findingKey(finding))).map(findingChange),
    resolved: old.findings.filter((finding) => !after.has(findingKey(finding))).map(findingChange),
  };
}
