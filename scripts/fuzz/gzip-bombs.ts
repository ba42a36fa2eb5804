/**
 * gzip members of nothing but zeros, made once per run by streaming zlib (the zeros never exist
 * as one buffer): under the 64 MiB per-entry limit, just over it, and over the 512 MiB total.
 * Each compresses about a thousandfold, so a case carries a few hundred kilobytes.
 */
import { Buffer } from "node:buffer";
import { constants, createGzip } from "node:zlib";

const MIB = 1024 * 1024;

export interface GzipBombs {
  /** 40 MiB of zeros: each one allowed, fourteen of them past the total. */
  under: Uint8Array;
  /** 65 MiB: over the per-entry limit. */
  overEntry: Uint8Array;
  /** 520 MiB: over the total-size limit on its own. */
  overTotal: Uint8Array;
}

async function gzipZeros(mib: number): Promise<Uint8Array> {
  const gzip = createGzip({ level: 9, strategy: constants.Z_RLE });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  const zeros = Buffer.alloc(MIB);
  for (let i = 0; i < mib; i++) {
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once("drain", resolve));
  }
  gzip.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The three bombs (a second or two of zlib, once). */
export async function makeGzipBombs(): Promise<GzipBombs> {
  const [under, overEntry, overTotal] = await Promise.all([gzipZeros(40), gzipZeros(65), gzipZeros(520)]);
  if (!under || !overEntry || !overTotal) throw new Error("gzip bombs not made");
  return { under, overEntry, overTotal };
}
