/**
 * What crosses to the Worker: a file the page did not read crosses as an unreadable stand-in and is
 * named in the report; an archive crosses as bytes and meets the same budgets as on the command line.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { createRequestHandler } from "./handle-request";
import type { AnalysisFile, AnalysisResponse } from "./protocol";
import type { Report } from "../report";

function healthyFiles(): AnalysisFile[] {
  return readTree(fixtureDir("healthy")).map((f) => ({ path: f.path, bytes: f.bytes.slice().buffer }));
}

/** 64 MiB of zeros gzipped by the gzip command: a 64 KiB decompression bomb. */
function bomb(): AnalysisFile {
  const bytes = new Uint8Array(
    execFileSync("gzip", ["-9", "-c", "-n"], { input: new Uint8Array(64 * 1024 * 1024) }),
  );
  return { path: "backup/zeros.gz", bytes: bytes.buffer };
}

async function analyzed(files: AnalysisFile[]): Promise<Report> {
  const posted: AnalysisResponse[] = [];
  await createRequestHandler(globalThis.crypto)(
    { type: "analyze", id: 1, files, now: FIXTURE_NOW, warnDays: 30 },
    (response) => posted.push(response),
  );
  const result = posted.find((r) => r.type === "result");
  if (result?.type !== "result") throw new Error(JSON.stringify(posted.filter((r) => r.type === "error")));
  return result.report;
}

describe("unread inputs across the Worker boundary", () => {
  it.each([
    {
      name: "a file over the per-file limit",
      extra: (): AnalysisFile => ({
        path: "dump.img",
        bytes: new ArrayBuffer(0),
        unreadable: "larger than 64 MiB (200 MiB)",
        unreadKind: "limit",
      }),
      want: { path: "dump.img", reason: "larger than 64 MiB (200 MiB)", kind: "limit" },
    },
    {
      name: "a file the browser could not read",
      extra: (): AnalysisFile => ({
        path: "pki/sa.key",
        bytes: new ArrayBuffer(0),
        unreadable: "NotReadableError",
      }),
      want: { path: "pki/sa.key", reason: "NotReadableError", kind: "unreadable" },
    },
    {
      name: "a gzip bomb, stopped by the archive budget in the Worker",
      extra: bomb,
      want: { path: "backup/zeros.gz", reason: expect.stringMatching(/a decompression bomb/), kind: "limit" },
    },
  ])("$name is named in the report, beside the node read in full", async ({ extra, want }) => {
    const alone = await analyzed(healthyFiles());
    const report = await analyzed([...healthyFiles(), extra()]);
    expect(report.inputs.unread).toEqual([want]);
    expect(report.findings.filter((f) => f.code === "INPUT_SKIPPED")).toMatchObject([
      { severity: "warning", files: [want.path] },
    ]);
    expect(report.inputs.files).toBe(alone.inputs.files);
    expect(report.summary.status).toBe("warning");
  });
});
