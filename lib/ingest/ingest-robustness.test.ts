/** Ingest never throws: damaged copies of real files become problems or skips. */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import type { InputFile } from "../inventory";
import { readBytes, readTree, SAMPLE_DIR, tempDir } from "../test-support/pki-material";

/** A small deterministic generator (LCG), so a failure reproduces. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function damage(file: InputFile, random: () => number): InputFile {
  const bytes = Uint8Array.from(file.bytes);
  const mode = Math.floor(random() * 3);
  if (mode === 0) return { path: file.path, bytes: bytes.subarray(0, Math.floor(random() * bytes.length)) };
  const flips = 1 + Math.floor(random() * 8);
  for (let i = 0; i < flips; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
  if (mode === 1) return { path: file.path, bytes };
  return { path: file.path, bytes: bytes.subarray(Math.floor(random() * 40)) };
}

describe("ingest robustness", () => {
  it("survives truncated and bit-flipped copies of every sample file and of a tgz", async () => {
    const dir = tempDir();
    execFileSync("tar", ["-czf", `${dir}/s.tgz`, "-C", SAMPLE_DIR, "."]);
    const originals = [...readTree(SAMPLE_DIR), { path: "s.tgz", bytes: readBytes(dir, "s.tgz") }];
    const random = lcg(20261122);
    for (let round = 0; round < 12; round++) {
      const files = originals.map((file) => damage(file, random));
      const inv = await ingest(files, { crypto: globalThis.crypto });
      expect(inv.fileCount).toBeGreaterThan(0);
      for (const problem of [...inv.problems, ...inv.skipped])
        expect(problem.reason.length).toBeGreaterThan(0);
    }
  });

  it("survives random bytes and random text", async () => {
    const random = lcg(7);
    const files: InputFile[] = [];
    for (let i = 0; i < 60; i++) {
      const bytes = new Uint8Array(Math.floor(random() * 600));
      const text = i % 2 === 0;
      for (let j = 0; j < bytes.length; j++)
        bytes[j] = text ? 32 + Math.floor(random() * 95) : Math.floor(random() * 256);
      if (i % 5 === 0) bytes[0] = 0x30;
      files.push({ path: `r/${i}${i % 3 === 0 ? ".crt" : ".yaml"}`, bytes });
    }
    const inv = await ingest(files, { crypto: globalThis.crypto });
    expect(inv.problems.length + inv.skipped.length).toBe(inv.fileCount);
  });
});
