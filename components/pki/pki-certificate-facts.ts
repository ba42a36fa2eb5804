/**
 * What the generic PKI picture says about one certificate, read from the report alone: what its EKU
 * lets it be (server, client, both), whether its private key was found and matches, and its status
 * (the worse of its expiry state and the findings on it), so no Kubernetes role is ever assumed.
 */
import type { RelationshipStatus, Report, ReportCertificate } from "@/lib/report";
import { worstStatus } from "@/components/graph/status";

export type PkiUse = "ca" | "server" | "client" | "both" | "any" | "other";
export type KeyPairState = "matched" | "mismatched" | "none";

export interface PkiCertificateFacts {
  use: PkiUse;
  /** "server", "client", "server + client", "CA", "any use (no EKU)", or the EKUs themselves. */
  useLabel: string;
  key: KeyPairState;
  /** "key ✓ server.key", "key ✗ does not match", "no key found". */
  keyLabel: string;
  status: RelationshipStatus;
  /** Why the status is what it is: "expired", "2 findings", "ok". */
  statusReason: string;
}

const EXPIRY_STATUS = { expired: "error", "not-yet-valid": "error", soon: "warning", ok: "ok" } as const;
const EXPIRY_WORD = { expired: "expired", "not-yet-valid": "not yet valid", soon: "renew soon", ok: "" };

function certificateUse(cert: ReportCertificate): { use: PkiUse; useLabel: string } {
  if (cert.isCA) return { use: "ca", useLabel: "CA" };
  const server = cert.eku.includes("serverAuth");
  const client = cert.eku.includes("clientAuth");
  if (server && client) return { use: "both", useLabel: "server + client" };
  if (server) return { use: "server", useLabel: "server" };
  if (client) return { use: "client", useLabel: "client" };
  if (cert.eku.length === 0) return { use: "any", useLabel: "any use (no EKU)" };
  return { use: "other", useLabel: cert.eku.join(", ") };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The facts of `cert` within `report`. */
export function pkiCertificateFacts(report: Report, cert: ReportCertificate): PkiCertificateFacts {
  const findings = report.findings.filter((f) => f.certificateIds?.includes(cert.id));
  const mismatch = findings.find((f) => f.code === "KEY_MISMATCH");
  const firstKey = cert.keyPaths[0];
  const key: KeyPairState = mismatch ? "mismatched" : firstKey ? "matched" : "none";
  const keyLabel =
    key === "mismatched" ? "key ✗ does not match" : firstKey ? `key ✓ ${baseName(firstKey)}` : "no key found";
  const judged = findings.filter((f) => f.severity !== "info");
  const status = worstStatus([
    EXPIRY_STATUS[cert.expiryState],
    ...judged.map((f) => (f.severity === "error" ? "error" : "warning") as RelationshipStatus),
  ]);
  const reasons = [
    EXPIRY_WORD[cert.expiryState],
    judged.length > 0 ? `${judged.length} finding${judged.length === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return { ...certificateUse(cert), key, keyLabel, status, statusReason: reasons.join(", ") || "ok" };
}
