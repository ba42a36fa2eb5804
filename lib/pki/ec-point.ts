/**
 * EC public points in one canonical form. Keys and certificates may carry a compressed point
 * (02/03 ‖ x); the canonical key identity uses the uncompressed one (04 ‖ x ‖ y), so a compressed
 * point is expanded with the curve equation y² = x³ − 3x + b (mod p) for the NIST prime curves.
 */
import { fromHex, toHex } from "../shared/bytes";

interface CurveParams {
  p: bigint;
  b: bigint;
  size: number;
}

const NIST_CURVES: Readonly<Record<string, CurveParams>> = {
  "P-256": {
    p: BigInt("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
    b: BigInt("0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"),
    size: 32,
  },
  "P-384": {
    p: BigInt(
      "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
    ),
    b: BigInt(
      "0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
    ),
    size: 48,
  },
  "P-521": {
    p: (BigInt(1) << BigInt(521)) - BigInt(1),
    b: BigInt(
      "0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
    ),
    size: 66,
  },
};

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = BigInt(1);
  let b = base % modulus;
  let e = exponent;
  while (e > BigInt(0)) {
    if (e & BigInt(1)) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= BigInt(1);
  }
  return result;
}

/**
 * The uncompressed form of a point on a named curve. Uncompressed points and points on curves we
 * have no parameters for come back unchanged (their identity is then the bytes as given).
 */
export function uncompressPoint(curve: string, point: Uint8Array): Uint8Array {
  const params = NIST_CURVES[curve];
  const prefix = point[0];
  if (!params || (prefix !== 2 && prefix !== 3) || point.length !== params.size + 1) return point;
  const { p, b } = params;
  const x = BigInt(`0x${toHex(point.subarray(1))}`);
  const rhs = (((x * x * x - BigInt(3) * x + b) % p) + p) % p;
  // All three primes are ≡ 3 (mod 4), so the square root is rhs^((p+1)/4).
  let y = modPow(rhs, (p + BigInt(1)) / BigInt(4), p);
  if ((y & BigInt(1)) !== BigInt(prefix & 1)) y = p - y;
  const out = new Uint8Array(1 + 2 * params.size);
  out[0] = 4;
  out.set(point.subarray(1), 1);
  out.set(fromHex(y.toString(16).padStart(params.size * 2, "0")), 1 + params.size);
  return out;
}
