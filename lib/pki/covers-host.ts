/**
 * Whether a certificate's subjectAltNames cover a host a client dials, as Go's crypto/x509 matches
 * them: IPs only against IP SANs, names case-insensitively against DNS SANs with single-label
 * wildcards. Used by the SAN check and by the model to tell this cluster's kubeconfigs from others.
 */
import type { CertificateRecord } from "../inventory";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIp(host: string): boolean {
  return IPV4.test(host) || host.includes(":");
}

/** Whether `cert`'s SANs name `host` (an IP literal or a DNS name). */
export function coversHost(cert: Pick<CertificateRecord, "dnsNames" | "ipAddresses">, host: string): boolean {
  if (isIp(host)) return cert.ipAddresses.includes(host);
  const name = host.toLowerCase();
  return cert.dnsNames.some((san) => {
    const pattern = san.toLowerCase();
    if (pattern === name) return true;
    if (!pattern.startsWith("*.")) return false;
    const rest = name.split(".").slice(1).join(".");
    return rest === pattern.slice(2) && name.split(".").length > 2;
  });
}
