/**
 * Words the served-chain rules share: where a chain was read, the evidence it was matched on, and
 * a certificate named by subject, serial and expiry.
 */
import type { CertificateRecord, ServedChainRecord } from "../inventory";
import type { Evidence } from "../report";
import { formatDate } from "../engine/describe";
import type { ServedMatch } from "./match-served";

/** `127.0.0.1:6443`, `port 6443`, or `an unknown address`. */
export function servedAddress(record: ServedChainRecord): string {
  if (record.host !== undefined && record.port !== undefined) return `${record.host}:${record.port}`;
  if (record.port !== undefined) return `port ${record.port}`;
  if (record.host !== undefined) return record.host;
  return "an unknown address";
}

/** `CN=kube-apiserver (serial 0a1b…, valid until 2026-06-20)`. */
export function servedLabel(cert: CertificateRecord): string {
  const serial = cert.serial.length > 20 ? `${cert.serial.slice(0, 20)}…` : cert.serial;
  return `${cert.subject} (serial ${serial}, valid until ${formatDate(cert.notAfter)})`;
}

/**
 * The facts a served-chain finding rests on: the port or collector metadata that names the
 * component (a port's default, where its configuration sets none, is the binary's convention), and
 * the wiring's own.
 */
export function servedEvidence(match: ServedMatch): Evidence[] {
  const own: Evidence[] = [];
  if (match.component !== undefined && match.because !== undefined)
    own.push({
      fact: `${match.component} serves on ${servedAddress(match.record)}`,
      source: /default port/.test(match.because) ? "convention" : "configured",
      from: match.because,
    });
  return [...own, ...(match.wiring?.evidence ?? [])];
}
