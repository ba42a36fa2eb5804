/**
 * Password-based decryption for PKCS#12 contents through the injected WebCrypto: PBES2 with
 * PBKDF2 and AES-CBC (what OpenSSL 3 writes by default). The legacy PKCS#12 schemes (`openssl
 * pkcs12 -legacy`: 3DES and RC2) need ciphers WebCrypto lacks, so they are named, not decrypted.
 */
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import type { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { toArrayBuffer, toUint8 } from "../shared/bytes";
import { Pbes2Params, Pbkdf2Params } from "./pbe-schemas";
import { errorMessage } from "../shared/result";

/** Decrypted bytes, or why not: a wrong password is told apart from a scheme not supported here. */
export type DecryptOutcome =
  { ok: true; value: Uint8Array } | { ok: false; wrongPassword: boolean; reason: string };

const PBES2 = "1.2.840.113549.1.5.13";
const PBKDF2 = "1.2.840.113549.1.5.12";
const AES_CBC_BITS: Readonly<Record<string, number>> = {
  "2.16.840.1.101.3.4.1.2": 128,
  "2.16.840.1.101.3.4.1.22": 192,
  "2.16.840.1.101.3.4.1.42": 256,
};
const PRF_HASHES: Readonly<Record<string, string>> = {
  "1.2.840.113549.2.7": "SHA-1",
  "1.2.840.113549.2.9": "SHA-256",
  "1.2.840.113549.2.10": "SHA-384",
  "1.2.840.113549.2.11": "SHA-512",
};
const LEGACY: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.12.1.1": "pbeWithSHAAnd128BitRC4",
  "1.2.840.113549.1.12.1.2": "pbeWithSHAAnd40BitRC4",
  "1.2.840.113549.1.12.1.3": "pbeWithSHAAnd3-KeyTripleDES-CBC",
  "1.2.840.113549.1.12.1.4": "pbeWithSHAAnd2-KeyTripleDES-CBC",
  "1.2.840.113549.1.12.1.5": "pbeWithSHAAnd128BitRC2-CBC",
  "1.2.840.113549.1.12.1.6": "pbeWithSHAAnd40BitRC2-CBC",
};
/**
 * Far above any real file (OpenSSL writes 2048, OWASP's 2023 advice for PBKDF2-SHA256 is 600,000),
 * and low enough that one key derivation stays well under a second: a count above it is refused
 * before any work, so a crafted 200-byte file cannot pin the CPU for seconds per password tried.
 */
export const MAX_ITERATIONS = 1_000_000;

/**
 * Key-derivation iterations one analysis may spend across all its files and all the passwords it
 * tries (about a second of CPU): enough for a thousand files as OpenSSL writes them, and a cap on
 * a drop of many crafted bundles, each under `MAX_ITERATIONS`, that would add up to minutes.
 */
export const RUN_ITERATIONS = 2_000_000;

/** What is left of a run's key-derivation iterations; one per analysis, shared by every file. */
export class KdfBudget {
  private spent = 0;

  constructor(readonly limit: number = RUN_ITERATIONS) {}

  /** Take `iterations` when they fit; a refusal costs nothing. */
  take(iterations: number): boolean {
    if (this.spent + iterations > this.limit) return false;
    this.spent += iterations;
    return true;
  }
}

function unsupported(reason: string): DecryptOutcome {
  return { ok: false, wrongPassword: false, reason };
}

interface Pbes2Plan {
  hash: string;
  salt: ArrayBuffer;
  iterations: number;
  bits: number;
  iv: ArrayBuffer;
}

function planPbes2(parameters: ArrayBuffer | null | undefined): Pbes2Plan | string {
  if (!parameters) return "PBES2 without parameters";
  let params: Pbes2Params;
  let kdf: Pbkdf2Params;
  let iv: ArrayBuffer;
  try {
    params = AsnConvert.parse(parameters, Pbes2Params);
    if (params.keyDerivationFunc.algorithm !== PBKDF2) {
      return `PBES2 with key derivation ${params.keyDerivationFunc.algorithm}, not PBKDF2`;
    }
    if (!params.keyDerivationFunc.parameters) return "PBKDF2 without parameters";
    kdf = AsnConvert.parse(params.keyDerivationFunc.parameters, Pbkdf2Params);
    const ivBytes = params.encryptionScheme.parameters;
    if (!ivBytes) return "AES-CBC without an IV";
    iv = toArrayBuffer(toUint8(AsnConvert.parse(ivBytes, OctetString).buffer));
  } catch (error) {
    return `unreadable PBES2 parameters: ${errorMessage(error)}`;
  }
  const bits = AES_CBC_BITS[params.encryptionScheme.algorithm];
  if (bits === undefined) return `PBES2 with cipher ${params.encryptionScheme.algorithm}, not AES-CBC`;
  const prf = kdf.prf?.algorithm ?? "1.2.840.113549.2.7";
  const hash = PRF_HASHES[prf];
  if (!hash) return `PBKDF2 with pseudo-random function ${prf}`;
  if (kdf.iterationCount < 1 || kdf.iterationCount > MAX_ITERATIONS) {
    return `PBKDF2 with ${kdf.iterationCount} iterations (refused: more than ${MAX_ITERATIONS.toLocaleString("en-US")}, a cap against files built to pin the CPU)`;
  }
  return { hash, salt: kdf.salt, iterations: kdf.iterationCount, bits, iv };
}

/**
 * Decrypt `data` encrypted under `algorithm` with `password` (UTF-8, as OpenSSL takes it). A
 * padding failure after a well-formed PBES2 setup is a wrong password: CBC with PKCS#7 padding
 * gives no other signal, and a rare accidental pass shows up when the result does not parse.
 */
export async function decryptPbe(
  algorithm: AlgorithmIdentifier,
  data: Uint8Array,
  password: string,
  crypto: Crypto,
  budget: KdfBudget,
): Promise<DecryptOutcome> {
  const legacy = LEGACY[algorithm.algorithm];
  if (legacy) {
    return unsupported(
      `encrypted with the legacy ${legacy} (\`openssl pkcs12 -legacy\`), whose cipher is not available in WebCrypto`,
    );
  }
  if (algorithm.algorithm !== PBES2) return unsupported(`encrypted with ${algorithm.algorithm}`);
  const plan = planPbes2(algorithm.parameters);
  if (typeof plan === "string") return unsupported(plan);
  if (!budget.take(plan.iterations)) {
    return unsupported(
      `PBKDF2 with ${plan.iterations} iterations (refused: the analysis has spent its ${budget.limit.toLocaleString("en-US")} key-derivation iterations on other files and passwords)`,
    );
  }
  let key: CryptoKey;
  try {
    const material = await crypto.subtle.importKey(
      "raw",
      toArrayBuffer(new TextEncoder().encode(password)),
      "PBKDF2",
      false,
      ["deriveKey"],
    );
    key = await crypto.subtle.deriveKey(
      { name: "PBKDF2", hash: plan.hash, salt: plan.salt, iterations: plan.iterations },
      material,
      { name: "AES-CBC", length: plan.bits },
      false,
      ["decrypt"],
    );
  } catch (error) {
    return unsupported(`AES-${plan.bits}-CBC key derivation failed: ${errorMessage(error)}`);
  }
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-CBC", iv: plan.iv }, key, toArrayBuffer(data));
    return { ok: true, value: new Uint8Array(plain) };
  } catch (error) {
    return { ok: false, wrongPassword: true, reason: `wrong password (${errorMessage(error)})` };
  }
}
