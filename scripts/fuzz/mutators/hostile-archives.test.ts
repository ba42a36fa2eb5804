import { gunzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { readTar } from "../../../lib/ingest/read-tar";
import { readZip } from "../../../lib/ingest/read-zip";
import { type ArchiveEntry, buildTar, buildTarGz, buildZip } from "./hostile-archives";
import { utf8 } from "./mutator";

const ENTRIES: ArchiveEntry[] = [
  { path: "etc/kubernetes/pki/ca.crt", type: "file", bytes: utf8("ca") },
  { path: "../../etc/passwd", type: "file", bytes: utf8("root:x:0:0") },
  { path: "/etc/shadow", type: "file", bytes: utf8("shadow") },
  { path: "out", type: "symlink", bytes: new Uint8Array(), linkTarget: "/etc/shadow" },
  { path: "loop/a", type: "symlink", bytes: new Uint8Array(), linkTarget: "b" },
  { path: "loop/b", type: "symlink", bytes: new Uint8Array(), linkTarget: "a" },
  { path: "hard", type: "hardlink", bytes: new Uint8Array(), linkTarget: "missing" },
  { path: "etc/kubernetes/pki/ca.crt", type: "file", bytes: utf8("duplicate") },
];

const shape = (entry: { path: string; type: string; linkTarget?: string }) =>
  `${entry.type} ${entry.path}${entry.linkTarget !== undefined ? ` -> ${entry.linkTarget}` : ""}`;

describe("hostile archives", () => {
  it("writes a tar that lib/ingest reads back entry for entry, links, odd names and duplicates included", () => {
    for (const tar of [buildTar(ENTRIES), gunzipSync(buildTarGz(ENTRIES))]) {
      const { entries, problems } = readTar(tar);
      expect(problems).toEqual([]);
      expect(entries.map(shape)).toEqual(ENTRIES.map(shape));
      expect(new TextDecoder().decode(entries[7]?.bytes)).toBe("duplicate");
    }
  });

  it("writes a zip whose symlinks carry the Unix link mode and whose files keep their bytes", () => {
    const { entries, problems } = readZip(buildZip(ENTRIES), () => undefined);
    expect(problems).toEqual([]);
    const links = entries.filter((entry) => entry.type === "symlink").map((entry) => entry.name);
    expect(links.sort()).toEqual(["hard", "loop/a", "loop/b", "out"]);
    const text = (name: string) =>
      entries.filter((entry) => entry.name === name).map((entry) => new TextDecoder().decode(entry.bytes));
    expect(text("/etc/shadow")).toEqual(["shadow"]);
    expect(text("loop/a")).toEqual(["b"]);
    // This writer names an entry once: the later duplicate wins (read-zip.test.ts writes both).
    expect(text("etc/kubernetes/pki/ca.crt")).toEqual(["duplicate"]);
  });
});
