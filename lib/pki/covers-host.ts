/**
 * Whether a certificate's subjectAltNames cover a host a client dials, as Go's crypto/x509 matches
 * them (`VerifyHostname`, lib/pki/go/verify-hostname.ts): IPs only against IP SANs; names
 * case-insensitively against DNS SANs, a whole-label wildcard first (`*.com` too), an invalid
 * name only exactly. Used by the SAN check and by the model to tell this cluster's kubeconfigs
 * from others.
 */
import type { CertificateRecord } from "../inventory";
import { goHostnameMatches } from "./go/verify-hostname";

/** Whether `cert`'s SANs name `host` (an IP literal or a DNS name). */
export function coversHost(cert: Pick<CertificateRecord, "dnsNames" | "ipAddresses">, host: string): boolean {
  return goHostnameMatches(cert.dnsNames, cert.ipAddresses, host);
}
