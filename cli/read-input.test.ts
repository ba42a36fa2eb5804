import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInput } from "./read-input";

let root: string;
let tree: string;

/** A small /etc/kubernetes-like tree with nesting, a working link, a dangling link and a loop. */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "k8s-pki-read-input-"));
  tree = join(root, "node-a");
  await mkdir(join(tree, "pki", "etcd"), { recursive: true });
  await mkdir(join(tree, "kubelet", "pki"), { recursive: true });
  await writeFile(join(tree, "admin.conf"), "kind: Config\n");
  await writeFile(join(tree, "pki", "ca.crt"), "ca");
  await writeFile(join(tree, "pki", "b.crt"), "b");
  await writeFile(join(tree, "pki", "etcd", "ca.crt"), "etcd-ca");
  await writeFile(join(tree, "kubelet", "pki", "kubelet-client-2026-11-22.pem"), "client");
  await symlink("kubelet-client-2026-11-22.pem", join(tree, "kubelet", "pki", "kubelet-client-current.pem"));
  await symlink("/nowhere/kubelet-server.pem", join(tree, "kubelet", "pki", "kubelet-server-current.pem"));
  await symlink("..", join(tree, "pki", "etcd", "up"));
  // A copy of a node: the kubelet's absolute link names the node's root, not this folder.
  await mkdir(join(root, "copy", "var", "lib", "kubelet", "pki"), { recursive: true });
  await writeFile(
    join(root, "copy", "var", "lib", "kubelet", "pki", "kubelet-client-2026-11-22.pem"),
    "copied",
  );
  await symlink(
    "/var/lib/kubelet/pki/kubelet-client-2026-11-22.pem",
    join(root, "copy", "var", "lib", "kubelet", "pki", "kubelet-client-current.pem"),
  );
  await writeFile(join(tree, "big.tgz"), new Uint8Array(2048));
  await mkdir(join(root, "other", "node-a"), { recursive: true });
  await writeFile(join(root, "other", "node-a", "x.crt"), "x");
  await writeFile(join(root, "single.pem"), "pem");
  // Links to folders: one beside it (walked under the link's name), one two levels back up (a loop).
  await mkdir(join(root, "links", "real", "deep", "er"), { recursive: true });
  await writeFile(join(root, "links", "real", "deep", "er", "x.crt"), "x");
  await symlink("real/deep", join(root, "links", "alias"));
  await symlink("../..", join(root, "links", "real", "deep", "er", "back"));
  // Links out of the audited folder: to a file and to a folder beside it; and one into another argument.
  await mkdir(join(root, "leaving", "pki"), { recursive: true });
  await writeFile(join(root, "secret.pem"), "outside");
  await symlink("../../secret.pem", join(root, "leaving", "pki", "up.pem"));
  await symlink(join(root, "other"), join(root, "leaving", "other-folder"));
  await symlink(join(root, "single.pem"), join(root, "leaving", "abs.pem"));
  await writeFile(join(root, "leaving", "pki", "ca.crt"), "ca");
  await symlink(join(root, "other", "node-a", "x.crt"), join(root, "leaving", "into-other.crt"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function read(args: string[], maxFileBytes?: number) {
  const notes: string[] = [];
  const result = await readInput(args, { maxFileBytes, onNote: (message) => notes.push(message) });
  return { result, notes };
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe("readInput", () => {
  it("walks a directory in sorted order with '/'-separated relative paths", async () => {
    const { result } = await read([tree]);
    if (!result.ok) throw new Error(result.error);
    expect(result.files.map((file) => file.path)).toEqual([
      "admin.conf",
      "big.tgz",
      "kubelet/pki/kubelet-client-2026-11-22.pem",
      "kubelet/pki/kubelet-client-current.pem",
      "kubelet/pki/kubelet-server-current.pem",
      "pki/b.crt",
      "pki/ca.crt",
      "pki/etcd/ca.crt",
    ]);
    expect(result.files.every((file) => Object.getPrototypeOf(file.bytes) === Uint8Array.prototype)).toBe(
      true,
    );
  });

  it("follows a symlink to its target's bytes and records the link text", async () => {
    const { result } = await read([tree]);
    if (!result.ok) throw new Error(result.error);
    const link = result.files.find((file) => file.path === "kubelet/pki/kubelet-client-current.pem");
    expect(link && text(link.bytes)).toBe("client");
    expect(link?.linkTarget).toBe("kubelet-client-2026-11-22.pem");
    const plain = result.files.find((file) => file.path === "pki/ca.crt");
    expect(plain?.linkTarget).toBeUndefined();
  });

  it("skips a dangling symlink and a link back up the tree, with a note each", async () => {
    const { result, notes } = await read([tree]);
    if (!result.ok) throw new Error(result.error);
    expect(notes).toEqual([
      expect.stringMatching(/^skipped pki\/etcd\/up: symlink loop/),
      expect.stringMatching(
        /^skipped kubelet\/pki\/kubelet-server-current\.pem: dangling symlink to \/nowhere\/kubelet-server\.pem/,
      ),
    ]);
    // The dangling link is handed over for the report to name, with the note's reason; the loop is not
    // (the folder it leads back to is read anyway).
    expect(result.files.filter((file) => file.unreadable !== undefined)).toEqual([
      {
        path: "kubelet/pki/kubelet-server-current.pem",
        bytes: new Uint8Array(),
        unreadable: "dangling symlink to /nowhere/kubelet-server.pem (no such file or directory)",
      },
    ]);
    expect(notes[1]).toBe(`skipped kubelet/pki/kubelet-server-current.pem: ${result.files[4]?.unreadable}`);
  });

  it("does not follow a link out of the audited folders, and names it", async () => {
    const { result, notes } = await read([join(root, "leaving"), join(root, "other")]);
    if (!result.ok) throw new Error(result.error);
    const outside = (path: string, target: string) => ({
      path,
      bytes: new Uint8Array(),
      unreadable: `points outside the audited folder (${target}): not followed`,
      unreadKind: "outside",
    });
    expect(result.files.map(({ path, unreadable }) => [path, unreadable === undefined])).toEqual([
      ["leaving/abs.pem", false],
      ["leaving/into-other.crt", true],
      ["leaving/other-folder/node-a/x.crt", true],
      ["leaving/pki/ca.crt", true],
      ["leaving/pki/up.pem", false],
      ["other/node-a/x.crt", true],
    ]);
    expect(result.files[0]).toEqual(outside("leaving/abs.pem", join(root, "single.pem")));
    expect(result.files[4]).toEqual(outside("leaving/pki/up.pem", "../../secret.pem"));
    expect(result.files.some((file) => text(file.bytes) === "outside")).toBe(false);
    expect(notes).toEqual([
      `skipped leaving/pki/up.pem: points outside the audited folder (../../secret.pem): not followed`,
      `skipped leaving/abs.pem: points outside the audited folder (${join(root, "single.pem")}): not followed`,
    ]);
  });

  it("resolves an absolute link inside the audited copy, as an archive would", async () => {
    const { result, notes } = await read([join(root, "copy")]);
    if (!result.ok) throw new Error(result.error);
    expect(notes).toEqual([]);
    expect(result.files.map((file) => [file.path, text(file.bytes), file.linkTarget])).toEqual([
      ["var/lib/kubelet/pki/kubelet-client-2026-11-22.pem", "copied", undefined],
      [
        "var/lib/kubelet/pki/kubelet-client-current.pem",
        "copied",
        "/var/lib/kubelet/pki/kubelet-client-2026-11-22.pem",
      ],
    ]);
  });

  it("skips files over the size limit with a note and a stand-in, an argument too", async () => {
    const { result, notes } = await read([tree, join(tree, "big.tgz")], 1024);
    if (!result.ok) throw new Error(result.error);
    const big = result.files.filter((file) => file.path.endsWith("big.tgz"));
    expect(big).toEqual([
      {
        path: "big.tgz",
        bytes: new Uint8Array(),
        unreadable: "larger than 1 KiB (2 KiB)",
        unreadKind: "limit",
      },
      {
        path: "node-a/big.tgz",
        bytes: new Uint8Array(),
        unreadable: "larger than 1 KiB (2 KiB)",
        unreadKind: "limit",
      },
    ]);
    expect(notes).toContain("skipped node-a/big.tgz: larger than 1 KiB (2 KiB)");
    expect(notes).toContain("skipped big.tgz: larger than 1 KiB (2 KiB)");
  });

  it("names a file argument by its basename", async () => {
    const { result } = await read([join(root, "single.pem")]);
    if (!result.ok) throw new Error(result.error);
    expect(result.files).toEqual([{ path: "single.pem", bytes: new TextEncoder().encode("pem") }]);
  });

  it("prefixes each argument's paths with its basename when there are several, keeping them apart", async () => {
    const { result } = await read([tree, join(root, "other", "node-a"), join(root, "single.pem")]);
    if (!result.ok) throw new Error(result.error);
    const paths = result.files.map((file) => file.path);
    expect(paths).toContain("node-a/pki/etcd/ca.crt");
    expect(paths).toContain("node-a-2/x.crt");
    expect(paths).toContain("single.pem");
    expect(paths.filter((path) => !path.startsWith("node-a/") && !path.startsWith("node-a-2/"))).toEqual([
      "single.pem",
    ]);
  });

  it("walks a linked folder under the link's name and stops where a link leads back into the walk", async () => {
    const { result, notes } = await read([join(root, "links")]);
    if (!result.ok) throw new Error(result.error);
    expect(result.files.map((file) => file.path)).toEqual(["alias/er/x.crt", "real/deep/er/x.crt"]);
    // Through the alias, `back` leads to real/, a folder not yet walked, whose deep/ is the alias's own.
    expect(notes).toEqual([
      expect.stringMatching(/^skipped alias\/er\/back\/deep: symlink loop back to .*links\/real\/deep$/),
      expect.stringMatching(/^skipped real\/deep\/er\/back: symlink loop back to .*links\/real$/),
    ]);
  });

  it("reads a file whose size the file system does not tell to its end", async () => {
    const { result } = await read(["/proc/self/status"]);
    if (!result.ok) throw new Error(result.error);
    const status = result.files.find((file) => file.path === "status");
    expect(status && text(status.bytes)).toMatch(/^Name:\s+\S+\n[^]*\nPid:/);
  });

  it("counts each file read, in order", async () => {
    const counts: number[] = [];
    const result = await readInput([tree], { onFileRead: (count) => counts.push(count) });
    if (!result.ok) throw new Error(result.error);
    // The absolute kubelet link is dangling here: seven files read, and its stand-in, not counted.
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.files).toHaveLength(8);
  });

  const failures: { name: string; arg: () => string; want: RegExp }[] = [
    {
      name: "a missing path",
      arg: () => join(root, "absent"),
      want: /^cannot read '.*absent': no such file or directory$/,
    },
    {
      name: "a dangling link given as argument",
      arg: () => join(tree, "kubelet", "pki", "kubelet-server-current.pem"),
      want: /no such file or directory$/,
    },
  ];
  it.each(failures)("fails with one line for $name", async ({ arg, want }) => {
    const { result } = await read([tree, arg()]);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(want) });
  });
});
