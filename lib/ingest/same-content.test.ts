import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import type { InputFile } from "../inventory";
import { ingest } from "./ingest";
import { prepareFile } from "./prepare-file";
import { SameContent } from "./same-content";

/** Each file again under `copy/`, with fresh bytes: what a second node of the same make holds. */
function twice(files: readonly InputFile[]): InputFile[] {
  return [
    ...files,
    ...files.map((file) => ({ path: `copy/${file.path}`, bytes: Uint8Array.from(file.bytes) })),
  ];
}

/** The files each prepared on its own, as the worker threads do: nothing shared between two files. */
function preparedApart(files: InputFile[]): InputFile[] {
  return files.map((file) => {
    const ahead = prepareFile(file);
    return ahead ? { ...file, prepared: structuredClone(ahead) } : file;
  });
}

describe("SameContent", () => {
  it.each(["healthy", "layouts/kind-ha", "layouts/k3s", "layouts/openshift"])(
    "a drop whose files repeat (%s twice) gives the report of each file read apart",
    async (name) => {
      const dir = fixtureDir(name);
      const files = twice(readTree(dir));
      const apart = await analyze(preparedApart(twice(readTree(dir))), { now: FIXTURE_NOW });
      expect(await analyze(files, { now: FIXTURE_NOW })).toStrictEqual(apart);
    },
  );

  it("reads a repeated content once and a distinct one anew, and remembers only the recent", () => {
    const memo = new SameContent();
    const text = (value: string) => new TextEncoder().encode(value);
    const first = memo.prepare(text("kind: Config\n"));
    expect(memo.prepare(text("kind: Config\n"))).toBe(first);
    expect(memo.prepare(text("kind: Pod\n"))).not.toBe(first);
    expect(memo.hits).toBe(1);
    for (let i = 0; i < 100; i++) memo.prepare(text(`n: ${i}\n`));
    expect(memo.prepare(text("kind: Config\n"))).not.toBe(first);
    expect(memo.prepare(new Uint8Array())).toBeUndefined();
  });

  it("keeps every source of a certificate whose file repeats on many nodes", async () => {
    const ca = readTree(fixtureDir("healthy")).find((file) => file.path.endsWith("pki/ca.crt"));
    if (!ca) throw new Error("no ca.crt");
    const files = Array.from({ length: 5 }, (_, i) => ({ path: `node-${i}/ca.crt`, bytes: ca.bytes }));
    const inventory = await ingest(files, { crypto: globalThis.crypto });
    expect(inventory.certificates).toHaveLength(1);
    expect(inventory.certificates[0]?.sources.map((s) => s.path)).toEqual(files.map((f) => f.path));
  });
});
