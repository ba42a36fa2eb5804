/** Content digests for certificate ids and fingerprints. */
import { toHex } from "../shared/bytes";
import { sha256 } from "./sha256";

/** Lowercase hex SHA-256 of the bytes: certificate ids and fingerprints. */
export function sha256Hex(bytes: Uint8Array): string {
  return toHex(sha256(bytes));
}
