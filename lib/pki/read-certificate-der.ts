/**
 * The fast reading of a certificate: one pass over the DER with `der-element.ts`, no schema object
 * tree. It covers what clusters actually issue (RSA, EC and EdDSA keys, string names, the six
 * extensions the checks use) and declines everything else by answering `undefined`, so
 * `readCertificate` falls back to the schema parser, which gives the same record or says what is
 * wrong. The tests hold the two paths to equal records on every certificate in the fixtures.
 */
import type { CertificateRecord } from "../inventory";
import { toHex } from "../shared/bytes";
import { derChildren, derContents, derElement, derOid, derText, type DerElement } from "./der-element";
import { escapeValue } from "./distinguished-name";
import { DN_ATTRIBUTES, EKU_NAMES, keyUsageNames, OID, SIGNATURE_ALGORITHMS } from "./oid-names";
import { ecPublicKeyInfo, edPublicKeyInfo, rsaPublicKeyInfo } from "./public-key-info";
import type { PublicKeyInfo } from "../inventory";

type Record = Omit<CertificateRecord, "sources">;

const SEQUENCE = 0x30;
const SET = 0x31;
/** Thrown inside this module only, to leave the fast path from any depth; never escapes it. */
class Decline extends Error {}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Decline();
  return value;
}

function children(bytes: Uint8Array, element: DerElement, tag: number): DerElement[] {
  if (element.tag !== tag) throw new Decline();
  return need(derChildren(bytes, element));
}

/** The only element inside an OCTET STRING or BIT STRING wrapper, filling it exactly. */
function wrapped(bytes: Uint8Array, start: number, end: number): DerElement {
  const inner = need(derElement(bytes, start, end));
  if (inner.end !== end) throw new Decline();
  return inner;
}

interface ReadName {
  rendered: string;
  cn: string[];
  o: string[];
}

/** A Name rendered as `distinguished-name.ts` renders it, with its CN and O values. */
function readName(bytes: Uint8Array, element: DerElement): ReadName {
  const rdns: string[] = [];
  const cn: string[] = [];
  const o: string[] = [];
  for (const rdn of children(bytes, element, SEQUENCE)) {
    const parts: string[] = [];
    for (const atv of children(bytes, rdn, SET)) {
      const [type, value, extra] = children(bytes, atv, SEQUENCE);
      if (!type || !value || extra) throw new Decline();
      const oid = need(derOid(bytes, type));
      const text = need(derText(bytes, value));
      if (oid === OID.commonName) cn.push(text);
      else if (oid === OID.organization) o.push(text);
      parts.push(`${DN_ATTRIBUTES[oid] ?? oid}=${escapeValue(text)}`);
    }
    rdns.push(parts.join(" + "));
  }
  return { rendered: rdns.join(", "), cn, o };
}

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) throw new Decline();
    value = value * 10 + code;
  }
  return value;
}

/** UTCTime `YYMMDDHHMMSSZ` or GeneralizedTime `YYYYMMDDHHMMSSZ`, as an ISO instant. */
function readTime(bytes: Uint8Array, element: DerElement): string {
  const text = need(derText(bytes, { ...element, tag: 0x13 }));
  let year: number;
  let rest: number;
  if (element.tag === 0x17 && text.length === 13) {
    const yy = digits(text, 0, 2);
    year = yy >= 50 ? 1900 + yy : 2000 + yy;
    rest = 2;
  } else if (element.tag === 0x18 && text.length === 15) {
    year = digits(text, 0, 4);
    if (year < 1000) throw new Decline();
    rest = 4;
  } else throw new Decline();
  if (text[text.length - 1] !== "Z") throw new Decline();
  const month = digits(text, rest, 2);
  const day = digits(text, rest + 2, 2);
  const hour = digits(text, rest + 4, 2);
  const minute = digits(text, rest + 6, 2);
  const second = digits(text, rest + 8, 2);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    throw new Decline();
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (instant.getUTCDate() !== day) throw new Decline(); // 31 April and the like
  return instant.toISOString();
}

function serialHex(bytes: Uint8Array, element: DerElement): string {
  if (element.tag !== 0x02 || element.end === element.start) throw new Decline();
  const padded =
    element.end - element.start > 1 &&
    bytes[element.start] === 0 &&
    ((bytes[element.start + 1] ?? 0) & 0x80) !== 0;
  return toHex(bytes.subarray(padded ? element.start + 1 : element.start, element.end));
}

/** A BIT STRING's value bytes (after the unused-bits count). */
function bitString(bytes: Uint8Array, element: DerElement): Uint8Array {
  if (element.tag !== 0x03 || element.end === element.start) throw new Decline();
  return bytes.subarray(element.start + 1, element.end);
}

function readPublicKey(bytes: Uint8Array, element: DerElement): PublicKeyInfo {
  const [algorithm, key, extra] = children(bytes, element, SEQUENCE);
  if (!algorithm || !key || extra) throw new Decline();
  const [oidElement, parameters] = children(bytes, algorithm, SEQUENCE);
  const oid = need(derOid(bytes, need(oidElement)));
  const value = bitString(bytes, key);
  if (bytes[key.start] !== 0) throw new Decline();
  if (oid === OID.rsaEncryption || oid === OID.rsassaPss) {
    const rsa = wrapped(bytes, key.start + 1, key.end);
    const [modulus, exponent, more] = children(bytes, rsa, SEQUENCE);
    if (modulus?.tag !== 0x02 || exponent?.tag !== 0x02 || more) throw new Decline();
    return rsaPublicKeyInfo(derContents(bytes, modulus), derContents(bytes, exponent));
  }
  if (oid === OID.ecPublicKey) {
    const curve = need(derOid(bytes, need(parameters)));
    return ecPublicKeyInfo(curve, value.slice());
  }
  if (oid === OID.ed25519) return edPublicKeyInfo("Ed25519", value.slice());
  if (oid === OID.ed448) return edPublicKeyInfo("Ed448", value.slice());
  throw new Decline();
}

function ipText(bytes: Uint8Array): string {
  if (bytes.length === 4) return Array.from(bytes).join(".");
  if (bytes.length !== 16) throw new Decline();
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  // The longest run of two or more zero groups (the first of equals) becomes "::".
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== "0") {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const text =
    bestLength > 1
      ? `${groups.slice(0, bestStart).join(":")}::${groups.slice(bestStart + bestLength).join(":")}`
      : groups.join(":");
  // An IPv4-mapped IPv6 address is shown dotted, as Go does (see general-names.ts).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text);
  if (!mapped?.[1] || !mapped[2]) return text;
  const high = parseInt(mapped[1], 16);
  const low = parseInt(mapped[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The fields of a certificate record that come from its extensions. */
export type CertificateExtensions = Pick<
  Record,
  | "dnsNames"
  | "ipAddresses"
  | "otherSans"
  | "eku"
  | "ekuPresent"
  | "keyUsage"
  | "keyUsagePresent"
  | "basicConstraintsPresent"
  | "isCA"
  | "pathLength"
  | "subjectKeyId"
  | "authorityKeyId"
>;

function readAltNames(bytes: Uint8Array, value: DerElement, out: CertificateExtensions): void {
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  const otherSans: string[] = [];
  for (const name of children(bytes, value, SEQUENCE)) {
    const text = () => need(derText(bytes, { ...name, tag: 0x16 }));
    if (name.tag === 0x82) dnsNames.push(text());
    else if (name.tag === 0x87) ipAddresses.push(ipText(bytes.subarray(name.start, name.end)));
    else if (name.tag === 0x81) otherSans.push(`email:${text()}`);
    else if (name.tag === 0x86) otherSans.push(`URI:${text()}`);
    else throw new Decline();
  }
  out.dnsNames = dnsNames;
  out.ipAddresses = ipAddresses;
  out.otherSans = otherSans;
}

function readBasicConstraints(bytes: Uint8Array, value: DerElement, out: CertificateExtensions): void {
  const fields = children(bytes, value, SEQUENCE);
  let index = 0;
  let isCA = false;
  const first = fields[0];
  if (first?.tag === 0x01) {
    if (first.end - first.start !== 1) throw new Decline();
    isCA = bytes[first.start] !== 0;
    index = 1;
  }
  const length = fields[index];
  if (length) {
    const size = length.end - length.start;
    if (length.tag !== 0x02 || size < 1 || size > 3 || ((bytes[length.start] ?? 0) & 0x80) !== 0)
      throw new Decline();
    let pathLength = 0;
    for (let i = length.start; i < length.end; i++) pathLength = pathLength * 256 + (bytes[i] ?? 0);
    out.pathLength = pathLength;
    index++;
  }
  if (index !== fields.length) throw new Decline();
  out.basicConstraintsPresent = true;
  out.isCA = isCA;
}

function readExtension(bytes: Uint8Array, extension: DerElement, out: CertificateExtensions): void {
  const fields = children(bytes, extension, SEQUENCE);
  const id = need(derOid(bytes, need(fields[0])));
  const holder = need(fields[fields.length - 1]);
  if (holder.tag !== 0x04 || fields.length > 3 || (fields.length === 3 && fields[1]?.tag !== 0x01))
    throw new Decline();
  switch (id) {
    case OID.subjectAltName:
      readAltNames(bytes, wrapped(bytes, holder.start, holder.end), out);
      return;
    case OID.extKeyUsage:
      out.ekuPresent = true;
      out.eku = children(bytes, wrapped(bytes, holder.start, holder.end), SEQUENCE).map((oid) => {
        const dotted = need(derOid(bytes, oid));
        return EKU_NAMES[dotted] ?? dotted;
      });
      return;
    case OID.keyUsage: {
      const bits = bitString(bytes, wrapped(bytes, holder.start, holder.end));
      out.keyUsagePresent = true;
      out.keyUsage = keyUsageNames(bits);
      return;
    }
    case OID.basicConstraints:
      readBasicConstraints(bytes, wrapped(bytes, holder.start, holder.end), out);
      return;
    case OID.subjectKeyIdentifier: {
      const keyId = wrapped(bytes, holder.start, holder.end);
      if (keyId.tag !== 0x04) throw new Decline();
      out.subjectKeyId = toHex(bytes.subarray(keyId.start, keyId.end));
      return;
    }
    case OID.authorityKeyIdentifier: {
      const parts = children(bytes, wrapped(bytes, holder.start, holder.end), SEQUENCE);
      let previous = 0x7f;
      for (const part of parts) {
        // [0] keyIdentifier, [1] authorityCertIssuer, [2] serial — each at most once, in order.
        const context = part.tag & 0x1f;
        if ((part.tag & 0xc0) !== 0x80 || context > 2 || (previous !== 0x7f && context <= previous))
          throw new Decline();
        previous = context;
        if (context === 0) {
          if (part.tag !== 0x80) throw new Decline();
          out.authorityKeyId = toHex(bytes.subarray(part.start, part.end));
        }
      }
      return;
    }
  }
}

/** The extension fields of a certificate that has none of the extensions read. */
export function noExtensions(): CertificateExtensions {
  return {
    dnsNames: [],
    ipAddresses: [],
    otherSans: [],
    eku: [],
    ekuPresent: false,
    keyUsage: [],
    keyUsagePresent: false,
    basicConstraintsPresent: false,
    isCA: false,
  };
}

function readExtensions(bytes: Uint8Array, holder: DerElement | undefined): CertificateExtensions {
  const out = noExtensions();
  if (!holder) return out;
  const list = wrapped(bytes, holder.start, holder.end);
  for (const extension of children(bytes, list, SEQUENCE)) readExtension(bytes, extension, out);
  return out;
}

function signatureAlgorithm(bytes: Uint8Array, element: DerElement): { name: string; hash: string } {
  const [oidElement] = children(bytes, element, SEQUENCE);
  const oid = need(derOid(bytes, need(oidElement)));
  if (oid === OID.rsassaPss) throw new Decline(); // its hash lives in parameters
  const known = SIGNATURE_ALGORITHMS[oid];
  return known ? { name: known[0], hash: known[1] } : { name: oid, hash: "unknown" };
}

function read(der: Uint8Array, sha256: string, id: string): Record {
  const outer = need(derElement(der, 0, der.length));
  if (outer.end !== der.length) throw new Decline();
  const [tbsElement, algorithmElement, signatureElement, extra] = children(der, outer, SEQUENCE);
  if (!tbsElement || !algorithmElement || signatureElement?.tag !== 0x03 || extra) throw new Decline();
  const tbs = children(der, tbsElement, SEQUENCE);
  let index = 0;
  if (tbs[0]?.tag === 0xa0) index = 1;
  const [serial, innerAlgorithm, issuerElement, validity, subjectElement, spki] = tbs.slice(index, index + 6);
  if (!serial || !innerAlgorithm || !issuerElement || !validity || !subjectElement || !spki)
    throw new Decline();
  children(der, innerAlgorithm, SEQUENCE);
  let extensions: DerElement | undefined;
  for (const optional of tbs.slice(index + 6)) {
    if (optional.tag === 0xa3 && !extensions) extensions = optional;
    else if ((optional.tag !== 0x81 && optional.tag !== 0x82) || extensions) throw new Decline();
  }
  const [notBefore, notAfter, moreTimes] = children(der, validity, SEQUENCE);
  if (!notBefore || !notAfter || moreTimes) throw new Decline();
  const subject = readName(der, subjectElement);
  const issuer = readName(der, issuerElement);
  const signature = signatureAlgorithm(der, algorithmElement);
  const subjectCN = subject.cn.at(-1);
  const issuerCN = issuer.cn.at(-1);
  return {
    id,
    sha256,
    der,
    subject: subject.rendered,
    ...(subjectCN !== undefined ? { subjectCN } : {}),
    subjectO: subject.o,
    issuer: issuer.rendered,
    ...(issuerCN !== undefined ? { issuerCN } : {}),
    serial: serialHex(der, serial),
    notBefore: readTime(der, notBefore),
    notAfter: readTime(der, notAfter),
    ...readExtensions(der, extensions),
    publicKey: readPublicKey(der, spki),
    signatureAlgorithm: signature.name,
    signatureHash: signature.hash,
    selfIssued: subject.rendered === issuer.rendered,
  };
}

/**
 * The record of a well-formed certificate in the usual shapes, or undefined when the schema
 * parser must read it (anything unusual, and anything malformed, whose reason it gives).
 */
export function readCertificateDer(der: Uint8Array, sha256: string, id: string): Record | undefined {
  try {
    return read(der, sha256, id);
  } catch (error) {
    if (error instanceof Decline) return undefined;
    throw error;
  }
}
