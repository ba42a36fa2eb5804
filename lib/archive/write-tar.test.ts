import { gzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { archiveKind } from "../ingest/archive-kind";
import { expandArchives } from "../ingest/expand-archives";
import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { readTar } from "../ingest/read-tar";
import { writeTar } from "./write-tar";

const text = (value: string) => new TextEncoder().encode(value);

describe("writeTar", () => {
  const cases = [
    { name: "no files", files: [] },
    { name: "an empty file", files: [{ path: "empty", bytes: new Uint8Array(0) }] },
    {
      name: "sizes around the 512-byte block",
      files: [
        { path: "a/511", bytes: new Uint8Array(511).fill(1) },
        { path: "a/512", bytes: new Uint8Array(512).fill(2) },
        { path: "a/513", bytes: new Uint8Array(513).fill(3) },
      ],
    },
    {
      name: "a path longer than 100 bytes (ustar prefix)",
      files: [{ path: `${"workers/".repeat(12)}var/lib/kubelet/config.yaml`, bytes: text("kind: x\n") }],
    },
  ];
  it.each(cases)("$name reads back unchanged with lib's tar reader", ({ files }) => {
    const contents = readTar(writeTar(files));
    expect(contents.problems).toEqual([]);
    expect(contents.entries.map((e) => ({ path: e.path, type: e.type, bytes: e.bytes }))).toEqual(
      files.map((f) => ({ path: f.path, type: "file", bytes: f.bytes })),
    );
  });

  it("gzipped, is expanded by ingest as the drop itself", () => {
    const files = [
      { path: "etc/kubernetes/admin.conf", bytes: text("apiVersion: v1\n") },
      { path: "var/lib/kubelet/config.yaml", bytes: text("kind: KubeletConfiguration\n") },
    ];
    const archive = { path: "cluster.tar.gz", bytes: gzipSync(writeTar(files)) };
    expect(archiveKind(archive.bytes)).toBe("gzip");
    const expanded = expandArchives([archive], DEFAULT_ARCHIVE_LIMITS);
    expect(expanded.problems).toEqual([]);
    expect(expanded.files.map((f) => f.path)).toEqual(files.map((f) => f.path));
  });

  it("refuses a path no ustar header can hold", () => {
    expect(() => writeTar([{ path: "x".repeat(101), bytes: new Uint8Array(0) }])).toThrow(/too long/);
  });
});
