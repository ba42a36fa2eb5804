/**
 * The demo as the page downloads it: every file of e2e/fixtures/demo in one gzip-compressed tar, in the
 * manifest's order and byte for byte, so a first visit costs one request instead of one per file.
 * The archive carries no dates or owners (tar mtime 0, no gzip mtime), so packing the same files
 * twice gives the same bytes and the same SHA-256.
 */
import { packTarGz } from "../../lib/archive/pack-tar-gz";
import type { InputFile } from "../../lib/inventory";

/** The archive's file name inside public/demo/. */
export const DEMO_ARCHIVE = "demo.tar.gz";

export interface PackedDemo {
  /** The .tar.gz bytes. */
  archive: Uint8Array;
  /** Lower-case hex SHA-256 of `archive`, checked by the page before it unpacks. */
  sha256: string;
}

/** Hex SHA-256 of some bytes, with the platform's WebCrypto. */
export async function sha256Hex(bytes: Uint8Array, crypto: Crypto = globalThis.crypto): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Packs the files, sorted by path as the manifest lists them, into the demo archive. */
export async function packDemo(files: readonly InputFile[]): Promise<PackedDemo> {
  const archive = packTarGz(files);
  return { archive, sha256: await sha256Hex(archive) };
}
