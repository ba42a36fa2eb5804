import { gunzipSync, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { readTar } from "../../../lib/ingest/read-tar";
import { zipSymlinkNames } from "../../../lib/ingest/zip-symlinks";
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
    const zip = buildZip(ENTRIES);
    expect([...zipSymlinkNames(zip)].sort()).toEqual(["hard", "loop/a", "loop/b", "out"]);
    const contents = unzipSync(zip);
    expect(new TextDecoder().decode(contents["/etc/shadow"])).toBe("shadow");
    expect(new TextDecoder().decode(contents["loop/a"])).toBe("b");
    // A zip names an entry once: the later duplicate wins.
    expect(new TextDecoder().decode(contents["etc/kubernetes/pki/ca.crt"])).toBe("duplicate");
  });
});
