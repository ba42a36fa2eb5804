/**
 * From PEM blocks or bare DER to typed PKI items. PEM says what a block is (its type line); DER
 * does not, so a DER file is tried as each structure in turn — certificate, PKCS#8, encrypted
 * PKCS#8, PKCS#1, SEC1, SubjectPublicKeyInfo, PKCS#1 public key, CSR.
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { readTlv, SEQUENCE_TAG } from "../pki/der-tlv";
import { readPkcs1PublicKey, readSpki } from "../pki/public-key-info";
import { readCsr } from "../pki/read-csr";
import { readOpensshPrivateKey } from "../pki/read-openssh-key";
import {
  readEncryptedPkcs8,
  readPkcs1PrivateKey,
  readPkcs8PrivateKey,
  readSec1PrivateKey,
  type ParsedPrivateKey,
} from "../pki/read-private-key";
import { errorMessage, fail, ok, type Result } from "../shared/result";
import type { PemBlock } from "./parse-pem";
import type { CertificateRecord, CsrRecord, PublicKeyInfo } from "../inventory";

/** A certificate item's digest and reading, done ahead (see prepare-file.ts). */
export interface PreparedCertificate {
  sha256: string;
  record: Result<Omit<CertificateRecord, "sources">>;
}

export type PkiItem =
  | { kind: "certificate"; der: Uint8Array; read?: PreparedCertificate }
  | { kind: "private-key"; key: ParsedPrivateKey }
  | { kind: "public-key"; publicKey: PublicKeyInfo }
  | { kind: "csr"; csr: Omit<CsrRecord, "source"> };

/** What one PEM block turned out to be: an item, an error, or a type we do not read. */
export type BlockOutcome = { item: PkiItem } | { error: string } | { ignored: true };

/** Only the certificate's own TLV: TRUSTED CERTIFICATE appends trust settings after it. */
function certificateItem(der: Uint8Array): Result<PkiItem> {
  const tlv = readTlv(der);
  if (!tlv.ok) return tlv;
  if (tlv.value.tag !== SEQUENCE_TAG) return fail("not an ASN.1 SEQUENCE");
  return ok({ kind: "certificate", der: der.subarray(0, tlv.value.end) });
}

function keyItem(result: Result<ParsedPrivateKey>): Result<PkiItem> {
  return result.ok ? ok({ kind: "private-key", key: result.value }) : result;
}

function publicKeyItem(result: Result<PublicKeyInfo>): Result<PkiItem> {
  return result.ok ? ok({ kind: "public-key", publicKey: result.value }) : result;
}

function csrItem(result: Result<Omit<CsrRecord, "source">>): Result<PkiItem> {
  return result.ok ? ok({ kind: "csr", csr: result.value }) : result;
}

function legacyEncrypted(block: PemBlock): boolean {
  return (block.headers["Proc-Type"] ?? "").includes("ENCRYPTED");
}

function readBlockDer(block: PemBlock, der: Uint8Array): Result<PkiItem> | undefined {
  switch (block.type) {
    case "CERTIFICATE":
    case "X509 CERTIFICATE":
    case "TRUSTED CERTIFICATE":
      return certificateItem(der);
    case "RSA PRIVATE KEY":
      if (legacyEncrypted(block))
        return ok({ kind: "private-key", key: { format: "pkcs1", encrypted: true } });
      return keyItem(readPkcs1PrivateKey(der));
    case "EC PRIVATE KEY":
      if (legacyEncrypted(block))
        return ok({ kind: "private-key", key: { format: "sec1", encrypted: true } });
      return keyItem(readSec1PrivateKey(der));
    case "PRIVATE KEY":
    // Talos writes its Ed25519 keys as PKCS#8 under a label of its own (siderolabs/crypto x509).
    case "ED25519 PRIVATE KEY":
      return keyItem(readPkcs8PrivateKey(der));
    case "ENCRYPTED PRIVATE KEY":
      return keyItem(readEncryptedPkcs8(der));
    case "OPENSSH PRIVATE KEY":
      return keyItem(readOpensshPrivateKey(der));
    case "PUBLIC KEY":
      return publicKeyItem(readSpki(der));
    case "RSA PUBLIC KEY": {
      // OpenShift's operators (library-go encryption/crypto) write a SubjectPublicKeyInfo under
      // this PKCS#1 label, and Go's keyutil reads both: so is either read here.
      const pkcs1 = readPkcs1PublicKey(der);
      return publicKeyItem(pkcs1.ok ? pkcs1 : readSpki(der));
    }
    case "CERTIFICATE REQUEST":
    case "NEW CERTIFICATE REQUEST":
      return csrItem(readCsr(der));
    default:
      return undefined;
  }
}

/** Interpret one decoded PEM block by its type line. `EC PARAMETERS` and unknown types are ignored. */
export function readPemBlock(block: PemBlock): BlockOutcome {
  if (block.error !== undefined) return { error: block.error };
  if (!block.der || block.type === "EC PARAMETERS") return { ignored: true };
  const result = readBlockDer(block, block.der);
  if (!result) return { ignored: true };
  return result.ok ? { item: result.value } : { error: result.reason };
}

/** Parsing a certificate here costs a second parse later; it only happens for bare DER files. */
function derCertificateItem(der: Uint8Array): Result<PkiItem> {
  try {
    AsnConvert.parse(der, Certificate);
  } catch (error) {
    return fail(`not a certificate: ${errorMessage(error)}`);
  }
  return certificateItem(der);
}

const DER_READERS: readonly ((der: Uint8Array) => Result<PkiItem>)[] = [
  derCertificateItem,
  (der) => keyItem(readPkcs8PrivateKey(der)),
  (der) => keyItem(readEncryptedPkcs8(der)),
  (der) => keyItem(readPkcs1PrivateKey(der)),
  (der) => keyItem(readSec1PrivateKey(der)),
  (der) => publicKeyItem(readSpki(der)),
  (der) => publicKeyItem(readPkcs1PublicKey(der)),
  (der) => csrItem(readCsr(der)),
];

/** True when binary bytes start like a DER SEQUENCE, the only shape worth trying as DER. */
export function looksLikeDer(bytes: Uint8Array): boolean {
  return bytes[0] === SEQUENCE_TAG;
}

/**
 * Read a binary file that starts with a SEQUENCE as the first structure it parses as. Fails with
 * the framing error for truncated DER, or with a summary when no structure fits.
 */
export function readDer(bytes: Uint8Array): Result<PkiItem> {
  const tlv = readTlv(bytes);
  if (!tlv.ok) return tlv;
  const der = bytes.subarray(0, tlv.value.end);
  for (const read of DER_READERS) {
    const result = read(der);
    if (result.ok) return result;
  }
  return fail("DER structure that is not a certificate, private key, public key or CSR (PKCS#7 is not read)");
}
