import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from "./archive-limits";
import { expandArchives } from "./expand-archives";
import { writeTar } from "../archive/write-tar";
import type { InputFile } from "../inventory";
import { readBytes, sampleFile, tempDir, utf8 } from "../test-support/pki-material";

const limits = (overrides: Partial<ArchiveLimits> = {}): ArchiveLimits => ({
  ...DEFAULT_ARCHIVE_LIMITS,
  ...overrides,
});
const ca = sampleFile("pki/ca.crt").bytes;
const KUBELET_PEM = "var/lib/kubelet/pki/kubelet-client-2024-01-01-00-00-00.pem";
const LONG_DIR = `etc/${"d".repeat(60)}/${"e".repeat(60)}`;

function tar(dir: string, out: string, args: string[]): Uint8Array {
  execFileSync("tar", [...args, "-f", out, "-C", join(dir, "src"), "."], { cwd: dir });
  return readBytes(dir, out);
}

describe("expandArchives", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    const src = join(dir, "src");
    mkdirSync(join(src, "etc/kubernetes/pki"), { recursive: true });
    mkdirSync(join(src, "var/lib/kubelet/pki"), { recursive: true });
    mkdirSync(join(src, LONG_DIR), { recursive: true });
    writeFileSync(join(src, "etc/kubernetes/pki/ca.crt"), ca);
    writeFileSync(join(src, KUBELET_PEM), "kubelet pem");
    writeFileSync(join(src, LONG_DIR, "long-name.crt"), "long");
    symlinkSync(
      "kubelet-client-2024-01-01-00-00-00.pem",
      join(src, "var/lib/kubelet/pki/kubelet-client-current.pem"),
    );
    symlinkSync("/etc/kubernetes/pki/ca.crt", join(src, "etc/kubernetes/ca-link.crt"));
    symlinkSync("/nowhere/x.crt", join(src, "etc/kubernetes/dangling.crt"));
  });

  it("expands a tgz given alone without prefix, resolving relative and absolute symlinks", () => {
    const tgz = tar(dir, "node.tgz", ["-cz"]);
    const out = expandArchives([{ path: "node.tgz", bytes: tgz }], limits());
    const paths = out.files.map((f) => f.path).sort();
    expect(paths).toEqual(
      [
        "etc/kubernetes/ca-link.crt",
        "etc/kubernetes/pki/ca.crt",
        `${LONG_DIR}/long-name.crt`,
        KUBELET_PEM,
        "var/lib/kubelet/pki/kubelet-client-current.pem",
      ].sort(),
    );
    expect(out.links).toEqual({
      "var/lib/kubelet/pki/kubelet-client-current.pem": KUBELET_PEM,
      "etc/kubernetes/ca-link.crt": "etc/kubernetes/pki/ca.crt",
      "etc/kubernetes/dangling.crt": "/nowhere/x.crt",
    });
    const link = out.files.find((f) => f.path === "etc/kubernetes/ca-link.crt");
    expect(link?.bytes).toEqual(ca);
    expect(out.problems).toEqual([]);
    // Named, never dropped in silence; an absolute target beyond the archive is left alone.
    expect(out.unread).toEqual([
      {
        path: "etc/kubernetes/dangling.crt",
        reason: "points outside the archive (/nowhere/x.crt): not followed",
        kind: "outside",
      },
    ]);
  });

  // A node that keeps its PKI on another disk links folders absolutely; its archive (the collector
  // puts every entry under `<host>/`) holds both the links and what they lead to.
  describe("absolute links read from the node's root", () => {
    let node: string;
    beforeAll(() => {
      node = join(dir, "linked");
      const host = join(node, "src/node1");
      mkdirSync(join(host, "data/pki"), { recursive: true });
      mkdirSync(join(host, "data/kubelet/pki"), { recursive: true });
      mkdirSync(join(host, "etc/kubernetes"), { recursive: true });
      mkdirSync(join(host, "var/lib"), { recursive: true });
      writeFileSync(join(host, "data/pki/ca.crt"), ca);
      writeFileSync(join(host, "data/kubelet/pki/kubelet-client-2024-01-01-00-00-00.pem"), "kubelet pem");
      symlinkSync("/data/pki", join(host, "etc/kubernetes/pki"));
      symlinkSync("/data/kubelet", join(host, "var/lib/kubelet"));
      // As the kubelet writes it: the absolute path through the linked folder.
      symlinkSync(
        "/var/lib/kubelet/pki/kubelet-client-2024-01-01-00-00-00.pem",
        join(host, "data/kubelet/pki/kubelet-client-current.pem"),
      );
      symlinkSync("/data/etcd-pki", join(host, "etc/kubernetes/etcd-pki"));
    });

    it.each([
      { name: "a folder link under the host folder", link: "node1/etc/kubernetes/pki", to: "node1/data/pki" },
      {
        name: "a folder link to a folder of folders",
        link: "node1/var/lib/kubelet",
        to: "node1/data/kubelet",
      },
      {
        name: "a file link through a linked folder",
        link: "node1/data/kubelet/pki/kubelet-client-current.pem",
        to: "node1/data/kubelet/pki/kubelet-client-2024-01-01-00-00-00.pem",
      },
    ])("$name leads into the archive", ({ link, to }) => {
      const out = expandArchives([{ path: "node1.tgz", bytes: tar(node, "node1.tgz", ["-cz"]) }], limits());
      expect(out.links[link]).toBe(to);
      expect(out.unread.map((input) => input.path)).not.toContain(link);
    });

    it("names only the link whose folder is not in the archive, as left outside, not as a loss", () => {
      const out = expandArchives([{ path: "node1.tgz", bytes: tar(node, "node1.tgz", ["-cz"]) }], limits());
      expect(out.unread).toEqual([
        {
          path: "node1/etc/kubernetes/etcd-pki",
          reason: "points outside the archive (/data/etcd-pki): not followed",
          kind: "outside",
        },
      ]);
      expect(
        out.files.find((f) => f.path === "node1/data/kubelet/pki/kubelet-client-current.pem")?.bytes,
      ).toEqual(utf8("kubelet pem"));
    });
  });

  it("prefixes entries with the archive path when other files were dropped too", () => {
    const tgz = tar(dir, "node2.tgz", ["-cz"]);
    const out = expandArchives(
      [
        { path: "backup/node.tgz", bytes: tgz },
        { path: "README", bytes: utf8("x") },
      ],
      limits(),
    );
    expect(out.files.map((f) => f.path)).toContain("backup/node.tgz/etc/kubernetes/pki/ca.crt");
    expect(out.files.map((f) => f.path)).toContain("README");
    expect(out.links["backup/node.tgz/etc/kubernetes/ca-link.crt"]).toBe(
      "backup/node.tgz/etc/kubernetes/pki/ca.crt",
    );
  });

  it.each(["gnu", "oldgnu", "pax", "ustar"])("reads long names in %s tar format", (format) => {
    const bytes = tar(dir, `t-${format}.tar`, ["-c", `--format=${format}`]);
    const out = expandArchives([{ path: "t.tar", bytes }], limits());
    expect(out.files.map((f) => f.path)).toContain(`${LONG_DIR}/long-name.crt`);
    expect(out.files.find((f) => f.path === "etc/kubernetes/pki/ca.crt")?.bytes).toEqual(ca);
    expect(out.problems).toEqual([]);
  });

  it("expands zip archives and archives nested in archives", () => {
    const inner = zipSync({ "certs/": new Uint8Array(0), "certs/a.crt": ca });
    const outer = gzipSync(zipToTar({ "inner.zip": inner, "notes.txt": utf8("n") }));
    const out = expandArchives([{ path: "outer.tgz", bytes: outer }], limits());
    expect(out.files.map((f) => f.path).sort()).toEqual(["inner.zip/certs/a.crt", "notes.txt"]);
  });

  it("expands a zip made by the zip command", () => {
    execFileSync("zip", ["-qr", "../n.zip", "."], { cwd: join(dir, "src") });
    const out = expandArchives([{ path: "n.zip", bytes: readBytes(dir, "n.zip") }], limits());
    expect(out.files.map((f) => f.path)).toContain("etc/kubernetes/pki/ca.crt");
  });

  it("reads the links of a `zip -y` archive as links and resolves them like tar's", () => {
    execFileSync("zip", ["-qry", "../links.zip", "."], { cwd: join(dir, "src") });
    const out = expandArchives([{ path: "links.zip", bytes: readBytes(dir, "links.zip") }], limits());
    expect(out.links).toEqual({
      "var/lib/kubelet/pki/kubelet-client-current.pem": KUBELET_PEM,
      "etc/kubernetes/ca-link.crt": "etc/kubernetes/pki/ca.crt",
      "etc/kubernetes/dangling.crt": "/nowhere/x.crt",
    });
    const current = out.files.find((f) => f.path === "var/lib/kubelet/pki/kubelet-client-current.pem");
    expect(current?.bytes).toEqual(utf8("kubelet pem"));
    expect(out.files.find((f) => f.path === "etc/kubernetes/ca-link.crt")?.bytes).toEqual(ca);
    expect(out.files.map((f) => f.path)).not.toContain("etc/kubernetes/dangling.crt");
    expect(out.unread.map((u) => [u.path, u.kind])).toEqual([["etc/kubernetes/dangling.crt", "outside"]]);
    expect(out.problems).toEqual([]);
  });

  it("gunzips a single gzip file to the name without .gz", () => {
    const out = expandArchives(
      [
        { path: "x/ca.crt.gz", bytes: gzipSync(ca) },
        { path: "y", bytes: utf8("y") },
      ],
      limits(),
    );
    expect(out.files.map((f) => f.path)).toEqual(["x/ca.crt", "y"]);
    expect(out.files[0]?.bytes).toEqual(ca);
  });

  const limitCases: {
    name: string;
    files: () => InputFile[];
    limits: Partial<ArchiveLimits>;
    unread: { path: string; reason: RegExp }[];
    kept: number;
  }[] = [
    {
      name: "depth",
      files: () => [
        {
          path: "l1.zip",
          bytes: zipSync({
            "l2.zip": zipSync({ "l3.zip": zipSync({ "l4.zip": zipSync({ "a.crt": ca }) }) }),
          }),
        },
      ],
      limits: {},
      unread: [
        { path: "l2.zip/l3.zip/l4.zip", reason: /nested more than 3 levels deep \(the depth limit\)/ },
      ],
      kept: 0,
    },
    {
      name: "entry count per archive",
      files: () => [{ path: "a.zip", bytes: zipSync({ "1": ca, "2": ca, "3": ca }) }],
      limits: { maxArchiveEntries: 2 },
      unread: [
        {
          path: "a.zip",
          reason: /^a\.zip has more than 2 entries \(the limit per archive\): 1 entry not read \(3\)$/,
        },
      ],
      kept: 2,
    },
    {
      name: "entry count per drop",
      files: () => [
        { path: "a.zip", bytes: zipSync({ "1": ca, "2": ca }) },
        { path: "b.zip", bytes: zipSync({ "1": ca, "2": ca }) },
        { path: "c.zip", bytes: zipSync({ "1": ca }) },
      ],
      limits: { maxEntries: 3 },
      unread: [
        { path: "b.zip", reason: /more than 3 entries \(the limit per drop\): 1 entry not read \(2\)$/ },
        {
          path: "c.zip",
          reason: /^not expanded: the archives before it used up the limit of 3 entries per drop$/,
        },
      ],
      kept: 3,
    },
    {
      name: "entry size",
      files: () => [{ path: "a.zip", bytes: zipSync({ small: utf8("s"), big: new Uint8Array(2048) }) }],
      limits: { maxEntryBytes: 1024 },
      unread: [
        { path: "big", reason: /^2 KiB, over the limit of 1 KiB per archive entry \(in a\.zip\): not read$/ },
      ],
      kept: 1,
    },
    {
      name: "total size (a gzip bomb stops while inflating)",
      files: () => [{ path: "bomb.gz", bytes: gzipSync(new Uint8Array(64 * 1024 * 1024)) }],
      limits: { maxTotalBytes: 1024 * 1024 },
      unread: [{ path: "bomb.gz", reason: /more than 1 MiB \(the limit per drop\): not read$/ }],
      kept: 0,
    },
  ];
  for (const c of limitCases) {
    it(`names what the ${c.name} limit kept out and keeps what was read`, () => {
      const out = expandArchives(c.files(), limits(c.limits));
      expect(out.unread).toEqual(
        c.unread.map(({ path, reason }) => ({ path, reason: expect.stringMatching(reason), kind: "limit" })),
      );
      expect(out.problems).toEqual([]);
      expect(out.files).toHaveLength(c.kept);
    });
  }

  it("reports corrupt gzip and truncated tar, keeping earlier entries", () => {
    const tgz = tar(dir, "c.tgz", ["-cz"]);
    const plainTar = tar(dir, "c.tar", ["-c"]);
    const out = expandArchives(
      [
        { path: "bad.tgz", bytes: tgz.subarray(0, tgz.length - 40) },
        { path: "cut.tar", bytes: plainTar.subarray(0, 5000) },
      ],
      limits(),
    );
    expect(out.problems.map((p) => `${p.path}: ${p.reason}`)).toEqual([
      expect.stringMatching(
        /^bad\.tgz: (corrupt gzip data|gzip data cut short).*: the entries before .* were read$/,
      ),
      expect.stringMatching(/^cut\.tar: tar archive cut short/),
    ]);
    expect(out.files.length).toBeGreaterThan(0);
  });

  it("a tarball cut short mid-stream: the files before the cut are read, the cut named", () => {
    const files = Array.from({ length: 40 }, (_, i) => ({
      path: `pki/f${i}.crt`,
      bytes: new TextEncoder().encode(`${i}:`.padEnd(3000, String.fromCharCode(65 + (i % 26)))),
    }));
    const tgz = gzipSync(writeTar(files), { level: 1 });
    const out = expandArchives(
      [{ path: "node.tgz", bytes: tgz.subarray(0, Math.floor(tgz.length / 2)) }],
      limits(),
    );
    expect(out.files.length).toBeGreaterThan(5);
    expect(out.files.length).toBeLessThan(40);
    expect(out.files.map((f) => f.path)).toEqual(files.slice(0, out.files.length).map((f) => f.path));
    for (const file of out.files) expect(file.bytes).toEqual(files.find((f) => f.path === file.path)?.bytes);
    const lost = files[out.files.length]?.path ?? "";
    expect(out.problems.map((p) => p.reason)).toEqual([
      `corrupt gzip data: unexpected EOF: the entries before ${lost} were read`,
    ]);
  });

  it("leaves non-archives alone", () => {
    const files = [{ path: "ca.crt", bytes: ca }];
    expect(expandArchives(files, limits())).toEqual({
      files,
      problems: [],
      unread: [],
      links: {},
      nameTexts: [],
    });
  });
});

/** A minimal ustar archive of regular files (for building nested archives in memory). */
function zipToTar(entries: Record<string, Uint8Array>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, data] of Object.entries(entries)) {
    const header = new Uint8Array(512);
    const put = (text: string, offset: number) => header.set(utf8(text), offset);
    put(name, 0);
    put("0000644\0", 100);
    put("0000000\0", 108);
    put("0000000\0", 116);
    put(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
    put("00000000000\0", 136);
    put("        ", 148);
    put("0", 156);
    put("ustar\0", 257);
    put("00", 263);
    const sum = header.reduce((a, b) => a + b, 0);
    put(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    blocks.push(header, data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let pos = 0;
  for (const b of blocks) {
    out.set(b, pos);
    pos += b.length;
  }
  return out;
}
