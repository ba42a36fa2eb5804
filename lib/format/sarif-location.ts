/**
 * Where a SARIF result points: a report path (`admin.conf#users/kubernetes-admin`) as a relative
 * URI of the file, percent-encoded from the exact name so a code-scanning dashboard can match it to
 * the file, with the `#` entry as a logical location; and the fingerprint that lets a dashboard
 * recognise the same finding in tomorrow's run. Paths are relative to the audited folder, which the
 * log names `%SRCROOT%`.
 */
import { unescapeFilePath } from "../inventory";
import { sha256Hex } from "../pki/sha256-hex";
import type { Finding, Report } from "../report";
import { inertText } from "./inert-text";

/** The base every artifact URI is relative to: the audited folder or archive. */
export const SOURCE_ROOT = "%SRCROOT%";

export interface SarifArtifactLocation {
  uri: string;
  uriBaseId: string;
}

export interface SarifLogicalLocation {
  name: string;
  fullyQualifiedName: string;
  kind: string;
}

export interface SarifLocation {
  id?: number;
  physicalLocation: { artifactLocation: SarifArtifactLocation; region?: { startLine: number } };
  logicalLocations?: SarifLogicalLocation[];
  message?: { text: string };
}

/** A lone surrogate cannot be percent-encoded (or written as UTF-8): it becomes U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/**
 * A '/'-separated relative path as a relative URI: each segment percent-encoded (spaces, `#`, `%`,
 * `?`, `:` and every control character included), the separators kept. An empty path is `.`, the
 * audited folder itself.
 */
export function pathUri(path: string): string {
  if (path === "") return ".";
  return wellFormed(path).split("/").map(encodeURIComponent).join("/");
}

/**
 * A report path as a SARIF location: the file as the physical location (line 1: findings are about
 * whole files), and a `#` entry — a kubeconfig user or cluster, a PEM block — as a logical one.
 */
export function pathLocation(path: string): SarifLocation {
  const hash = path.indexOf("#");
  const file = hash === -1 ? path : path.slice(0, hash);
  const location: SarifLocation = {
    physicalLocation: {
      // The file's own name, percent-encoded as a URI (report paths encode only `#` and `%`).
      artifactLocation: { uri: pathUri(unescapeFilePath(file)), uriBaseId: SOURCE_ROOT },
      region: { startLine: 1 },
    },
  };
  if (hash !== -1) {
    const entry = path.slice(hash + 1);
    location.logicalLocations = [
      {
        name: inertText(entry),
        fullyQualifiedName: inertText(path),
        kind: /^(users|clusters|data)\//.test(entry) ? "object" : "element",
      },
    ];
  }
  return location;
}

/**
 * The files a finding is about; for one that names none, the files of the relationship it belongs
 * to (what each end presents and verifies with), and failing those the audited folder (`.`), so
 * every result has a location and shows on a dashboard.
 */
export function findingPaths(report: Report, finding: Finding): string[] {
  if (finding.files.length > 0) return finding.files;
  const relationship = report.relationships.find(
    (candidate) =>
      candidate.key === finding.relationshipKey ||
      (finding.relationshipKey === undefined && candidate.id === finding.relationship),
  );
  const ends = relationship ? [relationship.clientEnd, relationship.serverEnd] : [];
  const sources = ends.flatMap((end) => [end.presents?.source, end.verifiesWith?.source]);
  const files = sources.filter((source): source is string => source !== undefined && source !== "");
  return files.length > 0 ? [...new Set(files)] : [""];
}

/**
 * For each finding, a fingerprint that stays the same from run to run while the fault does: a hash
 * of its code, its files and its relationship instance (not its title, which counts days), with an
 * occurrence number for findings that share all three (`…:1`, `…:2`, in report order) as GitHub's
 * `primaryLocationLineHash` has.
 */
export function findingFingerprints(report: Report): string[] {
  const seen = new Map<string, number>();
  return report.findings.map((finding) => {
    const identity = JSON.stringify([
      finding.code,
      finding.files,
      finding.relationshipKey ?? finding.relationship ?? "",
    ]);
    const hash = sha256Hex(new TextEncoder().encode(wellFormed(identity))).slice(0, 32);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return `${hash}:${occurrence}`;
  });
}
