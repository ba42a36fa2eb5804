/**
 * PKCS#10 certificate requests as the kubelet's certificate manager writes them: subject
 * `O=system:nodes, CN=system:node:<name>`, and for a serving certificate the node's names and
 * addresses as SANs (client-go util/certificate/csr). Signed with the requester's own key.
 */
import * as x509 from "../x509";

import type { KeyMaterial } from "./keys";

export interface CsrSubject {
  cn: string;
  o?: string[];
  dns?: string[];
  ips?: string[];
}

/** A certificate request for `subject`, signed with `key`; DER. */
export async function issueCsr(
  subject: CsrSubject,
  key: KeyMaterial,
  crypto: Crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  const algorithm =
    key.spec.algorithm === "RSA"
      ? { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }
      : { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = {
    privateKey: await crypto.subtle.importKey("pkcs8", key.pkcs8, algorithm, true, ["sign"]),
    publicKey: await crypto.subtle.importKey("spki", key.spki, algorithm, true, ["verify"]),
  };
  const names: x509.JsonGeneralName[] = [
    ...(subject.dns ?? []).map((value) => ({ type: "dns" as const, value })),
    ...(subject.ips ?? []).map((value) => ({ type: "ip" as const, value })),
  ];
  const request = await x509.Pkcs10CertificateRequestGenerator.create(
    {
      name: [...(subject.o ?? []).map((o) => ({ O: [o] })), { CN: [subject.cn] }],
      keys,
      signingAlgorithm: algorithm,
      extensions: names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : [],
    },
    crypto,
  );
  return new Uint8Array(request.rawData);
}
