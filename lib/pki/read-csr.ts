/**
 * Certificate signing requests (kubelet bootstrap leftovers, `openssl req` output) are shown to
 * people — subject, requested SANs, key — but never judged: nothing trusts a CSR.
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import { Name, SubjectAlternativeName, SubjectPublicKeyInfo } from "@peculiar/asn1-x509";
import type { CsrRecord } from "../inventory";
import { renderName } from "./distinguished-name";
import { splitGeneralNames } from "./general-names";
import { OID } from "./oid-names";
import { publicKeyFromSpki } from "./public-key-info";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import * as x509 from "../x509";

/** Read a DER PKCS#10 request into a CsrRecord without its source (the caller adds it). */
export function readCsr(der: Uint8Array): Result<Omit<CsrRecord, "source">> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(Uint8Array.from(der));
  } catch (error) {
    return fail(`not a PKCS#10 certificate request: ${errorMessage(error)}`);
  }
  try {
    const subject = renderName(AsnConvert.parse(csr.subjectName.toArrayBuffer(), Name));
    const sanExtension = csr.getExtension(OID.subjectAltName);
    const sans = sanExtension
      ? splitGeneralNames(AsnConvert.parse(sanExtension.value, SubjectAlternativeName))
      : { dnsNames: [], ipAddresses: [] };
    const publicKey = publicKeyFromSpki(AsnConvert.parse(csr.publicKey.rawData, SubjectPublicKeyInfo));
    return ok({
      subject,
      dnsNames: sans.dnsNames,
      ipAddresses: sans.ipAddresses,
      ...(publicKey.ok ? { publicKey: publicKey.value } : {}),
    });
  } catch (error) {
    return fail(`malformed certificate request: ${errorMessage(error)}`);
  }
}
