/** Content digests through the injected WebCrypto provider (lib/ has no crypto of its own). */
import { toArrayBuffer, toHex } from "./bytes";

/** Lowercase hex SHA-256 of the bytes: certificate ids and fingerprints. */
export async function sha256Hex(bytes: Uint8Array, crypto: Crypto): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", toArrayBuffer(bytes)));
}
