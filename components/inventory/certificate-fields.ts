/**
 * A certificate decoded into the labelled lines `openssl x509 -text` would show, built from the
 * report alone. The inventory's expanded row, the detail panel and the "copy as text" button all
 * read this one list, so the three never disagree. Private keys appear only as where they were
 * found — the report never holds key bytes, and neither does this.
 */
import type { ReportCertificate } from "@/lib/report";
import { formatUtc } from "@/lib/format/labels";
import { expiryStatus } from "./expiry-status";
import { groupHex, hexLines } from "./group-hex";

export interface CertificateField {
  label: string;
  /** One entry per line; an empty list never occurs (absent fields are left out or say "none"). */
  lines: string[];
  /** Whether the value is machine text (names, hex, paths) best set in a monospace font. */
  mono: boolean;
}

function basicConstraints(certificate: ReportCertificate): string {
  if (!certificate.isCA) return "CA:FALSE";
  return certificate.pathLength === undefined ? "CA:TRUE" : `CA:TRUE, pathlen:${certificate.pathLength}`;
}

/** A key read as a public half (`publicHalves`) is said to be one: its private key was not seen. */
function privateKey(certificate: ReportCertificate, publicHalves: readonly string[]): string[] {
  if (certificate.keyPaths.length === 0) return ["no private key in input"];
  return certificate.keyPaths.map((path) =>
    publicHalves.includes(path) ? `public half at ${path} (matches)` : `found at ${path} (matches)`,
  );
}

/**
 * The fields of `certificate` in openssl's order, validity told relative to the report's `now`;
 * `publicHalves` is the report's `inputs.publicHalves`.
 */
export function certificateFields(
  certificate: ReportCertificate,
  now: string,
  warnDays: number,
  publicHalves: readonly string[] = [],
): CertificateField[] {
  const expiry = expiryStatus(certificate, now, warnDays);
  const fields: CertificateField[] = [
    { label: "Subject", lines: [certificate.subject], mono: true },
    {
      label: "Issuer",
      lines: [certificate.selfSigned ? `${certificate.issuer} (self-signed)` : certificate.issuer],
      mono: true,
    },
    { label: "Serial", lines: [groupHex(certificate.serial, { uppercase: false })], mono: true },
    {
      label: "Validity",
      lines: [
        `Not Before: ${formatUtc(certificate.notBefore)}`,
        `Not After:  ${formatUtc(certificate.notAfter)} (${expiry.phrase})`,
      ],
      mono: true,
    },
    {
      label: "Subject Alternative Name",
      lines: certificate.sans.length > 0 ? certificate.sans : ["none"],
      mono: true,
    },
    {
      label: "Key Usage",
      lines: [certificate.keyUsage.length > 0 ? certificate.keyUsage.join(", ") : "none"],
      mono: true,
    },
    {
      label: "Extended Key Usage",
      lines: [certificate.eku.length > 0 ? certificate.eku.join(", ") : "none"],
      mono: true,
    },
    { label: "Basic Constraints", lines: [basicConstraints(certificate)], mono: true },
    { label: "Public Key", lines: [certificate.keyAlgorithm], mono: false },
    { label: "Signature Algorithm", lines: [certificate.signatureAlgorithm], mono: true },
  ];
  if (certificate.subjectKeyId) {
    fields.push({ label: "Subject Key Identifier", lines: [groupHex(certificate.subjectKeyId)], mono: true });
  }
  if (certificate.authorityKeyId) {
    fields.push({
      label: "Authority Key Identifier",
      lines: [groupHex(certificate.authorityKeyId)],
      mono: true,
    });
  }
  fields.push(
    { label: "SHA-256 Fingerprint", lines: hexLines(certificate.sha256), mono: true },
    { label: "Private Key", lines: privateKey(certificate, publicHalves), mono: true },
  );
  if (certificate.paths.length > 0) {
    fields.push({
      label: certificate.paths.length === 1 ? "File" : "Files",
      lines: certificate.paths,
      mono: true,
    });
  }
  return fields;
}

/**
 * The same fields as plain text, one "Label: value" line each and continuation lines indented,
 * for the clipboard and for pasting into a ticket next to real openssl output.
 */
export function certificateText(
  certificate: ReportCertificate,
  now: string,
  warnDays: number,
  publicHalves: readonly string[] = [],
): string {
  const width = 26;
  return certificateFields(certificate, now, warnDays, publicHalves)
    .flatMap(({ label, lines }) =>
      lines.map((line, index) =>
        index === 0 ? `${`${label}:`.padEnd(width)}${line}` : `${" ".repeat(width)}${line}`,
      ),
    )
    .join("\n");
}
