/**
 * An X.509 certificate read once into the plain CertificateRecord every later stage uses. Parsing
 * goes straight through asn1-x509 (no @peculiar/x509 object, whose getters re-parse extensions on
 * every access); each extension is decoded exactly once here.
 */
import { RsaSaPssParams } from "@peculiar/asn1-rsa";
import { AsnConvert } from "@peculiar/asn1-schema";
import {
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  KeyUsage,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
  type AlgorithmIdentifier,
  type Extension,
} from "@peculiar/asn1-x509";
import type { CertificateRecord } from "../inventory";
import { toHex, toUint8 } from "../shared/bytes";
import { nameValues, renderName } from "./distinguished-name";
import { splitGeneralNames } from "./general-names";
import { EKU_NAMES, HASH_NAMES, keyUsageNames, OID, SIGNATURE_ALGORITHMS } from "./oid-names";
import { publicKeyFromSpki } from "./public-key-info";
import { noExtensions, readCertificateDer, type CertificateExtensions } from "./read-certificate-der";
import { errorMessage, fail, ok, type Result } from "../shared/result";

/** The certificate id for a DER SHA-256: `c-` + its first 16 hex digits. */
export function certificateId(sha256: string): string {
  return `c-${sha256.slice(0, 16)}`;
}

/** Serial as unsigned hex: the INTEGER's sign-padding zero byte is not part of the number. */
function serialHex(serial: ArrayBuffer): string {
  const bytes = toUint8(serial);
  const padded = bytes.length > 1 && bytes[0] === 0 && ((bytes[1] ?? 0) & 0x80) !== 0;
  return toHex(padded ? bytes.subarray(1) : bytes);
}

function signatureAlgorithm(alg: AlgorithmIdentifier): { name: string; hash: string } {
  const known = SIGNATURE_ALGORITHMS[alg.algorithm];
  if (known) return { name: known[0], hash: known[1] };
  if (alg.algorithm === OID.rsassaPss) {
    // RFC 4055: absent hashAlgorithm means SHA-1.
    let hash = "SHA-1";
    if (alg.parameters) {
      const params = AsnConvert.parse(alg.parameters, RsaSaPssParams);
      hash = HASH_NAMES[params.hashAlgorithm.algorithm] ?? params.hashAlgorithm.algorithm;
    }
    return { name: "rsassaPss", hash };
  }
  return { name: alg.algorithm, hash: "unknown" };
}

function readCertificateExtensions(extensions: readonly Extension[]): CertificateExtensions {
  const out = noExtensions();
  for (const ext of extensions) {
    const value = ext.extnValue.buffer;
    switch (ext.extnID) {
      case OID.subjectAltName:
        Object.assign(out, splitGeneralNames(AsnConvert.parse(value, SubjectAlternativeName)));
        break;
      case OID.extKeyUsage:
        out.ekuPresent = true;
        out.eku = Array.from(AsnConvert.parse(value, ExtendedKeyUsage), (oid) => EKU_NAMES[oid] ?? oid);
        break;
      case OID.keyUsage:
        out.keyUsagePresent = true;
        out.keyUsage = keyUsageNames(toUint8(AsnConvert.parse(value, KeyUsage).value));
        break;
      case OID.basicConstraints: {
        const bc = AsnConvert.parse(value, BasicConstraints);
        out.basicConstraintsPresent = true;
        out.isCA = bc.cA;
        if (bc.pathLenConstraint !== undefined) out.pathLength = bc.pathLenConstraint;
        break;
      }
      case OID.subjectKeyIdentifier:
        out.subjectKeyId = toHex(AsnConvert.parse(value, SubjectKeyIdentifier).buffer);
        break;
      case OID.authorityKeyIdentifier: {
        const keyId = AsnConvert.parse(value, AuthorityKeyIdentifier).keyIdentifier;
        if (keyId) out.authorityKeyId = toHex(keyId.buffer);
        break;
      }
    }
  }
  return out;
}

/**
 * Read a DER certificate into a CertificateRecord (without `sources`, which the caller knows).
 * `sha256` is the lowercase hex digest of exactly these bytes. Fails with the reason when the DER
 * is not a certificate or one of the extensions above is malformed — Go would reject it too.
 */
export function readCertificate(der: Uint8Array, sha256: string): Result<Omit<CertificateRecord, "sources">> {
  const fast = readCertificateDer(der, sha256, certificateId(sha256));
  return fast ? ok(fast) : readCertificateSchema(der, sha256);
}

/** The schema parser's reading: every shape asn1-x509 knows, and the reason when it fails. */
export function readCertificateSchema(
  der: Uint8Array,
  sha256: string,
): Result<Omit<CertificateRecord, "sources">> {
  let cert: Certificate;
  try {
    cert = AsnConvert.parse(der, Certificate);
  } catch (error) {
    return fail(`not an X.509 certificate: ${errorMessage(error)}`);
  }
  try {
    const tbs = cert.tbsCertificate;
    const publicKey = publicKeyFromSpki(tbs.subjectPublicKeyInfo);
    if (!publicKey.ok) return publicKey;
    const subject = renderName(tbs.subject);
    const issuer = renderName(tbs.issuer);
    const subjectCN = nameValues(tbs.subject, OID.commonName).at(-1);
    const issuerCN = nameValues(tbs.issuer, OID.commonName).at(-1);
    const signature = signatureAlgorithm(cert.signatureAlgorithm);
    return ok({
      id: certificateId(sha256),
      sha256,
      der,
      subject,
      ...(subjectCN !== undefined ? { subjectCN } : {}),
      subjectO: nameValues(tbs.subject, OID.organization),
      issuer,
      ...(issuerCN !== undefined ? { issuerCN } : {}),
      serial: serialHex(tbs.serialNumber),
      notBefore: tbs.validity.notBefore.getTime().toISOString(),
      notAfter: tbs.validity.notAfter.getTime().toISOString(),
      ...readCertificateExtensions(tbs.extensions ?? []),
      publicKey: publicKey.value,
      signatureAlgorithm: signature.name,
      signatureHash: signature.hash,
      selfIssued: subject === issuer,
    });
  } catch (error) {
    return fail(`malformed certificate field: ${errorMessage(error)}`);
  }
}
