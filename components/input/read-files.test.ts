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

  it("keeps going past a file that cannot be read and says why", async () => {
    const input = [...picked(2), { path: "dir/gone.key", file: new VanishedBlob(["x"]) }];
    const result = await readFiles(input);
    expect(result.files.map((f) => f.path)).toEqual(["dir/f0.crt", "dir/f1.crt"]);
    expect(result.problems).toEqual([
      { path: "dir/gone.key", reason: "could not be read: NotFoundError: the file was removed" },
    ]);
  });
});

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
