/**
 * Names for the object identifiers a Kubernetes PKI shows: EKUs, signature algorithms, curves and
 * DN attributes. Names follow OpenSSL's spelling where people will compare with `openssl x509 -text`.
 */

/** The OIDs the readers switch on. */
export const OID = {
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsassaPss: "1.2.840.113549.1.1.10",
  ecPublicKey: "1.2.840.10045.2.1",
  ed25519: "1.3.101.112",
  ed448: "1.3.101.113",
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  authorityKeyIdentifier: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
} as const;

/** Extended key usage OID → the name Go and OpenSSL configs use (`serverAuth`, `clientAuth`). */
export const EKU_NAMES: Readonly<Record<string, string>> = {
  "1.3.6.1.5.5.7.3.1": "serverAuth",
  "1.3.6.1.5.5.7.3.2": "clientAuth",
  "1.3.6.1.5.5.7.3.3": "codeSigning",
  "1.3.6.1.5.5.7.3.4": "emailProtection",
  "1.3.6.1.5.5.7.3.5": "ipsecEndSystem",
  "1.3.6.1.5.5.7.3.6": "ipsecTunnel",
  "1.3.6.1.5.5.7.3.7": "ipsecUser",
  "1.3.6.1.5.5.7.3.8": "timeStamping",
  "1.3.6.1.5.5.7.3.9": "OCSPSigning",
  "2.5.29.37.0": "anyExtendedKeyUsage",
  "1.3.6.1.4.1.311.10.3.3": "msSGC",
  "2.16.840.1.113730.4.1": "nsSGC",
};

/** Signature algorithm OID → [OpenSSL name, hash]. RSASSA-PSS's hash lives in its parameters. */
export const SIGNATURE_ALGORITHMS: Readonly<Record<string, readonly [string, string]>> = {
  "1.2.840.113549.1.1.2": ["md2WithRSAEncryption", "MD2"],
  "1.2.840.113549.1.1.4": ["md5WithRSAEncryption", "MD5"],
  "1.2.840.113549.1.1.5": ["sha1WithRSAEncryption", "SHA-1"],
  "1.2.840.113549.1.1.11": ["sha256WithRSAEncryption", "SHA-256"],
  "1.2.840.113549.1.1.12": ["sha384WithRSAEncryption", "SHA-384"],
  "1.2.840.113549.1.1.13": ["sha512WithRSAEncryption", "SHA-512"],
  "1.2.840.113549.1.1.14": ["sha224WithRSAEncryption", "SHA-224"],
  "1.2.840.10045.4.1": ["ecdsa-with-SHA1", "SHA-1"],
  "1.2.840.10045.4.3.1": ["ecdsa-with-SHA224", "SHA-224"],
  "1.2.840.10045.4.3.2": ["ecdsa-with-SHA256", "SHA-256"],
  "1.2.840.10045.4.3.3": ["ecdsa-with-SHA384", "SHA-384"],
  "1.2.840.10045.4.3.4": ["ecdsa-with-SHA512", "SHA-512"],
  "1.2.840.10040.4.3": ["dsa_with_SHA1", "SHA-1"],
  "2.16.840.1.101.3.4.3.2": ["dsa_with_SHA256", "SHA-256"],
  // EdDSA hashes internally (SHA-512 / SHAKE256); named so weak-hash checks see a strong hash.
  "1.3.101.112": ["ED25519", "SHA-512"],
  "1.3.101.113": ["ED448", "SHAKE256"],
};

/** Hash algorithm OID → WebCrypto-style name, for RSASSA-PSS parameters. */
export const HASH_NAMES: Readonly<Record<string, string>> = {
  "1.3.14.3.2.26": "SHA-1",
  "2.16.840.1.101.3.4.2.1": "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
  "2.16.840.1.101.3.4.2.4": "SHA-224",
};

/** Named EC curves: OID → [name as in PublicKeyInfo.curve, field size in bits]. */
export const CURVES: Readonly<Record<string, readonly [string, number]>> = {
  "1.2.840.10045.3.1.7": ["P-256", 256],
  "1.3.132.0.34": ["P-384", 384],
  "1.3.132.0.35": ["P-521", 521],
  "1.3.132.0.33": ["P-224", 224],
  "1.2.840.10045.3.1.1": ["P-192", 192],
  "1.3.132.0.10": ["secp256k1", 256],
};

/** The OID of a curve name from CURVES, for re-encoding SEC1 keys into PKCS#8. */
export function curveOid(name: string): string | undefined {
  for (const [oid, [curve]] of Object.entries(CURVES)) if (curve === name) return oid;
  return undefined;
}

/** DN attribute short names (RFC 4514 plus OpenSSL's usual extras). */
export const DN_ATTRIBUTES: Readonly<Record<string, string>> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.9": "STREET",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.42": "GN",
  "2.5.4.43": "initials",
  "2.5.4.46": "dnQualifier",
  "2.5.4.65": "pseudonym",
  "0.9.2342.19200300.100.1.1": "UID",
  "0.9.2342.19200300.100.1.25": "DC",
  "1.2.840.113549.1.9.1": "emailAddress",
};

/** Key usage bits in their RFC 5280 order (bit 0 first). */
export const KEY_USAGE_NAMES = [
  "digitalSignature",
  "nonRepudiation",
  "keyEncipherment",
  "dataEncipherment",
  "keyAgreement",
  "keyCertSign",
  "cRLSign",
  "encipherOnly",
  "decipherOnly",
] as const;

/** The names of the bits set in a KeyUsage BIT STRING's value bytes (unused-bits count removed). */
export function keyUsageNames(bits: Uint8Array): string[] {
  return KEY_USAGE_NAMES.filter((_, bit) => ((bits[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
}
