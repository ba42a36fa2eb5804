import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { type DigestedFile, inputDigest } from "./input-digest";

const encode = (text: string) => new TextEncoder().encode(text);
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** The digest as the report's footer defines it, computed with Node's own hash, independently. */
function expected(files: DigestedFile[]): string {
  const lines = files
    .filter((file) => file.unreadable === undefined)
    .map((file) => ({ key: Buffer.from(file.path, "utf8"), line: `${sha256(file.bytes)}  ${file.path}\n` }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  return sha256(lines.map(({ line }) => line).join(""));
}

describe("inputDigest", () => {
  const cases: { name: string; files: DigestedFile[]; want: { files: number; notRead: number } }[] = [
    { name: "no files", files: [], want: { files: 0, notRead: 0 } },
    {
      name: "paths in byte order, not input order",
      files: [
        { path: "pki/b.crt", bytes: encode("b") },
        { path: "pki/a.crt", bytes: encode("a") },
        { path: "pki", bytes: encode("file named like the folder") },
      ],
      want: { files: 3, notRead: 0 },
    },
    {
      name: "non-ASCII paths sort by their UTF-8 bytes",
      files: [
        { path: "z.crt", bytes: encode("z") },
        { path: "é.crt", bytes: encode("e") },
        { path: "\u{1F512}.crt", bytes: encode("lock") },
        { path: "\uFF21.crt", bytes: encode("fullwidth A") },
      ],
      want: { files: 4, notRead: 0 },
    },
    {
      name: "a file not read is counted, not hashed",
      files: [
        { path: "ca.crt", bytes: encode("ca") },
        { path: "huge.bin", bytes: new Uint8Array(), unreadable: "larger than the limit" },
      ],
      want: { files: 1, notRead: 1 },
    },
  ];
  it.each(cases)("$name", async ({ files, want }) => {
    const digest = await inputDigest(files, globalThis.crypto);
    expect(digest).toEqual({ ...want, sha256: expected(files) });
  });

  it("escapes a name as GNU sha256sum does: backslash, line feed, carriage return", async () => {
    const files = [
      { path: "x\\y", bytes: encode("a") },
      { path: "n\nl", bytes: encode("b") },
      { path: "c\rr", bytes: encode("c") },
      { path: "plain", bytes: encode("d") },
    ];
    // What `sha256sum` printed for these four files (coreutils 9.1), in path byte order.
    const listing = [
      `\\${sha256("c")}  c\\rr`,
      `\\${sha256("b")}  n\\nl`,
      `${sha256("d")}  plain`,
      `\\${sha256("a")}  x\\\\y`,
      "",
    ].join("\n");
    expect((await inputDigest(files, globalThis.crypto)).sha256).toBe(sha256(listing));
  });
});

describe("inputDigest over a fixture", () => {
  it("is the same for the same files in any order and changes with one byte", async () => {
    const files = readTree(fixtureDir("healthy"));
    const forward = await inputDigest(files, globalThis.crypto);
    const backward = await inputDigest([...files].reverse(), globalThis.crypto);
    expect(backward).toEqual(forward);
    expect(forward.sha256).toBe(expected(files));
    const [first, ...rest] = files;
    if (!first) throw new Error("the healthy fixture has files");
    const changed = new Uint8Array(first.bytes);
    changed[0] = (changed[0] ?? 0) ^ 1;
    const tampered = await inputDigest([{ ...first, bytes: changed }, ...rest], globalThis.crypto);
    expect(tampered.sha256).not.toBe(forward.sha256);
    const renamed = await inputDigest([{ ...first, path: `${first.path}.bak` }, ...rest], globalThis.crypto);
    expect(renamed.sha256).not.toBe(forward.sha256);
  });
});
