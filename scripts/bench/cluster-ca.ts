/**
 * The healthy fixture's cluster CA as signing material. Synthetic workers must present client
 * certificates that chain to the very CA the control-plane files trust, so the bench signs with the
 * committed `ca.key` rather than a CA of its own.
 */
import { createPrivateKey, createPublicKey } from "node:crypto";

import * as x509 from "../../lib/x509";
import type { IssuerInput } from "../../lib/generate/issue-certificate";
import type { KeyMaterial } from "../../lib/generate/keys";
import type { KeySpec } from "../../lib/generate/node-model";

/** The CA as the fixture generator's `issueCertificate` wants it, plus its PEM for kubeconfigs. */
export interface ClusterCa {
  issuer: IssuerInput;
  certificatePem: string;
}

function keySpecOf(cert: x509.X509Certificate): KeySpec {
  const algorithm = cert.publicKey.algorithm as Algorithm & { modulusLength?: number; namedCurve?: string };
  if (
    algorithm.name === "RSASSA-PKCS1-v1_5" &&
    (algorithm.modulusLength === 2048 || algorithm.modulusLength === 1024)
  ) {
    return { algorithm: "RSA", bits: algorithm.modulusLength };
  }
  if (algorithm.name === "ECDSA" && algorithm.namedCurve === "P-256") return { algorithm: "ECDSA-P256" };
  throw new Error(`cluster CA key ${algorithm.name} is not one the fixture generator can sign with`);
}

/**
 * Reads the CA certificate and its private key (PKCS#1, SEC1 or PKCS#8 PEM, as kubeadm or the
 * generator wrote it). WebCrypto imports only PKCS#8, so the key is re-encoded once here; a key that
 * does not belong to the certificate is a broken fixture and throws.
 */
export function loadClusterCa(certificatePem: string, keyPem: string): ClusterCa {
  const cert = new x509.X509Certificate(certificatePem);
  const privateKey = createPrivateKey({ key: keyPem, format: "pem" });
  const spki = new Uint8Array(cert.publicKey.rawData);
  const keySpki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  if (!Buffer.from(spki).equals(keySpki)) throw new Error("ca.key is not the key of ca.crt");
  const keyId = cert.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  if (!keyId) throw new Error("ca.crt has no subjectKeyIdentifier to put in its leaves' AKI");
  const cn = cert.subjectName.getField("CN")[0];
  if (cn === undefined) throw new Error("ca.crt has no common name");
  const o = cert.subjectName.getField("O");
  const key: KeyMaterial = {
    spec: keySpecOf(cert),
    pkcs8: new Uint8Array(privateKey.export({ type: "pkcs8", format: "der" })),
    spki,
    keyId,
  };
  return { issuer: { subject: o.length > 0 ? { cn, o } : { cn }, key }, certificatePem };
}
