/**
 * The zip reader keeps every entry it can read: a bad entry is named and costs that entry only,
 * entries of one name are all kept, and nothing grows past the size it declared.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readZip } from "./read-zip";
import { expandArchives } from "./expand-archives";
import { DEFAULT_ARCHIVE_LIMITS } from "./archive-limits";

const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const admitAll = () => undefined;

/** A zip written entry by entry, as a streaming writer does: names may repeat. */
function streamedZip(entries: readonly [string, string, "stored" | "deflated"][]): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, content, method] of entries) {
    const entry = method === "stored" ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(text(content), true);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const names = (bytes: Uint8Array) => readZip(bytes, admitAll).entries.map((e) => [e.name, decode(e.bytes)]);

describe("readZip", () => {
  it("reads what zip -y writes: files, and links as links", () => {
    const dir = mkdtempSync(join(tmpdir(), "read-zip-"));
    writeFileSync(join(dir, "ca.crt"), "ca\n");
    symlinkSync("ca.crt", join(dir, "current.crt"));
    execFileSync("zip", ["-q", "-y", "node.zip", "ca.crt", "current.crt"], { cwd: dir });
    const { entries, problems } = readZip(new Uint8Array(readFileSync(join(dir, "node.zip"))), admitAll);
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.name, e.type, decode(e.bytes)])).toEqual([
      ["ca.crt", "file", "ca\n"],
      ["current.crt", "symlink", "ca.crt"],
    ]);
  });

  it("keeps both entries of one name, in order", () => {
    const zip = streamedZip([
      ["pki/ca.crt", "old", "deflated"],
      ["pki/ca.crt", "new", "stored"],
    ]);
    expect(names(zip)).toEqual([
      ["pki/ca.crt", "old"],
      ["pki/ca.crt", "new"],
    ]);
  });

  it("a corrupt entry is named and the entries after it are read", () => {
    const zip = zipSync({
      "a.crt": text("a".repeat(200)),
      "b.crt": text("b".repeat(200)),
      "c.crt": text("c"),
    });
    // The first byte of b.crt's deflated data (its block header) made invalid.
    const data = findLocal(zip, "b.crt") + 30 + "b.crt".length;
    zip[data] = 0xff;
    const { entries, problems } = readZip(zip, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["a.crt", "c.crt"]);
    expect(problems).toEqual([expect.stringMatching(/^entry b\.crt: .*: not read$/)]);
  });

  it("an entry whose header points past the end is named; the others are read", () => {
    const zip = zipSync({ "a.crt": text("a"), "b.crt": text("b") });
    const central = findCentral(zip, "a.crt");
    new DataView(zip.buffer).setUint32(central + 42, 0x7fffffff, true);
    const { entries, problems } = readZip(zip, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["b.crt"]);
    expect(problems).toEqual([
      "entry a.crt: its local header (at byte 2147483647) is missing or corrupt: not read",
    ]);
  });

  it("a declared size smaller than the data: no more than declared comes out, and it is named", () => {
    const zip = zipSync({ "bomb.crt": text("x".repeat(100_000)), "ok.crt": text("ok") });
    const central = findCentral(zip, "bomb.crt");
    new DataView(zip.buffer).setUint32(central + 24, 10, true);
    const { entries, problems } = readZip(zip, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["ok.crt"]);
    expect(problems).toEqual([expect.stringMatching(/^entry bomb\.crt: .*not read$/)]);
  });

  it("a central directory broken in the middle: the entries it lost are found by their local headers", () => {
    const zip = zipSync({ "a.crt": text("a"), "b.crt": text("b"), "c.crt": text("c") });
    const central = findCentral(zip, "b.crt");
    zip[central] = 0; // no longer a central header
    const { entries, problems } = readZip(zip, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["a.crt", "b.crt", "c.crt"]);
    expect(problems).toEqual([
      expect.stringMatching(/central directory breaks off at byte \d+, after 1 entries/),
    ]);
  });

  it("an end record that undercounts: every entry of the directory is still read, the count named", () => {
    const zip = zipSync({ "a.crt": text("a"), "b.crt": text("b"), "c.crt": text("c") });
    const end = zip.length - 22;
    new DataView(zip.buffer).setUint16(end + 10, 1, true);
    new DataView(zip.buffer).setUint16(end + 8, 1, true);
    const { entries, problems } = readZip(zip, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["a.crt", "b.crt", "c.crt"]);
    expect(problems).toEqual([
      expect.stringMatching(/end record counts 1 entries, its central directory holds 3/),
    ]);
  });

  it("no central directory at all (cut short): read from the local headers", () => {
    const zip = zipSync({ "a.crt": text("a"), "b.crt": text("b") });
    const cut = zip.subarray(0, findCentral(zip, "a.crt"));
    const { entries, problems } = readZip(cut, admitAll);
    expect(entries.map((e) => e.name)).toEqual(["a.crt", "b.crt"]);
    expect(problems).toEqual([expect.stringMatching(/no central directory/)]);
  });

  it("in a drop: both copies judged, the archive named with ARCHIVE_DUPLICATE_ENTRY", async () => {
    const zip = streamedZip([
      ["pki/ca.crt", "old", "deflated"],
      ["pki/ca.crt", "new", "deflated"],
      ["pki/ca.crt", "newest", "deflated"],
    ]);
    const expanded = expandArchives([{ path: "node.zip", bytes: zip }], DEFAULT_ARCHIVE_LIMITS);
    expect(expanded.files.map((f) => [f.path, decode(f.bytes)])).toEqual([
      ["pki/ca.crt (entry 1 of 3)", "old"],
      ["pki/ca.crt (entry 2 of 3)", "new"],
      ["pki/ca.crt", "newest"],
    ]);
    expect(expanded.problems).toEqual([
      {
        path: "node.zip",
        kind: "duplicate-entries",
        reason: expect.stringMatching(
          /^it holds 3 entries named pki\/ca\.crt: the last is read as pki\/ca\.crt/,
        ),
      },
    ]);
  });
});

function findLocal(zip: Uint8Array, name: string): number {
  return findHeader(zip, 0x04034b50, 30, 26, name);
}

function findCentral(zip: Uint8Array, name: string): number {
  return findHeader(zip, 0x02014b50, 46, 28, name);
}

/** The offset of the header with `signature` whose name (at `nameAt`, length at `lengthAt`) is `name`. */
function findHeader(
  zip: Uint8Array,
  signature: number,
  nameAt: number,
  lengthAt: number,
  name: string,
): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + nameAt <= zip.length; at++) {
    if (view.getUint32(at, true) !== signature) continue;
    const length = view.getUint16(at + lengthAt, true);
    if (decode(zip.subarray(at + nameAt, at + nameAt + length)) === name) return at;
  }
  throw new Error(`no header for ${name}`);
}
