/**
 * The fast reading of the usual private keys — PKCS#1 RSA, SEC1 EC with its public point, and
 * PKCS#8 around either — straight from the DER, as `read-certificate-der.ts` does for
 * certificates. Anything else (no public point, other algorithms, malformed input) answers
 * `undefined` and goes to the schema readers in `read-private-key.ts`, which the tests hold this
 * module equal to.
 */
import type { PrivateKeyRecord } from "../inventory";
import { derChildren, derContents, derElement, derOid, type DerElement } from "./der-element";
import { OID } from "./oid-names";
import { ecPublicKeyInfo, rsaPublicKeyInfo } from "./public-key-info";
import type { ParsedPrivateKey } from "./read-private-key";

const SEQUENCE = 0x30;
const INTEGER = 0x02;

function whole(der: Uint8Array): DerElement[] | undefined {
  const outer = derElement(der, 0, der.length);
  if (outer?.tag !== SEQUENCE || outer.end !== der.length) return undefined;
  return derChildren(der, outer);
}

function isSmallInteger(der: Uint8Array, element: DerElement | undefined, value: number): boolean {
  return element?.tag === INTEGER && element.end - element.start === 1 && der[element.start] === value;
}

/** RSAPrivateKey (version 0, two primes): the modulus and public exponent. */
function pkcs1(der: Uint8Array, format: PrivateKeyRecord["format"]): ParsedPrivateKey | undefined {
  const fields = whole(der);
  if (fields?.length !== 9 || !isSmallInteger(der, fields[0], 0)) return undefined;
  if (fields.some((field) => field.tag !== INTEGER)) return undefined;
  const [, modulus, exponent] = fields;
  if (!modulus || !exponent) return undefined;
  return {
    format,
    encrypted: false,
    publicKey: rsaPublicKeyInfo(derContents(der, modulus), derContents(der, exponent)),
  };
}

/** ECPrivateKey (version 1) that carries its public point; the curve from inside or outside. */
function sec1(der: Uint8Array, outerCurve: string | undefined, format: PrivateKeyRecord["format"]) {
  const fields = whole(der);
  if (!fields || !isSmallInteger(der, fields[0], 1) || fields[1]?.tag !== 0x04) return undefined;
  let curve: string | undefined;
  let point: Uint8Array | undefined;
  let previous = -1;
  for (const field of fields.slice(2)) {
    const context = field.tag - 0xa0;
    if (context !== 0 && context !== 1) return undefined;
    if (context <= previous) return undefined;
    previous = context;
    const inner = derElement(der, field.start, field.end);
    if (!inner || inner.end !== field.end) return undefined;
    if (context === 0) curve = derOid(der, inner);
    else {
      if (inner.tag !== 0x03 || inner.end - inner.start < 2 || der[inner.start] !== 0) return undefined;
      point = der.slice(inner.start + 1, inner.end);
    }
  }
  const curveOid = curve ?? outerCurve;
  if (!curveOid || !point) return undefined;
  return { format, encrypted: false, publicKey: ecPublicKeyInfo(curveOid, point) };
}

/** PrivateKeyInfo (version 0) around an RSA or EC key. */
function pkcs8(der: Uint8Array): ParsedPrivateKey | undefined {
  const fields = whole(der);
  if (!fields || fields.length < 3 || !isSmallInteger(der, fields[0], 0)) return undefined;
  const [, algorithm, key, ...rest] = fields;
  if (algorithm?.tag !== SEQUENCE || key?.tag !== 0x04 || rest.some((field) => field.tag !== 0xa0))
    return undefined;
  if (rest.length > 1) return undefined;
  const [oidElement, parameters] = derChildren(der, algorithm) ?? [];
  const oid = oidElement ? derOid(der, oidElement) : undefined;
  const inner = der.subarray(key.start, key.end);
  if (oid === OID.rsaEncryption) return pkcs1(inner, "pkcs8");
  if (oid === OID.ecPublicKey && parameters) return sec1(inner, derOid(der, parameters), "pkcs8");
  return undefined;
}

/**
 * The key's format and public half read directly, or undefined for the schema readers: keys in
 * other shapes, keys whose public half must be derived, and anything malformed.
 */
export function readPrivateKeyDer(
  der: Uint8Array,
  format: "pkcs1" | "sec1" | "pkcs8",
): ParsedPrivateKey | undefined {
  if (format === "pkcs1") return pkcs1(der, "pkcs1");
  if (format === "sec1") return sec1(der, undefined, "sec1");
  return pkcs8(der);
}
