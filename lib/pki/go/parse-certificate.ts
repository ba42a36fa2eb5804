/**
 * `x509.ParseCertificate` as Go's crypto/x509 (1.23) reads a certificate, step by step and with
 * its error text: every Kubernetes component loads its certificates and its peers' with it, so a
 * certificate this refuses is one the component refuses — at start-up for its own files, in the
 * handshake for a peer's. It gives the fields chain verification needs (`verify-chain.ts`), as Go
 * holds them: raw names, key usage bits, MaxPathLen, name constraints, unhandled critical
 * extensions. Where Go changed with its version (negative serials, refused since 1.23) the caller
 * says which Go it is judging as.
 */
import { DerReader, hexOf } from "./der-reader";
import { charCodes, goQuote, goString } from "./go-text";
import { checkPoint, CURVE_OIDS, type GoCurve } from "./curves";
import { readGoTime, TimeError, type GoTime } from "./parse-time";
import { domainToReverseLabels, isIa5, parseMailbox } from "./domain-labels";
import { parseUri } from "./parse-uri";

export type GoPublicKeyAlgorithm = "RSA" | "DSA" | "ECDSA" | "Ed25519" | "X25519" | "unknown";

export interface GoIpNet {
  ip: Uint8Array;
  mask: Uint8Array;
}

export interface GoNameConstraints {
  dns: string[];
  ip: GoIpNet[];
  email: string[];
  uri: string[];
}

export interface GoCertificate {
  raw: Uint8Array;
  rawTbs: Uint8Array;
  rawIssuer: string;
  rawSubject: string;
  version: number;
  /** Decimal, as Go prints `serial:` in a hint. */
  serial: string;
  /** Go's name for the signature algorithm (`SHA256-RSA`), or its number as text when unknown. */
  signatureAlgorithm: string;
  publicKeyAlgorithm: GoPublicKeyAlgorithm;
  /** Whether Go holds a public key (false for an unknown key algorithm: never a parent). */
  hasPublicKey: boolean;
  /** A key's identity for `alreadyInChain` (Go's PublicKey.Equal). */
  publicKeyId: string;
  rsaBits?: number;
  curve?: GoCurve;
  notBefore: number;
  notAfter: number;
  notBeforeText: string;
  notAfterText: string;
  subjectCN: string;
  subjectO: string[];
  keyUsage: number;
  basicConstraintsValid: boolean;
  isCA: boolean;
  maxPathLen: number;
  /** The SAN extension's value, when present (Go's `hasSANExtension`). */
  san?: Uint8Array;
  dnsNames: string[];
  ipAddresses: Uint8Array[];
  extKeyUsage: string[];
  unknownExtKeyUsage: string[];
  permitted: GoNameConstraints;
  excluded: GoNameConstraints;
  unhandledCriticalExtensions: string[];
  subjectKeyId: string;
  authorityKeyId: string;
}

export type GoParse = { ok: true; cert: GoCertificate } | { ok: false; error: string };

/** What changed across Go versions in parsing. */
export interface GoParseRules {
  /** Go 1.23 and later refuse a negative serial (GODEBUG x509negativeserial=1 restores it). */
  refuseNegativeSerial: boolean;
}

class GoError extends Error {}

function fail(message: string): never {
  throw new GoError(message);
}

const SIGNATURE_ALGORITHMS: Record<string, string> = {
  "1.2.840.113549.1.1.4": "MD5-RSA",
  "1.2.840.113549.1.1.5": "SHA1-RSA",
  "1.3.14.3.2.29": "SHA1-RSA",
  "1.2.840.113549.1.1.11": "SHA256-RSA",
  "1.2.840.113549.1.1.12": "SHA384-RSA",
  "1.2.840.113549.1.1.13": "SHA512-RSA",
  "1.2.840.10040.4.3": "DSA-SHA1",
  "2.16.840.1.101.3.4.3.2": "DSA-SHA256",
  "1.2.840.10045.4.1": "ECDSA-SHA1",
  "1.2.840.10045.4.3.2": "ECDSA-SHA256",
  "1.2.840.10045.4.3.3": "ECDSA-SHA384",
  "1.2.840.10045.4.3.4": "ECDSA-SHA512",
  "1.3.101.112": "Ed25519",
};

const RSA_PSS = "1.2.840.113549.1.1.10";
const PSS_HASHES: Record<string, [string, bigint]> = {
  "2.16.840.1.101.3.4.2.1": ["SHA256-RSAPSS", 32n],
  "2.16.840.1.101.3.4.2.2": ["SHA384-RSAPSS", 48n],
  "2.16.840.1.101.3.4.2.3": ["SHA512-RSAPSS", 64n],
};

const PUBLIC_KEY_ALGORITHMS: Record<string, GoPublicKeyAlgorithm> = {
  "1.2.840.113549.1.1.1": "RSA",
  "1.2.840.10040.4.1": "DSA",
  "1.2.840.10045.2.1": "ECDSA",
  "1.3.101.112": "Ed25519",
  "1.3.101.110": "X25519",
};

const EXT_KEY_USAGES: Record<string, string> = {
  "2.5.29.37.0": "any",
  "1.3.6.1.5.5.7.3.1": "serverAuth",
  "1.3.6.1.5.5.7.3.2": "clientAuth",
  "1.3.6.1.5.5.7.3.3": "codeSigning",
  "1.3.6.1.5.5.7.3.4": "emailProtection",
  "1.3.6.1.5.5.7.3.5": "ipsecEndSystem",
  "1.3.6.1.5.5.7.3.6": "ipsecTunnel",
  "1.3.6.1.5.5.7.3.7": "ipsecUser",
  "1.3.6.1.5.5.7.3.8": "timeStamping",
  "1.3.6.1.5.5.7.3.9": "OCSPSigning",
  "1.3.6.1.4.1.311.10.3.3": "microsoftServerGatedCrypto",
  "2.16.840.1.113730.4.1": "netscapeServerGatedCrypto",
  "1.3.6.1.4.1.311.2.1.22": "microsoftCommercialCodeSigning",
  "1.3.6.1.4.1.311.61.1.1": "microsoftKernelCodeSigning",
};

const AIA = "1.3.6.1.5.5.7.1.1";
const NULL_HEX = "0500";

/** Go reads these INTEGERs into an int: eight bytes at most. */
const isInt64 = (value: bigint) => value >= -(2n ** 63n) && value < 2n ** 63n;
const hex = hexOf;
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });
const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** `isPrintable` of Go's parser: PrintableString plus `*` and `&`, which real CAs use. */
function isPrintable(b: number): boolean {
  return (
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x30 && b <= 0x39) ||
    (b >= 0x27 && b <= 0x29) ||
    (b >= 0x2b && b <= 0x2f) ||
    b === 0x20 ||
    b === 0x3a ||
    b === 0x3d ||
    b === 0x3f ||
    b === 0x2a ||
    b === 0x26
  );
}

/** `parseASN1String`: the string types a Name may hold, each checked as Go checks it. */
function parseAsn1String(tag: number, value: Uint8Array): string {
  switch (tag) {
    case 0x14: // T61String
      return goString(value);
    case 0x13:
      if (!value.every(isPrintable)) fail("invalid PrintableString");
      return goString(value);
    case 0x0c: {
      try {
        return STRICT_UTF8.decode(value);
      } catch {
        fail("invalid UTF-8 string");
      }
      break;
    }
    case 0x1e: {
      if (value.length % 2 !== 0) fail("invalid BMPString");
      let end = value.length;
      if (end >= 2 && value[end - 1] === 0 && value[end - 2] === 0) end -= 2;
      const units: number[] = [];
      for (let i = 0; i < end; i += 2) units.push(((value[i] ?? 0) << 8) | (value[i + 1] ?? 0));
      return charCodes(units);
    }
    case 0x16: {
      const text = goString(value);
      if (!isIa5(text)) fail("invalid IA5String");
      return text;
    }
    case 0x12:
      if (!value.every((b) => (b >= 0x30 && b <= 0x39) || b === 0x20)) fail("invalid NumericString");
      return goString(value);
  }
  return fail(`unsupported string type: ${tag}`);
}

interface Name {
  cn: string;
  o: string[];
}

function parseName(element: DerReader): Name {
  const raw = element.read(0x30) ?? fail("x509: invalid RDNSequence");
  const name: Name = { cn: "", o: [] };
  while (!raw.empty) {
    const set = raw.read(0x31) ?? fail("x509: invalid RDNSequence");
    while (!set.empty) {
      const atv = set.read(0x30) ?? fail("x509: invalid RDNSequence: invalid attribute");
      const type = atv.readOid() ?? fail("x509: invalid RDNSequence: invalid attribute type");
      const value = atv.readElement() ?? fail("x509: invalid RDNSequence: invalid attribute value");
      let text: string;
      try {
        text = parseAsn1String(value.tag, value.contents.rest());
      } catch (error) {
        if (!(error instanceof GoError)) throw error;
        fail(`x509: invalid RDNSequence: invalid attribute value: ${error.message}`);
      }
      if (type === "2.5.4.3") name.cn = text;
      else if (type === "2.5.4.10") name.o.push(text);
    }
  }
  return name;
}

function parseGoTime(der: DerReader): GoTime {
  try {
    return readGoTime(der);
  } catch (error) {
    if (error instanceof TimeError) fail(error.message);
    throw error;
  }
}

interface AlgorithmIdentifier {
  oid: string;
  /** The parameters element, whole (tag and length included), when present. */
  parameters?: Uint8Array;
}

function parseAI(der: DerReader): AlgorithmIdentifier {
  const oid = der.readOid() ?? fail("x509: malformed OID");
  if (der.empty) return { oid };
  const parameters = der.readElement() ?? fail("x509: malformed parameters");
  return { oid, parameters: parameters.whole };
}

/** One AlgorithmIdentifier inside PSS parameters, as encoding/asn1 reads it. */
function pssAlgorithm(element: DerReader | undefined): AlgorithmIdentifier | undefined {
  const sequence = element?.read(0x30);
  if (!sequence) return undefined;
  const oid = sequence.readOid();
  if (!oid) return undefined;
  const parameters = sequence.empty ? undefined : sequence.readElement()?.whole;
  return { oid, ...(parameters ? { parameters } : {}) };
}

/** `getSignatureAlgorithmFromAI`: PSS only in Go's three shapes, anything else unknown ("0"). */
function signatureAlgorithmName(ai: AlgorithmIdentifier): string {
  if (ai.oid === "1.3.101.112" && ai.parameters) return "0";
  if (ai.oid !== RSA_PSS) return SIGNATURE_ALGORITHMS[ai.oid] ?? "0";
  const params = ai.parameters ? new DerReader(ai.parameters).read(0x30) : undefined;
  if (!params) return "0";
  const hash = pssAlgorithm(params.read(0xa0));
  const mgf = pssAlgorithm(params.read(0xa1));
  const salt = params.read(0xa2)?.readInteger();
  const trailerField = params.peekTag(0xa3) ? params.read(0xa3)?.readInteger() : 1n;
  if (!hash || !mgf || salt === undefined || trailerField === undefined) return "0";
  const mgfHash = mgf.parameters ? pssAlgorithm(new DerReader(mgf.parameters)) : undefined;
  const nullOrAbsent = (p?: Uint8Array) => !p || hex(p) === NULL_HEX;
  if (
    !nullOrAbsent(hash.parameters) ||
    mgf.oid !== "1.2.840.113549.1.1.8" ||
    !mgfHash ||
    mgfHash.oid !== hash.oid ||
    !nullOrAbsent(mgfHash.parameters) ||
    trailerField !== 1n
  )
    return "0";
  const known = PSS_HASHES[hash.oid];
  return known && known[1] === salt ? known[0] : "0";
}

interface PublicKey {
  id: string;
  rsaBits?: number;
  curve?: GoCurve;
}

function bitLength(value: bigint): number {
  return value <= 0n ? 0 : value.toString(2).length;
}

function parsePublicKey(
  algorithm: GoPublicKeyAlgorithm,
  ai: AlgorithmIdentifier,
  key: Uint8Array,
): PublicKey {
  const der = new DerReader(key);
  switch (algorithm) {
    case "RSA": {
      if (!ai.parameters || hex(ai.parameters) !== NULL_HEX) fail("x509: RSA key missing NULL parameters");
      const sequence = der.read(0x30) ?? fail("x509: invalid RSA public key");
      const modulus = sequence.readInteger() ?? fail("x509: invalid RSA modulus");
      const exponent = sequence.readInteger();
      if (exponent === undefined || !isInt64(exponent)) fail("x509: invalid RSA public exponent");
      if (modulus <= 0n) fail("x509: RSA modulus is not a positive number");
      if (exponent <= 0n) fail("x509: RSA public exponent is not a positive number");
      return { id: `rsa:${modulus.toString(16)}:${exponent.toString(16)}`, rsaBits: bitLength(modulus) };
    }
    case "ECDSA": {
      const params = new DerReader(ai.parameters ?? new Uint8Array());
      const curveOid = params.readOid() ?? fail("x509: invalid ECDSA parameters");
      const curve = CURVE_OIDS[curveOid] ?? fail("x509: unsupported elliptic curve");
      if (!checkPoint(curve, key)) fail("x509: failed to unmarshal elliptic curve point");
      return { id: `ec:${curve}:${hex(key)}`, curve };
    }
    case "Ed25519":
      if (ai.parameters) fail("x509: Ed25519 key encoded with illegal parameters");
      if (key.length !== 32) fail("x509: wrong Ed25519 public key size");
      return { id: `ed25519:${hex(key)}` };
    case "X25519":
      if (ai.parameters) fail("x509: X25519 key encoded with illegal parameters");
      if (key.length !== 32) fail("crypto/ecdh: invalid public key");
      return { id: `x25519:${hex(key)}` };
    case "DSA": {
      const y = der.readInteger() ?? fail("x509: invalid DSA public key");
      const params = ai.parameters ? new DerReader(ai.parameters).read(0x30) : undefined;
      const p = params?.readInteger();
      const q = params?.readInteger();
      const g = params?.readInteger();
      if (p === undefined || q === undefined || g === undefined) fail("x509: invalid DSA parameters");
      if (y <= 0n || p <= 0n || q <= 0n || g <= 0n) fail("x509: zero or negative DSA parameter");
      return { id: `dsa:${y.toString(16)}:${p.toString(16)}` };
    }
    case "unknown":
      return { id: `unknown:${hex(key)}` };
  }
}

interface Extension {
  id: string;
  critical: boolean;
  value: Uint8Array;
}

function parseExtension(der: DerReader): Extension {
  const id = der.readOid() ?? fail("x509: malformed extension OID field");
  let critical = false;
  if (der.peekTag(0x01)) critical = der.readBoolean() ?? fail("x509: malformed extension critical field");
  const value = der.read(0x04) ?? fail("x509: malformed extension value field");
  return { id, critical, value: value.rest() };
}

function emptyConstraints(): GoNameConstraints {
  return { dns: [], ip: [], email: [], uri: [] };
}

/** Whether a mask is ones then zeros, a byte at a time as Go's `isValidIPMask` reads it. */
function validMask(mask: Uint8Array): boolean {
  let seenZero = false;
  for (const b of mask) {
    if (seenZero) {
      if (b !== 0) return false;
      continue;
    }
    if ([0x00, 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe].includes(b)) seenZero = true;
    else if (b !== 0xff) return false;
  }
  return true;
}

function isIpLiteral(text: string): boolean {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text))
    return text.split(".").every((part) => Number(part) < 256 && !/^0\d/.test(part));
  return text.includes(":") && /^[0-9a-fA-F:.]+$/.test(text);
}

/** The subtrees of one side of a NameConstraints extension; `unhandled` for other name types. */
function readSubtrees(subtrees: DerReader, out: GoNameConstraints): boolean {
  let unhandled = false;
  while (!subtrees.empty) {
    const subtree = subtrees.read(0x30);
    const value = subtree?.readElement();
    if (!value) fail("x509: invalid NameConstraints extension");
    const bytes = value.contents.rest();
    const text = goString(bytes);
    const trimmed = text.startsWith(".") ? text.slice(1) : text;
    switch (value.tag) {
      case 0x82:
        if (!isIa5(text))
          fail(`x509: invalid constraint value: x509: ${goQuote(text)} cannot be encoded as an IA5String`);
        if (!domainToReverseLabels(trimmed))
          fail(`x509: failed to parse dnsName constraint ${goQuote(text)}`);
        out.dns.push(text);
        break;
      case 0x87: {
        if (bytes.length !== 8 && bytes.length !== 32)
          fail(`x509: IP constraint contained value of length ${bytes.length}`);
        const half = bytes.length / 2;
        const mask = bytes.subarray(half);
        if (!validMask(mask)) fail(`x509: IP constraint contained invalid mask ${hex(mask)}`);
        out.ip.push({ ip: bytes.subarray(0, half), mask });
        break;
      }
      case 0x81:
        if (!isIa5(text))
          fail(`x509: invalid constraint value: x509: ${goQuote(text)} cannot be encoded as an IA5String`);
        if (text.includes("@") ? !parseMailbox(text) : !domainToReverseLabels(trimmed))
          fail(`x509: failed to parse rfc822Name constraint ${goQuote(text)}`);
        out.email.push(text);
        break;
      case 0x86:
        if (!isIa5(text))
          fail(`x509: invalid constraint value: x509: ${goQuote(text)} cannot be encoded as an IA5String`);
        if (isIpLiteral(text))
          fail(`x509: failed to parse URI constraint ${goQuote(text)}: cannot be IP address`);
        if (!domainToReverseLabels(trimmed)) fail(`x509: failed to parse URI constraint ${goQuote(text)}`);
        out.uri.push(text);
        break;
      default:
        unhandled = true;
    }
  }
  return unhandled;
}

function parseNameConstraints(cert: GoCertificate, value: Uint8Array): boolean {
  const outer = new DerReader(value);
  const top = outer.read(0x30);
  const permitted = top?.readOptional(0xa0);
  const excluded = top?.readOptional(0xa1);
  if (!top || !outer.empty || !permitted || !excluded || !top.empty)
    fail("x509: invalid NameConstraints extension");
  const permittedEmpty = !permitted.contents || permitted.contents.empty;
  const excludedEmpty = !excluded.contents || excluded.contents.empty;
  if ((!permitted.present && !excluded.present) || (permittedEmpty && excludedEmpty))
    fail("x509: empty name constraints extension");
  let unhandled = false;
  if (permitted.contents && readSubtrees(permitted.contents, cert.permitted)) unhandled = true;
  if (excluded.contents && readSubtrees(excluded.contents, cert.excluded)) unhandled = true;
  return unhandled;
}

/** `parseSANExtension`: every name checked; true when it names nothing Go reads. */
function parseSan(cert: GoCertificate, value: Uint8Array): boolean {
  const der = new DerReader(value);
  const names = der.read(0x30) ?? fail("x509: invalid subject alternative names");
  let read = 0;
  while (!names.empty) {
    const name = names.readElement() ?? fail("x509: invalid subject alternative name");
    const data = name.contents.rest();
    const text = goString(data);
    switch (name.tag ^ 0x80) {
      case 1:
        if (!isIa5(text)) fail("x509: SAN rfc822Name is malformed");
        read++;
        break;
      case 2:
        if (!isIa5(text)) fail("x509: SAN dNSName is malformed");
        cert.dnsNames.push(text);
        read++;
        break;
      case 6: {
        if (!isIa5(text)) fail("x509: SAN uniformResourceIdentifier is malformed");
        const uri = parseUri(text);
        if (!uri.ok) fail(`x509: cannot parse URI ${goQuote(text)}: ${uri.error}`);
        if (uri.host.length > 0 && !domainToReverseLabels(uri.host))
          fail(`x509: cannot parse URI ${goQuote(text)}: invalid domain`);
        read++;
        break;
      }
      case 7:
        if (data.length !== 4 && data.length !== 16)
          fail(`x509: cannot parse IP address of length ${data.length}`);
        cert.ipAddresses.push(data);
        read++;
        break;
    }
  }
  return read === 0;
}

function parseKeyUsage(value: Uint8Array): number {
  const bits = new DerReader(value).readBitString() ?? fail("x509: invalid key usage");
  let usage = 0;
  for (let i = 0; i < 9; i++) {
    if (i < bits.bitLength && (((bits.bytes[i >> 3] ?? 0) >> (7 - (i & 7))) & 1) === 1) usage |= 1 << i;
  }
  return usage;
}

function parseBasicConstraints(cert: GoCertificate, value: Uint8Array): void {
  const der = new DerReader(value).read(0x30) ?? fail("x509: invalid basic constraints");
  let isCA = false;
  if (der.peekTag(0x01)) isCA = der.readBoolean() ?? fail("x509: invalid basic constraints");
  let maxPathLen = -1;
  if (der.peekTag(0x02)) {
    const value = der.readInteger();
    if (value === undefined || !isInt64(value)) fail("x509: invalid basic constraints");
    maxPathLen = Number(value);
  }
  cert.isCA = isCA;
  cert.maxPathLen = maxPathLen;
  cert.basicConstraintsValid = true;
}

function parseAuthorityKeyId(extension: Extension): string {
  if (extension.critical) fail("x509: authority key identifier incorrectly marked critical");
  const akid = new DerReader(extension.value).read(0x30) ?? fail("x509: invalid authority key identifier");
  if (!akid.peekTag(0x80)) return "";
  const keyId = akid.read(0x80) ?? fail("x509: invalid authority key identifier");
  return hex(keyId.rest());
}

function parseExtKeyUsage(cert: GoCertificate, value: Uint8Array): void {
  const der = new DerReader(value).read(0x30) ?? fail("x509: invalid extended key usages");
  while (!der.empty) {
    const oid = der.readOid() ?? fail("x509: invalid extended key usages");
    const known = EXT_KEY_USAGES[oid];
    if (known) cert.extKeyUsage.push(known);
    else cert.unknownExtKeyUsage.push(oid);
  }
}

function parsePolicies(value: Uint8Array): void {
  const der = new DerReader(value).read(0x30) ?? fail("x509: invalid certificate policies");
  while (!der.empty) {
    const policy = der.read(0x30);
    const oid = policy?.read(0x06);
    // newOIDFromDER: a non-empty base-128 encoding whose arcs do not start with 0x80.
    const bytes = oid?.rest();
    if (!bytes || bytes.length === 0 || (bytes[bytes.length - 1] ?? 0) & 0x80)
      fail("x509: invalid certificate policies");
    for (let i = 0; i < bytes.length; i++)
      if (bytes[i] === 0x80 && (i === 0 || ((bytes[i - 1] ?? 0) & 0x80) === 0))
        fail("x509: invalid certificate policies");
  }
}

function parseCrlDistributionPoints(value: Uint8Array): void {
  const points = new DerReader(value).read(0x30) ?? fail("x509: invalid CRL distribution points");
  while (!points.empty) {
    const point = points.read(0x30) ?? fail("x509: invalid CRL distribution point");
    const name = point.readOptional(0xa0) ?? fail("x509: invalid CRL distribution point");
    if (!name.present || !name.contents) continue;
    const full = name.contents.read(0xa0) ?? fail("x509: invalid CRL distribution point");
    while (!full.empty) {
      if (!full.peekTag(0x86)) break;
      if (!full.read(0x86)) fail("x509: invalid CRL distribution point");
    }
  }
}

function parseAia(extension: Extension): void {
  if (extension.critical) fail("x509: authority info access incorrectly marked critical");
  const list = new DerReader(extension.value).read(0x30) ?? fail("x509: invalid authority info access");
  while (!list.empty) {
    const access = list.read(0x30) ?? fail("x509: invalid authority info access");
    if (access.readOid() === undefined) fail("x509: invalid authority info access");
    if (!access.peekTag(0x86)) continue;
    if (!access.read(0x86)) fail("x509: invalid authority info access");
  }
}

function processExtensions(cert: GoCertificate, extensions: Extension[]): void {
  for (const extension of extensions) {
    let unhandled = false;
    const { id, value } = extension;
    const arcs = id.split(".");
    if (arcs.length === 4 && id.startsWith("2.5.29.")) {
      switch (arcs[3]) {
        case "15":
          cert.keyUsage = parseKeyUsage(value);
          break;
        case "19":
          parseBasicConstraints(cert, value);
          break;
        case "17":
          cert.san = value;
          unhandled = parseSan(cert, value);
          break;
        case "30":
          unhandled = parseNameConstraints(cert, value);
          break;
        case "31":
          parseCrlDistributionPoints(value);
          break;
        case "35":
          cert.authorityKeyId = parseAuthorityKeyId(extension);
          break;
        case "37":
          parseExtKeyUsage(cert, value);
          break;
        case "14": {
          if (extension.critical) fail("x509: subject key identifier incorrectly marked critical");
          const keyId = new DerReader(value).read(0x04) ?? fail("x509: invalid subject key identifier");
          cert.subjectKeyId = hex(keyId.rest());
          break;
        }
        case "32":
          parsePolicies(value);
          break;
        default:
          unhandled = true;
      }
    } else if (id === AIA) parseAia(extension);
    else unhandled = true;
    if (extension.critical && unhandled) cert.unhandledCriticalExtensions.push(id);
  }
}

function parse(der: Uint8Array, rules: GoParseRules): GoCertificate {
  const input = new DerReader(der);
  const whole = input.readElement(0x30) ?? fail("x509: malformed certificate");
  const outer = whole.contents;
  const tbsElement = outer.readElement(0x30) ?? fail("x509: malformed tbs certificate");
  const tbs = tbsElement.contents;
  let version = 0;
  if (tbs.peekTag(0xa0)) {
    const explicit = tbs.read(0xa0);
    const value = explicit?.readInteger();
    if (value === undefined || !explicit?.empty || !isInt64(value)) fail("x509: malformed version");
    version = Number(value);
  }
  if (version < 0) fail("x509: malformed version");
  version++;
  if (version > 3) fail("x509: invalid version");
  const serial = tbs.readInteger() ?? fail("x509: malformed serial number");
  if (serial < 0n && rules.refuseNegativeSerial) fail("x509: negative serial number");
  const inner = tbs.read(0x30) ?? fail("x509: malformed signature algorithm identifier");
  const outerAlgorithm = outer.read(0x30) ?? fail("x509: malformed algorithm identifier");
  if (!equalBytes(inner.rest(), outerAlgorithm.rest()))
    fail("x509: inner and outer signature algorithm identifiers don't match");
  const signatureAlgorithm = signatureAlgorithmName(parseAI(inner));
  const issuerElement = tbs.readElement(0x30) ?? fail("x509: malformed issuer");
  parseName(new DerReader(issuerElement.whole));
  const validity = tbs.read(0x30) ?? fail("x509: malformed validity");
  const notBefore = parseGoTime(validity);
  const notAfter = parseGoTime(validity);
  const subjectElement = tbs.readElement(0x30) ?? fail("x509: malformed issuer");
  const subject = parseName(new DerReader(subjectElement.whole));
  const spkiElement = tbs.readElement(0x30) ?? fail("x509: malformed spki");
  const spki = spkiElement.contents;
  const keyAlgorithm = spki.read(0x30) ?? fail("x509: malformed public key algorithm identifier");
  const keyAi = parseAI(keyAlgorithm);
  const publicKeyAlgorithm = PUBLIC_KEY_ALGORITHMS[keyAi.oid] ?? "unknown";
  const keyBits = spki.readBitString() ?? fail("x509: malformed subjectPublicKey");
  const publicKey = parsePublicKey(publicKeyAlgorithm, keyAi, keyBits.bytes);
  const cert: GoCertificate = {
    raw: whole.whole,
    rawTbs: tbsElement.whole,
    rawIssuer: hex(issuerElement.whole),
    rawSubject: hex(subjectElement.whole),
    version,
    serial: serial.toString(10),
    signatureAlgorithm,
    publicKeyAlgorithm,
    hasPublicKey: publicKeyAlgorithm !== "unknown",
    publicKeyId: publicKey.id,
    ...(publicKey.rsaBits !== undefined ? { rsaBits: publicKey.rsaBits } : {}),
    ...(publicKey.curve ? { curve: publicKey.curve } : {}),
    notBefore: notBefore.ms,
    notAfter: notAfter.ms,
    notBeforeText: notBefore.text,
    notAfterText: notAfter.text,
    subjectCN: subject.cn,
    subjectO: subject.o,
    keyUsage: 0,
    basicConstraintsValid: false,
    isCA: false,
    maxPathLen: 0,
    dnsNames: [],
    ipAddresses: [],
    extKeyUsage: [],
    unknownExtKeyUsage: [],
    permitted: emptyConstraints(),
    excluded: emptyConstraints(),
    unhandledCriticalExtensions: [],
    subjectKeyId: "",
    authorityKeyId: "",
  };
  if (version > 1) {
    if (!tbs.skipOptional(0x81)) fail("x509: malformed issuerUniqueID");
    if (!tbs.skipOptional(0x82)) fail("x509: malformed subjectUniqueID");
    if (version === 3) {
      const holder = tbs.readOptional(0xa3) ?? fail("x509: malformed extensions");
      if (holder.present && holder.contents) {
        const list = holder.contents.read(0x30) ?? fail("x509: malformed extensions");
        const seen = new Set<string>();
        const extensions: Extension[] = [];
        while (!list.empty) {
          const extension = parseExtension(list.read(0x30) ?? fail("x509: malformed extension"));
          if (seen.has(extension.id))
            fail(`x509: certificate contains duplicate extension with OID ${goQuote(extension.id)}`);
          seen.add(extension.id);
          extensions.push(extension);
        }
        processExtensions(cert, extensions);
      }
    }
  }
  if (!outer.readBitString()) fail("x509: malformed signature");
  if (whole.whole.length !== der.length) fail("x509: trailing data");
  return cert;
}

/** Go's verdict on a certificate's DER: its fields, or the error Go prints. Never throws. */
export function parseGoCertificate(der: Uint8Array, rules: GoParseRules): GoParse {
  try {
    return { ok: true, cert: parse(der, rules) };
  } catch (error) {
    if (error instanceof GoError) return { ok: false, error: error.message };
    throw error;
  }
}
