import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from "./archive-limits";
import { expandArchives } from "./expand-archives";
import { DropBudget } from "./expansion-budget";
import type { InputFile } from "../inventory";
import { readBytes, SAMPLE_DIR, tempDir } from "../test-support/pki-material";

const MiB = 1024 * 1024;

let dir: string;
/** Archives made by the real tar and gzip commands, by name. */
const made = new Map<string, Uint8Array>();

/** A `.tgz` of the folder `src` under `dir`, made with tar. */
function tgz(name: string, src: string): Uint8Array {
  execFileSync("tar", ["-czf", join(dir, name), "-C", join(dir, src), "."]);
  return readBytes(dir, name);
}

/** `size` bytes of zeros, gzipped by the gzip command: ~1000× smaller than it expands. */
function zeroBomb(size: number): Uint8Array {
  return new Uint8Array(
    execFileSync("gzip", ["-9", "-c", "-n"], { input: new Uint8Array(size), maxBuffer: 64 * MiB }),
  );
}

beforeAll(() => {
  dir = tempDir();
  // The committed kubeadm sample: a healthy node of 32 files.
  execFileSync("cp", ["-r", SAMPLE_DIR, join(dir, "node")]);
  made.set("node.tgz", tgz("node.tgz", "node"));
  // 12 MiB of base64 text in 300 files: past the ratio floor, compressing ~1.3× like PEM does.
  mkdirSync(join(dir, "big"));
  for (let i = 0; i < 300; i++)
    writeFileSync(join(dir, "big", `cert-${i}.pem`), randomBytes(30 * 1024).toString("base64"));
  made.set("big.tgz", tgz("big.tgz", "big"));
  made.set("bomb.gz", zeroBomb(64 * MiB));
  mkdirSync(join(dir, "zeros"));
  writeFileSync(join(dir, "zeros", "zeros.crt"), new Uint8Array(64 * MiB));
  made.set("bomb.tgz", tgz("bomb.tgz", "zeros"));
});

const archive = (name: string, path = name): InputFile => ({
  path,
  bytes: made.get(name) ?? new Uint8Array(),
});
const limits = (overrides: Partial<ArchiveLimits> = {}): ArchiveLimits => ({
  ...DEFAULT_ARCHIVE_LIMITS,
  ...overrides,
});
const entriesOf = (files: InputFile[], prefix: string) =>
  files.filter((f) => f.path.startsWith(prefix)).length;

describe("expandArchives budgets", () => {
  const cases: {
    name: string;
    inputs: () => InputFile[];
    limits?: Partial<ArchiveLimits>;
    unread: { path: string; reason: RegExp }[];
    read: Record<string, number>;
  }[] = [
    {
      name: "a gzip bomb stops at the ratio guard; the archive after it is read whole",
      inputs: () => [archive("bomb.gz", "a-bomb.gz"), archive("node.tgz")],
      unread: [
        {
          path: "a-bomb.gz",
          reason:
            /^a-bomb\.gz expands to more than 100 times its size past 8 MiB \(more than 8 MiB\): a decompression bomb/,
        },
      ],
      read: { "node.tgz/": 32 },
    },
    {
      name: "a .tgz bomb beside a healthy node",
      inputs: () => [archive("bomb.tgz", "backup.tgz"), archive("node.tgz", "node-a.tgz")],
      unread: [{ path: "backup.tgz", reason: /a decompression bomb, not PKI material: not read$/ }],
      read: { "node-a.tgz/": 32 },
    },
    {
      name: "the per-archive budget stops one archive, not the next",
      inputs: () => [archive("big.tgz"), archive("node.tgz")],
      limits: { maxArchiveBytes: 4 * MiB },
      unread: [
        {
          path: "big.tgz",
          reason: /^big\.tgz expands to more than 4 MiB \(the limit per archive\): not read$/,
        },
      ],
      read: { "node.tgz/": 32 },
    },
    {
      name: "every archive that no longer fits in the drop's budget is named; one that fits is read",
      inputs: () => [
        archive("node.tgz", "1-node.tgz"),
        archive("big.tgz", "2-big.tgz"),
        archive("big.tgz", "3-big.tgz"),
        archive("node.tgz", "4-node.tgz"),
      ],
      limits: { maxTotalBytes: 8 * MiB },
      unread: [
        {
          path: "2-big.tgz",
          reason: /^the archives of this drop expand to more than 8 MiB \(the limit per drop\): not read$/,
        },
        {
          path: "3-big.tgz",
          reason: /^the archives of this drop expand to more than 8 MiB \(the limit per drop\): not read$/,
        },
      ],
      read: { "1-node.tgz/": 32, "4-node.tgz/": 32 },
    },
    {
      name: "the ratio guard is measured against the dropped archive's own size",
      inputs: () => [archive("bomb.gz"), archive("node.tgz")],
      limits: { ratioFloorBytes: MiB, maxRatio: 10 },
      unread: [{ path: "bomb.gz", reason: /more than 10 times its size past 1 MiB \(more than 1 MiB\)/ }],
      read: { "node.tgz/": 32 },
    },
    {
      name: "a healthy archive past the ratio floor is read whole",
      inputs: () => [archive("big.tgz"), archive("node.tgz")],
      unread: [],
      read: { "big.tgz/": 300, "node.tgz/": 32 },
    },
  ];
  it.each(cases)("$name", ({ inputs, limits: overrides, unread, read }) => {
    const out = expandArchives(inputs(), limits(overrides));
    expect(out.unread).toEqual(
      unread.map(({ path, reason }) => ({ path, reason: expect.stringMatching(reason), kind: "limit" })),
    );
    expect(out.problems).toEqual([]);
    for (const [prefix, count] of Object.entries(read))
      expect(entriesOf(out.files, prefix), prefix).toBe(count);
    expect(out.files).toHaveLength(Object.values(read).reduce((a, b) => a + b, 0));
  });

  it("gives the same verdict whatever the order of the archives", () => {
    const forward = expandArchives([archive("bomb.gz"), archive("node.tgz")], limits());
    const backward = expandArchives([archive("node.tgz"), archive("bomb.gz")], limits());
    expect(backward.unread).toEqual(forward.unread);
    expect(backward.files.map((f) => f.path).sort()).toEqual(forward.files.map((f) => f.path).sort());
  });
});

describe("ArchiveBudget", () => {
  it("has no room left once a decompression stopped at it, so a later bomb stops at its first chunk", () => {
    const budget = new DropBudget(DEFAULT_ARCHIVE_LIMITS).archive("node.tar", 400_000);
    expect(budget.room().bytes).toBe(40_000_000);
    budget.spend(1_000_000);
    expect(budget.room().bytes).toBe(39_000_000);
    budget.exhaust();
    expect(budget.room()).toMatchObject({ bytes: 0, reason: expect.stringMatching(/decompression bomb/) });
    // Plain entries (tar views, no inflating) are still admitted.
    expect(budget.admit(2_000, false)).toBeUndefined();
  });
});
