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
  // A file without a size (procfs): read to its end all the same.
  await mkdir(join(root, "proc"));
  await symlink("/proc/self/status", join(root, "proc", "status"));
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
    expect(result.ok).toBe(true);
    expect(notes).toEqual([
      expect.stringMatching(/^skipped pki\/etcd\/up: symlink loop/),
      expect.stringMatching(
        /^skipped kubelet\/pki\/kubelet-server-current\.pem: dangling symlink to \/nowhere\/kubelet-server\.pem/,
      ),
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

  it("skips files over the size limit with a note", async () => {
    const { result, notes } = await read([tree], 1024);
    if (!result.ok) throw new Error(result.error);
    expect(result.files.map((file) => file.path)).not.toContain("big.tgz");
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
    const { result } = await read([join(root, "proc")]);
    if (!result.ok) throw new Error(result.error);
    const status = result.files.find((file) => file.path === "status");
    expect(status && text(status.bytes)).toMatch(/^Name:\s+\S+\n[^]*\nPid:/);
  });

  it("counts each file read, in order", async () => {
    const counts: number[] = [];
    const result = await readInput([tree], { onFileRead: (count) => counts.push(count) });
    if (!result.ok) throw new Error(result.error);
    // The absolute kubelet link is dangling here: six files, the last one read through a relative link.
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.files).toHaveLength(7);
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
