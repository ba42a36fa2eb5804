/**
 * The tar reader moves only forwards: a size that is no size (negative, a pax `size` that is not
 * digits), a corrupt header or unreadable pax records are named in `problems`, and every later
 * entry is still read. Archives
 * made by lib's own writer, then given hostile headers with valid checksums, as an attacker would.
 */
import { describe, expect, it } from "vitest";
import { writeTar } from "../archive/write-tar";
import { readTar } from "./read-tar";

const BLOCK = 512;
const text = (value: string) => new TextEncoder().encode(value);

/** Recompute a header's checksum, so only the field we broke is wrong. */
function sealHeader(header: Uint8Array): void {
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(text(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
}

/** A header block of `type` for `name` with a `size` field written as given (any text). */
function headerBlock(name: string, type: string, size: string): Uint8Array {
  const header = new Uint8Array(BLOCK);
  header.set(text(name), 0);
  header.set(text("0000644\0"), 100);
  header.set(text(size.padStart(11, "0").slice(0, 11)), 124);
  header[156] = type.charCodeAt(0);
  header.set(text("ustar\0"), 257);
  header.set(text("00"), 263);
  sealHeader(header);
  return header;
}

/** A pax record with its own length counted in, as tar writes it: `<length> <key>=<value>\n`. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = rest.length + 1;
  while (String(length).length + rest.length !== length) length++;
  return `${length}${rest}`;
}

/** A pax header with `records`, padded to whole blocks. */
function paxHeader(records: string): Uint8Array {
  const bytes = text(records);
  const header = headerBlock("PaxHeader", "x", bytes.length.toString(8));
  return concat(header, bytes, new Uint8Array((BLOCK - (bytes.length % BLOCK)) % BLOCK));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const files = [
  { path: "etc/kubernetes/pki/ca.crt", bytes: text("first\n") },
  { path: "etc/kubernetes/pki/apiserver.crt", bytes: text("second\n") },
  { path: "etc/kubernetes/pki/front-proxy-ca.crt", bytes: text("third\n") },
];

describe("readTar on hostile sizes", () => {
  it("a negative octal size: that entry is named and skipped, the others read, and it ends", () => {
    const tar = writeTar(files);
    // The second entry's header is the third block (header, one body block, header).
    const second = tar.subarray(2 * BLOCK, 3 * BLOCK);
    second.set(text("-0000003000"), 124);
    sealHeader(second);
    const contents = readTar(tar);
    expect(contents.entries.map((e) => e.path)).toEqual([files[0]?.path, files[2]?.path]);
    expect(contents.problems).toEqual([
      expect.stringMatching(/apiserver\.crt at byte 1024 has an invalid size field: it was skipped/),
    ]);
  });

  it.each(["-1536", "12k", "1e3", ""])(
    "a pax size of %j is named, never read backwards or silently",
    (size) => {
      const body = writeTar(files);
      // pax record, then the three entries: the pax size governs the first of them only.
      const contents = readTar(concat(paxHeader(paxRecord("size", size)), body));
      if (size === "") {
        expect(contents.entries).toHaveLength(3);
        return;
      }
      expect(contents.problems).toEqual([expect.stringMatching(/invalid pax size/)]);
      expect(contents.entries.map((e) => e.path)).toEqual([files[1]?.path, files[2]?.path]);
    },
  );

  it("a negative base-256 size is refused too", () => {
    const tar = writeTar(files);
    const second = tar.subarray(2 * BLOCK, 3 * BLOCK);
    second.fill(0xff, 124, 136);
    sealHeader(second);
    const contents = readTar(tar);
    expect(contents.entries.map((e) => e.path)).toEqual([files[0]?.path, files[2]?.path]);
    expect(contents.problems).toHaveLength(1);
  });

  it("a corrupt header in the middle is named, and reading goes on from the next header", () => {
    const tar = writeTar(files);
    tar[2 * BLOCK] = "X".charCodeAt(0); // the second header's name, checksum left as it was
    const contents = readTar(tar);
    expect(contents.entries.map((e) => e.path)).toEqual([files[0]?.path, files[2]?.path]);
    expect(contents.problems).toEqual([
      "corrupt tar header at byte 1024: read on from the next header, at byte 2048",
    ]);
  });

  it("reads pax records by their length: a path may hold a line break", () => {
    const path = "etc/kubernetes/pki/odd\nname.crt";
    const contents = readTar(concat(paxHeader(paxRecord("path", path)), writeTar(files.slice(0, 1))));
    expect(contents.problems).toEqual([]);
    expect(contents.entries.map((e) => e.path)).toEqual([path]);
  });

  it.each([
    ["a length that is no number", "x9 size=1\n"],
    ["a length past the header", "900 path=a\n"],
    ["a length of zero", "0 path=a\n"],
    ["a length that leaves the line unbroken", "10 path=abc\n"],
  ])("pax records with %s are named; the records before them stand", (_, bad) => {
    const records = paxRecord("path", "renamed.crt") + bad;
    const contents = readTar(concat(paxHeader(records), writeTar(files.slice(0, 2))));
    expect(contents.entries.map((e) => e.path)).toEqual(["renamed.crt", files[1]?.path]);
    expect(contents.problems).toEqual([
      expect.stringMatching(/pax record at byte \d+ of its header has no valid length/),
    ]);
  });
});

describe("a node's archive with one hostile size", () => {
  it("is analysed to the end: the archive named, every other file judged", async () => {
    const { analyze } = await import("../analyze");
    const { FIXTURE_NOW, fixtureDir, readTree } = await import("../test-support/fixtures");
    const node = readTree(fixtureDir("healthy")).filter((file) => !file.linkTarget);
    const tar = writeTar(node);
    // Break the size of the second entry, whatever its length, keeping the checksum valid.
    const firstBlocks = 1 + Math.ceil((node[0]?.bytes.length ?? 0) / BLOCK);
    const second = tar.subarray(firstBlocks * BLOCK, (firstBlocks + 1) * BLOCK);
    second.set(text("-0000003000"), 124);
    sealHeader(second);
    const report = await analyze([{ path: "node.tar", bytes: tar }], { now: FIXTURE_NOW });
    const named = report.findings.filter((f) => f.files.some((file) => file.startsWith("node.tar")));
    expect(named.map((f) => f.detail).join(" ")).toMatch(/invalid size field/);
    const whole = await analyze(node, { now: FIXTURE_NOW });
    // One file lost at most: every other certificate is still read.
    expect(report.certificates.length).toBeGreaterThanOrEqual(whole.certificates.length - 1);
  });
});

describe("readTar on type flags", () => {
  it.each([
    ["Q", "file", /unknown type "Q": read as a regular file/],
    ["\u007f", "file", /unknown type "\\x7f": read as a regular file/],
    ["S", "other", /GNU sparse file \(type S\): not read/],
    ["6", "other", undefined],
  ])("type %j is read as %s and named when it must be", (flag, type, problem) => {
    const tar = writeTar(files);
    const second = tar.subarray(2 * BLOCK, 3 * BLOCK);
    second[156] = flag.charCodeAt(0);
    sealHeader(second);
    const contents = readTar(tar);
    expect(contents.entries.map((e) => e.type)).toEqual(["file", type, "file"]);
    expect(contents.problems).toEqual(problem ? [expect.stringMatching(problem)] : []);
  });
});

describe("readTar on names that are file contents", () => {
  it("a header damaged into a long-name header: the next file's content becomes a name, and is handed back to be noted", () => {
    const key =
      "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBq0c2VjcmV0LWtleS1ieXRlcy1ub3QtcmVhbA==\n-----END EC PRIVATE KEY-----\n";
    const tar = writeTar([{ path: "pki/sa.key", bytes: text(key) }, ...files.slice(0, 1)]);
    const first = tar.subarray(0, BLOCK);
    first[156] = "L".charCodeAt(0);
    sealHeader(first);
    const contents = readTar(tar);
    expect(contents.entries.map((e) => e.path)).toEqual([key]);
    expect(contents.multiline).toEqual([key]);
  });
});
