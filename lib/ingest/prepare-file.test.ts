import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { FIXTURE_NOW, SAMPLE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { prepareFile } from "./prepare-file";
import type { InputFile } from "../inventory";

const FIXTURES = join(__dirname, "../../e2e/fixtures");

/** Every fixture tree with the instant its golden report is judged at. */
function trees(): { name: string; dir: string; now: string }[] {
  const under = (folder: string) =>
    readdirSync(join(FIXTURES, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => ({
        name: `${folder}/${name}`,
        dir: join(FIXTURES, folder, name),
        now: FIXTURE_NOW,
      }));
  return [
    { name: "healthy", dir: fixtureDir("healthy"), now: FIXTURE_NOW },
    { name: "kubectl-dumps", dir: join(FIXTURES, "kubectl-dumps"), now: FIXTURE_NOW },
    { name: "kubeadm-v1.20", dir: fixtureDir("kubeadm-v1.20"), now: SAMPLE_NOW },
    ...under("faults"),
    ...under("layouts"),
  ];
}

/** The files with their preparation attached after a trip through the structured clone. */
function prepared(files: InputFile[]): InputFile[] {
  return files.map((file) => {
    const ahead = prepareFile(file);
    return ahead ? { ...file, prepared: structuredClone(ahead) } : file;
  });
}

describe("prepareFile", () => {
  it.each(trees())("leaves the report of $name exactly as it was", async ({ dir, now }) => {
    const files = readTree(dir);
    const expected = await analyze(files, { now });
    expect(await analyze(prepared(readTree(dir)), { now })).toStrictEqual(expected);
  });

  it("prepares PEM and YAML and leaves archives, binary and empty files to ingest", () => {
    const text = (value: string) => ({ bytes: new TextEncoder().encode(value) });
    const pem = readTree(fixtureDir("healthy")).find((file) => file.path.endsWith("pki/ca.crt"));
    if (!pem) throw new Error("no ca.crt");
    const ca = prepareFile(pem);
    expect(ca?.blocks?.[0]?.outcome).toMatchObject({
      item: { kind: "certificate", read: { record: { ok: true } } },
    });
    expect(prepareFile(text("kind: Config\nusers: []\n"))?.documents).toEqual({
      ok: true,
      value: [{ kind: "Config", users: [] }],
    });
    // A kubectl dump is cut into objects while it is read, never parsed whole ahead.
    expect(prepareFile(text("apiVersion: v1\nitems: []\nkind: List\n"))).toEqual({
      text: "apiVersion: v1\nitems: []\nkind: List\n",
    });
    expect(prepareFile({ bytes: new Uint8Array([0x1f, 0x8b, 8, 0]) })).toBeUndefined();
    expect(prepareFile({ bytes: new Uint8Array([0, 1, 2, 0xff, 0xfe]) })).toBeUndefined();
    expect(prepareFile({ bytes: new Uint8Array() })).toBeUndefined();
  });
});
