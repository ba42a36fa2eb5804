/**
 * Archive header damage: the node packed into a tar, tar.gz or zip, then one entry's header given a
 * value its reader must survive — a tar size that is negative, not octal or negative base-256, a
 * type flag no tar defines, a broken checksum, a pax header before it with records that are no
 * records (`size=-1536`, `size=12k`, a length that points anywhere), a GNU long name of garbage; a
 * zip entry's local or central header with an offset, size, method, flag or name length that lies,
 * or the end record's count and directory offset. Checksums stay valid where a real attacker would
 * keep them so. The damaged entry's path is what the case touches: every other entry must survive.
 */
import { gzipSync, zipSync, type Zippable } from "fflate";
import { writeTar } from "../../../lib/archive/write-tar";
import type { LoadedEntry } from "../corpus";
import type { Prng } from "../prng";
import type { ArchiveShape } from "./archive-cases";
import { splice, utf8 } from "./mutator";

const BLOCK = 512;

/** Recompute a tar header's checksum, so only the field that was changed is wrong. */
function seal(header: Uint8Array): void {
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(utf8(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
}

/** A pax record with its own length counted in, as tar writes it. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = rest.length + 1;
  while (String(length).length + rest.length !== length) length++;
  return `${length}${rest}`;
}

/** A header block of `type` named `name` whose body is `body`, then the body padded. */
function extraHeader(type: string, name: string, body: Uint8Array): Uint8Array {
  const header = new Uint8Array(BLOCK);
  header.set(utf8(name).subarray(0, 99), 0);
  header.set(utf8("0000644\0"), 100);
  header.set(utf8(`${body.length.toString(8).padStart(11, "0")}\0`), 124);
  header[156] = type.charCodeAt(0);
  header.set(utf8("ustar\0"), 257);
  header.set(utf8("00"), 263);
  seal(header);
  const out = new Uint8Array(BLOCK + Math.ceil(body.length / BLOCK) * BLOCK);
  out.set(header, 0);
  out.set(body, BLOCK);
  return out;
}

const BAD_PAX = [
  () => paxRecord("size", "-1536"),
  () => paxRecord("size", "12k"),
  () => paxRecord("size", "1e3"),
  () => paxRecord("size", "-0"),
  () => paxRecord("size", "99999999999999999999"),
  () => paxRecord("size", "1"),
  () => paxRecord("path", "etc/kubernetes/pki/odd\nname.crt"),
  () => "x9 size=1\n",
  () => "900 path=a\n",
  () => "0 path=a\n",
  () => `${paxRecord("path", "renamed.crt")}3 x\n`,
  () => "18446744073709551616 size=1\n",
];

const BAD_SIZES = ["-0000003000", "-1", "12k", "00000000x9z", "99999999999", "    -    ", "\u00ff\u00ff"];

/** The node's files in the tar, and where each one's header is (writeTar: one header each). */
function packedTar(node: LoadedEntry): { tar: Uint8Array; headers: { path: string; offset: number }[] } {
  const files = node.files.filter((file) => file.linkTarget === undefined);
  const tar = writeTar(files.map((file) => ({ path: file.path, bytes: file.bytes })));
  const headers: { path: string; offset: number }[] = [];
  let offset = 0;
  for (const file of files) {
    headers.push({ path: file.path, offset });
    offset += BLOCK + Math.ceil(file.bytes.length / BLOCK) * BLOCK;
  }
  return { tar, headers };
}

/** The tar with one entry's header damaged; returns the new bytes and a name for the damage. */
function damageTar(tar: Uint8Array, offset: number, rng: Prng): { bytes: Uint8Array; how: string } {
  const out = Uint8Array.from(tar);
  const header = out.subarray(offset, offset + BLOCK);
  switch (rng.int(7)) {
    case 0: {
      const size = rng.pick(BAD_SIZES);
      header.fill(0, 124, 136);
      header.set(utf8(size).subarray(0, 12), 124);
      seal(header);
      return { bytes: out, how: "tar-size" };
    }
    case 1:
      // Negative base-256 (the sign bit set), or positive but past any file.
      header.fill(rng.chance(0.5) ? 0xff : 0x80, 124, 136);
      if (header[124] === 0x80) header[135] = 0x7f;
      seal(header);
      return { bytes: out, how: "tar-base256" };
    case 2:
      header[156] = rng.pick([..."QZSM36VD\u007fgxKL"]).charCodeAt(0);
      seal(header);
      return { bytes: out, how: "tar-typeflag" };
    case 3: {
      const at = rng.int(148);
      header[at] = (header[at] ?? 0) ^ (1 << rng.int(8));
      return { bytes: out, how: "tar-checksum" };
    }
    case 4: {
      const records = Array.from({ length: rng.range(1, 3) }, () => rng.pick(BAD_PAX)()).join("");
      return { bytes: splice(out, offset, 0, extraHeader("x", "PaxHeader", utf8(records))), how: "tar-pax" };
    }
    case 5: {
      // A pax header whose own size field lies: the records are cut, or run into the next header.
      const pax = extraHeader("x", "PaxHeader", utf8(paxRecord("path", "x".repeat(rng.range(1, 900)))));
      // Sizes that cut the records short; a valid size that runs on swallows whatever follows,
      // as it would for tar itself, and is no damage a reader can tell.
      pax.set(utf8(rng.pick(["00000000001", "-0000000001", "0000000000x"])), 124);
      seal(pax.subarray(0, BLOCK));
      return { bytes: splice(out, offset, 0, pax), how: "tar-pax-size" };
    }
    default:
      return {
        bytes: splice(out, offset, 0, extraHeader("L", "././@LongLink", rng.bytes(rng.range(0, 700)))),
        how: "tar-longname",
      };
  }
}

/** Offsets of every local and central header of a zip fflate wrote (no data descriptors). */
function zipHeaders(zip: Uint8Array): { local: number[]; central: number[]; end: number } {
  const data = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const count = data.getUint16(end + 10, true);
  const central: number[] = [];
  const local: number[] = [];
  let at = data.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    central.push(at);
    local.push(data.getUint32(at + 42, true));
    at += 46 + data.getUint16(at + 28, true) + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
  }
  return { local, central, end };
}

/** The zip with entry `index`'s headers (or the end record) damaged; touches that entry or none. */
function damageZip(
  zip: Uint8Array,
  index: number,
  rng: Prng,
): { bytes: Uint8Array; how: string; entry: boolean } {
  const out = Uint8Array.from(zip);
  const data = new DataView(out.buffer);
  const { local, central, end } = zipHeaders(out);
  const c = central[index] ?? 0;
  const l = local[index] ?? 0;
  const u32 = (at: number, value: number) => data.setUint32(at, value >>> 0, true);
  const u16 = (at: number, value: number) => data.setUint16(at, value & 0xffff, true);
  switch (rng.int(10)) {
    case 0:
      u32(c + 42, rng.pick([0xffffffff, 0x7fffffff, out.length, local[(index + 1) % local.length] ?? 0]));
      return { bytes: out, how: "zip-local-offset", entry: true };
    case 1:
      u32(c + 20, rng.pick([0, 1, 0xffffffff, data.getUint32(c + 20, true) + rng.range(1, 5000)]));
      return { bytes: out, how: "zip-compressed-size", entry: true };
    case 2:
      u32(c + 24, rng.pick([0, 1, 0xfffffffe, 0x7fffffff, data.getUint32(c + 24, true) + 1]));
      return { bytes: out, how: "zip-size", entry: true };
    case 3:
      u16(c + 10, rng.pick([1, 9, 12, 14, 99, 0xffff]));
      return { bytes: out, how: "zip-method", entry: true };
    case 4:
      u16(c + 8, data.getUint16(c + 8, true) | 0x01);
      return { bytes: out, how: "zip-encrypted", entry: true };
    case 5:
      u16(c + 28, data.getUint16(c + 28, true) + rng.range(1, 80));
      return { bytes: out, how: "zip-central-name-length", entry: true };
    case 6: {
      const at = l + rng.int(4);
      out[at] = (out[at] ?? 0) ^ 0xff;
      return { bytes: out, how: "zip-local-signature", entry: true };
    }
    case 7:
      u16(l + 26, data.getUint16(l + 26, true) + rng.range(1, 300));
      return { bytes: out, how: "zip-local-name-length", entry: true };
    case 8: {
      const count = rng.pick([0, 1, central.length - 1, central.length + 7, 0xffff]);
      u16(end + 8, count);
      u16(end + 10, count);
      return { bytes: out, how: "zip-end-count", entry: false };
    }
    default:
      u32(end + 16, rng.pick([0, 0xffffffff, out.length, (central[0] ?? 0) + 3]));
      return { bytes: out, how: "zip-end-offset", entry: false };
  }
}

/** One archive-header case: the node packed, one header damaged. */
export function archiveHeaderCase(node: LoadedEntry, rng: Prng): ArchiveShape & { how: string } {
  const files = node.files.filter((file) => file.linkTarget === undefined);
  if (rng.chance(0.6)) {
    const { tar, headers } = packedTar(node);
    const target = rng.pick(headers);
    const { bytes, how } = damageTar(tar, target.offset, rng);
    // A pax or long-name header put before an entry may, by its lying size, swallow the entry.
    const gz = rng.chance(0.4);
    const path = gz ? "node.tar.gz" : "node.tar";
    return {
      replaceAll: true,
      changes: [{ path, bytes: gz ? gzipSync(bytes, { level: 6, mtime: 0 }) : bytes }],
      touched: [target.path],
      target: path,
      how,
    };
  }
  const zippable: Zippable = {};
  for (const file of files) zippable[file.path] = [file.bytes, { level: 6, mtime: new Date(2020, 0, 1) }];
  const zip = zipSync(zippable);
  const index = rng.int(files.length);
  const { bytes, how, entry } = damageZip(zip, index, rng);
  const touched = entry ? [files[index]?.path ?? ""] : [];
  return { replaceAll: true, changes: [{ path: "node.zip", bytes }], touched, target: "node.zip", how };
}
