/**
 * The places a report's certificates sit in, and how one slot's certificate in the old drop pairs
 * with the one in the new drop: by path first, then, for what moved, by role and subject.
 */
import type { Report, ReportCertificate } from "../report";
import type { KeyIdentities } from "./key-identities";

/** One drop's report and, when the edge read them, its certificates' key identities. */
export interface DiffSide {
  report: Report;
  keys?: KeyIdentities;
}

/** A certificate path's bundle suffix: `ca.crt#block 2` is the second certificate of `ca.crt`. */
const BLOCK_SUFFIX = /#block \d{1,9}$/;

/** The file or entry a certificate path belongs to, its bundle block dropped. */
export function bundleOf(path: string): string {
  return path.replace(BLOCK_SUFFIX, "");
}

/** Every certificate by each path it was seen at. */
export function certificatesByPath(report: Report): Map<string, ReportCertificate> {
  const result = new Map<string, ReportCertificate>();
  for (const cert of report.certificates) for (const path of cert.paths) result.set(path, cert);
  return result;
}

/** The certificates of each bundle (a file or kubeconfig entry with several), in block order. */
export function certificatesByBundle(report: Report): Map<string, ReportCertificate[]> {
  const result = new Map<string, ReportCertificate[]>();
  for (const cert of report.certificates)
    // A certificate is listed once per bundle, however many of its blocks hold it.
    for (const bundle of new Set(cert.paths.map(bundleOf))) {
      const list = result.get(bundle) ?? [];
      list.push(cert);
      result.set(bundle, list);
    }
  return result;
}

/**
 * Whether two certificates (one of each drop) hold the same key: by key identity when both drops
 * had theirs read, else by subject key id; undefined when nothing tells.
 */
export function sameKeyPair(
  a: ReportCertificate,
  aSide: DiffSide,
  b: ReportCertificate,
  bSide: DiffSide,
): boolean | undefined {
  if (a.sha256 === b.sha256) return true;
  const aKey = aSide.keys?.[a.sha256];
  const bKey = bSide.keys?.[b.sha256];
  if (aKey !== undefined && bKey !== undefined) return aKey === bKey;
  if (a.subjectKeyId !== undefined && b.subjectKeyId !== undefined) return a.subjectKeyId === b.subjectKeyId;
  return undefined;
}

/**
 * Whether two certificates were signed by the same CA key. The issuer each report verified is
 * compared as a key pair; without one, the authority key ids; without those, the issuer names.
 */
export function sameIssuer(
  a: ReportCertificate,
  aSide: DiffSide,
  b: ReportCertificate,
  bSide: DiffSide,
): boolean {
  const aIssuer = issuerOf(a, aSide.report);
  const bIssuer = issuerOf(b, bSide.report);
  if (aIssuer && bIssuer) {
    const same = sameKeyPair(aIssuer, aSide, bIssuer, bSide);
    if (same !== undefined) return same;
  }
  if (a.authorityKeyId !== undefined && b.authorityKeyId !== undefined)
    return a.authorityKeyId === b.authorityKeyId;
  return a.issuer === b.issuer;
}

const byIdIndex = new WeakMap<Report, Map<string, ReportCertificate>>();

/** The certificate the report verified as `cert`'s issuer (an index per report, built once). */
function issuerOf(cert: ReportCertificate, report: Report): ReportCertificate | undefined {
  if (cert.issuerId === undefined) return undefined;
  let index = byIdIndex.get(report);
  if (!index) {
    index = new Map(report.certificates.map((candidate) => [candidate.id, candidate]));
    byIdIndex.set(report, index);
  }
  return index.get(cert.issuerId);
}

/** The tokens a CA is known by: its fingerprint, its key, its subject key id. */
export function caTokens(cert: ReportCertificate, side: DiffSide): string[] {
  const key = side.keys?.[cert.sha256];
  return [
    `sha256:${cert.sha256}`,
    ...(key !== undefined ? [`key:${key}`] : []),
    ...(cert.subjectKeyId !== undefined ? [`ski:${cert.subjectKeyId}`] : []),
  ];
}

/** The key a moved certificate is matched by: what it is for and whom it names. */
export function movedKey(cert: ReportCertificate): string {
  return `${cert.role ?? ""}\u0000${cert.subject}`;
}
