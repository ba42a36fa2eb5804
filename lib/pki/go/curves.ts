/**
 * The four curves Go's crypto/x509 accepts in a certificate (P-224, P-256, P-384, P-521), and
 * `elliptic.Unmarshal`'s test of a public point: uncompressed, coordinates below p, on the curve.
 * Any other curve (P-192, brainpool, secp256k1) Go refuses: "x509: unsupported elliptic curve".
 */
import { hexOf } from "./der-reader";

export type GoCurve = "P-224" | "P-256" | "P-384" | "P-521";

export const CURVE_OIDS: Partial<Record<string, GoCurve>> = {
  "1.3.132.0.33": "P-224",
  "1.2.840.10045.3.1.7": "P-256",
  "1.3.132.0.34": "P-384",
  "1.3.132.0.35": "P-521",
};

interface CurveParameters {
  bytes: number;
  p: bigint;
  b: bigint;
}

/** p and b of y² = x³ − 3x + b (FIPS 186-4 D.1.2), as `openssl ecparam -param_enc explicit` prints them. */
const PARAMETERS: Record<GoCurve, CurveParameters> = {
  "P-224": {
    bytes: 28,
    p: 0xffffffffffffffffffffffffffffffff000000000000000000000001n,
    b: 0xb4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4n,
  },
  "P-256": {
    bytes: 32,
    p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
    b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  },
  "P-384": {
    bytes: 48,
    p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
    b: 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aefn,
  },
  "P-521": {
    bytes: 66,
    p: (1n << 521n) - 1n,
    b: 0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00n,
  },
};

function toBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${hexOf(bytes)}`);
}

/** Whether `point` is an uncompressed point on `curve` (what elliptic.Unmarshal accepts). */
export function checkPoint(curve: GoCurve, point: Uint8Array): boolean {
  const { bytes, p, b } = PARAMETERS[curve];
  if (point.length !== 1 + 2 * bytes || point[0] !== 4) return false;
  const x = toBigInt(point.subarray(1, 1 + bytes));
  const y = toBigInt(point.subarray(1 + bytes));
  if (x >= p || y >= p) return false;
  const left = (y * y) % p;
  const right = ((((x * x - 3n) * x + b) % p) + p) % p;
  return left === right;
}
