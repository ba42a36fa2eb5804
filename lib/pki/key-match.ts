/**
 * Which private key belongs to which certificate, decided by comparing canonical public keys —
 * no signing, no key import, so it works for every key whose public half could be read.
 */
import type { CertificateRecord, PrivateKeyRecord, PublicKeyInfo } from "../inventory";

/**
 * True when two public keys are the same key pair's. Keys of unknown algorithms compare by their
 * SubjectPublicKeyInfo bytes, which is exact for identical encodings.
 */
export function sameKey(a: PublicKeyInfo, b: PublicKeyInfo): boolean {
  return a.canonical === b.canonical;
}

/** Private keys by canonical public key, first occurrence first; built once per key list. */
export class KeyIndex {
  private readonly byCanonical = new Map<string, PrivateKeyRecord[]>();

  constructor(keys: readonly PrivateKeyRecord[]) {
    for (const key of keys) {
      if (!key.publicKey) continue;
      const list = this.byCanonical.get(key.publicKey.canonical);
      if (list) list.push(key);
      else this.byCanonical.set(key.publicKey.canonical, [key]);
    }
  }

  /** Every key whose public half is `publicKey`, in the order the keys were given. */
  keysFor(publicKey: PublicKeyInfo): PrivateKeyRecord[] {
    return this.byCanonical.get(publicKey.canonical) ?? [];
  }
}

const indexCache = new WeakMap<readonly PrivateKeyRecord[], { length: number; index: KeyIndex }>();

/**
 * The first private key (in list order) whose public half is the certificate's public key, or
 * undefined. The index over `keys` is cached per array, so calling this for every certificate of
 * an inventory stays linear; the cache is rebuilt if the array grows.
 */
export function findKeyFor(
  cert: CertificateRecord,
  keys: readonly PrivateKeyRecord[],
): PrivateKeyRecord | undefined {
  let cached = indexCache.get(keys);
  if (!cached || cached.length !== keys.length) {
    cached = { length: keys.length, index: new KeyIndex(keys) };
    indexCache.set(keys, cached);
  }
  return cached.index.keysFor(cert.publicKey)[0];
}
