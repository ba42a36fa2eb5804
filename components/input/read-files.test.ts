import { describe, expect, it } from "vitest";
import { labelFor, pickedFromList, type PickedFile } from "./picked-file";
import { readFiles } from "./read-files";

function picked(n: number): PickedFile[] {
  return Array.from({ length: n }, (_, i) => ({ path: `dir/f${i}.crt`, file: new Blob([`file ${i}`]) }));
}

/** A Blob whose read fails, as a file deleted between pick and read does. */
class VanishedBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new Error("NotFoundError: the file was removed"));
  }
}

describe("readFiles", () => {
  it.each([
    { total: 0, batchSize: 32, calls: [[0, 0]] },
    {
      total: 5,
      batchSize: 32,
      calls: [
        [0, 5],
        [5, 5],
      ],
    },
    {
      total: 70,
      batchSize: 32,
      calls: [
        [0, 70],
        [32, 70],
        [64, 70],
        [70, 70],
      ],
    },
    {
      total: 3,
      batchSize: 1,
      calls: [
        [0, 3],
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    },
  ])(
    "reads $total files in batches of $batchSize, reporting after each",
    async ({ total, batchSize, calls }) => {
      const progress: number[][] = [];
      const result = await readFiles(picked(total), {
        batchSize,
        onProgress: (d, t) => progress.push([d, t]),
      });
      expect(progress).toEqual(calls);
      expect(result.files.map((f) => f.path)).toEqual(picked(total).map((p) => p.path));
      expect(result.files.map((f) => new TextDecoder().decode(f.bytes))).toEqual(
        Array.from({ length: total }, (_, i) => `file ${i}`),
      );
      expect(result.problems).toEqual([]);
    },
  );

  it("keeps going past a file that cannot be read, says why, and hands it over for the report", async () => {
    const input = [...picked(2), { path: "dir/gone.key", file: new VanishedBlob(["x"]) }];
    const result = await readFiles(input);
    expect(result.files.map((f) => [f.path, f.unreadable])).toEqual([
      ["dir/f0.crt", undefined],
      ["dir/f1.crt", undefined],
      ["dir/gone.key", "NotFoundError: the file was removed"],
    ]);
    expect(result.files[2]?.bytes.byteLength).toBe(0);
    expect(result.problems).toEqual([
      { path: "dir/gone.key", reason: "could not be read: NotFoundError: the file was removed" },
    ]);
  });

  it("never reads a file over the per-file limit, and names it with the CLI's words", async () => {
    // 200 MB as the browser reports it, before a byte is read; reading it would fail this test.
    const huge = new HugeBlob(["x"]);
    const result = await readFiles([{ path: "dir/dump.img", file: huge }, ...picked(1)]);
    expect(huge.reads).toBe(0);
    expect(result.files).toEqual([
      {
        path: "dir/dump.img",
        bytes: new ArrayBuffer(0),
        unreadable: "larger than 64 MiB (200 MiB)",
        unreadKind: "limit",
      },
      { path: "dir/f0.crt", bytes: expect.any(ArrayBuffer) },
    ]);
    expect(result.problems).toEqual([
      { path: "dir/dump.img", reason: "larger than 64 MiB (200 MiB): not read" },
    ]);
  });

  it.each([
    { size: 1024, max: 1024, read: true },
    { size: 1025, max: 1024, read: false },
  ])("a $size-byte file under a $max-byte limit is read: $read", async ({ size, max, read }) => {
    const result = await readFiles([{ path: "f", file: new Blob([new Uint8Array(size)]) }], {
      maxFileBytes: max,
    });
    expect(result.files[0]?.unreadable === undefined).toBe(read);
    expect(result.files[0]?.bytes.byteLength).toBe(read ? size : 0);
  });
});

/** A Blob the size of a disk image; its content is never asked for when the size rules it out. */
class HugeBlob extends Blob {
  reads = 0;
  override get size(): number {
    return 200 * 1024 * 1024;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    this.reads++;
    return Promise.reject(new Error("a 200 MB file was read"));
  }
}

describe("pickedFromList and labelFor", () => {
  const named = (name: string, webkitRelativePath = "") =>
    Object.assign(new Blob(["x"]), { name, webkitRelativePath });

  it.each([
    {
      name: "a chosen folder",
      files: [named("ca.crt", "kubernetes/pki/ca.crt"), named("admin.conf", "kubernetes/admin.conf")],
      paths: ["kubernetes/pki/ca.crt", "kubernetes/admin.conf"],
      label: "kubernetes",
    },
    { name: "one chosen file", files: [named("admin.conf")], paths: ["admin.conf"], label: "admin.conf" },
    {
      name: "several chosen files",
      files: [named("ca.crt"), named("ca.key"), named("x.tgz")],
      paths: ["ca.crt", "ca.key", "x.tgz"],
      label: "3 files",
    },
    { name: "nothing", files: [], paths: [], label: "No files" },
  ])("$name", ({ files, paths, label }) => {
    const list = pickedFromList(files);
    expect(list.map((p) => p.path)).toEqual(paths);
    expect(labelFor(list)).toBe(label);
  });
});
