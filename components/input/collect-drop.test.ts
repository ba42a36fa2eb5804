/**
 * The folder walk over a mocked entry tree that behaves like Chromium's: a directory reader hands
 * out children in batches of at most `batch` and then an empty batch, and may fail.
 */
import { describe, expect, it } from "vitest";
import {
  collectDrop,
  collectEntries,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
} from "./collect-drop";

function fileEntry(name: string, content = name, fail?: string): FileEntryLike {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (success, failure) => {
      if (fail) setTimeout(() => failure?.(new Error(fail)), 0);
      else setTimeout(() => success(new Blob([content])), 0);
    },
  };
}

function dirEntry(
  name: string,
  children: EntryLike[],
  options: { batch?: number; fail?: string } = {},
): DirectoryEntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (success, failure) => {
          if (options.fail) {
            setTimeout(() => failure?.(new Error(options.fail)), 0);
            return;
          }
          const batch = children.slice(offset, offset + (options.batch ?? 100));
          offset += batch.length;
          setTimeout(() => success(batch), 0);
        },
      };
    },
  };
}

const tree = dirEntry("etc-kubernetes", [
  fileEntry("admin.conf"),
  dirEntry("pki", [fileEntry("ca.crt"), fileEntry("ca.key"), dirEntry("etcd", [fileEntry("ca.crt")])]),
  dirEntry("manifests", []),
]);

describe("collectEntries", () => {
  it("walks folders recursively, the dropped folder's name first, sorted", async () => {
    const { picked, problems } = await collectEntries([tree]);
    expect(picked.map((p) => p.path)).toEqual([
      "etc-kubernetes/admin.conf",
      "etc-kubernetes/pki/ca.crt",
      "etc-kubernetes/pki/ca.key",
      "etc-kubernetes/pki/etcd/ca.crt",
    ]);
    expect(problems).toEqual([]);
    expect(await picked[1]?.file.text()).toBe("ca.crt");
  });

  it("keeps calling readEntries until an empty batch (250 files in batches of 100)", async () => {
    const many = Array.from({ length: 250 }, (_, i) => fileEntry(`f${String(i).padStart(3, "0")}.crt`));
    const { picked } = await collectEntries([dirEntry("big", many, { batch: 100 })]);
    expect(picked).toHaveLength(250);
    expect(picked[249]?.path).toBe("big/f249.crt");
  });

  it("takes several dropped items: loose files and folders", async () => {
    const { picked } = await collectEntries([
      fileEntry("kubelet.conf"),
      dirEntry("pki", [fileEntry("ca.crt")]),
    ]);
    expect(picked.map((p) => p.path)).toEqual(["kubelet.conf", "pki/ca.crt"]);
  });

  it("records a file or folder that cannot be read, and goes on", async () => {
    const broken = dirEntry("node", [
      fileEntry("ok.crt"),
      fileEntry("locked.key", "", "NotReadableError"),
      dirEntry("private", [], { fail: "SecurityError" }),
    ]);
    const { picked, problems } = await collectEntries([broken]);
    expect(picked.map((p) => p.path)).toEqual(["node/ok.crt"]);
    expect(problems).toEqual([
      { path: "node/locked.key", reason: "could not be opened: NotReadableError" },
      { path: "node/private", reason: "folder could not be listed: SecurityError" },
    ]);
  });
});

describe("collectDrop", () => {
  const named = (name: string) => Object.assign(new Blob([name]), { name, webkitRelativePath: "" });

  it("walks the entries when the drop has them", async () => {
    const { picked } = await collectDrop({
      items: [
        { kind: "file", webkitGetAsEntry: () => tree },
        { kind: "string", webkitGetAsEntry: () => null },
      ],
      files: [named("etc-kubernetes")],
    });
    expect(picked).toHaveLength(4);
  });

  it("falls back to dataTransfer.files when entries are null (a synthetic drop)", async () => {
    const { picked } = await collectDrop({
      items: [{ kind: "file", webkitGetAsEntry: () => null }],
      files: [named("ca.crt"), named("admin.conf")],
    });
    expect(picked.map((p) => p.path)).toEqual(["ca.crt", "admin.conf"]);
  });

  it("falls back when there are no items at all", async () => {
    const { picked } = await collectDrop({ files: [named("x.tgz")] });
    expect(picked.map((p) => p.path)).toEqual(["x.tgz"]);
  });
});
