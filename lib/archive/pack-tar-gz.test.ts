import { describe, expect, it } from "vitest";

import { DEFAULT_ARCHIVE_LIMITS } from "../ingest/archive-limits";
import { archiveKind } from "../ingest/archive-kind";
import { expandArchives } from "../ingest/expand-archives";
import { generateScenario } from "../scenarios/generate-scenario";
import { REPO_ROOT, readTree } from "../test-support/fixtures";
import { packTarGz } from "./pack-tar-gz";

const demoFiles = readTree(`${REPO_ROOT}/e2e/fixtures/demo`);

describe("packTarGz", () => {
  it("round-trips a generated scenario through ingest's own archive reader", async () => {
    const files = await generateScenario("bootstrap-token-left", {
      crypto: globalThis.crypto,
      keyFiles: demoFiles,
    });
    const archive = packTarGz(files);
    expect(archiveKind(archive)).toBe("gzip");
    const expanded = expandArchives([{ path: "lab.tar.gz", bytes: archive }], DEFAULT_ARCHIVE_LIMITS);
    expect(expanded.problems).toEqual([]);
    expect(expanded.files.map((file) => ({ path: file.path, bytes: file.bytes }))).toEqual(
      files.map((file) => ({ path: file.path, bytes: file.bytes })),
    );
  });

  it("gives the same bytes for the same files in any order", () => {
    const files = demoFiles.slice(0, 6);
    const packed = packTarGz(files);
    expect(Buffer.from(packTarGz([...files].reverse())).equals(Buffer.from(packed))).toBe(true);
    expect(Buffer.from(packTarGz(files.slice(1))).equals(Buffer.from(packed))).toBe(false);
  });

  it("writes no timestamp into the gzip header", () => {
    const archive = packTarGz(demoFiles.slice(0, 2));
    expect([...archive.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
  });
});
