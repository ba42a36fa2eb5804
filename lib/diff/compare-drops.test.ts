import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createRequestHandler } from "../bridge/handle-request";
import type { AnalysisResponse } from "../bridge/protocol";
import { readTree } from "../test-support/fixtures";

// The page's comparison, through the Worker's request handler (pure, run here in Node) on the
// committed snapshots a year apart.

const FIXTURES = resolve(import.meta.dirname, "..", "..", "e2e", "fixtures");
const archive = (name: string) => {
  const bytes = new Uint8Array(readFileSync(resolve(FIXTURES, "diff", name)));
  return [{ path: name, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }];
};

async function ask(oldFiles: ReturnType<typeof archive>, files: ReturnType<typeof archive>) {
  const answers: AnalysisResponse[] = [];
  const handle = createRequestHandler(globalThis.crypto);
  await handle(
    { type: "diff", id: 7, files, oldFiles, now: "2027-06-01T00:00:00Z", warnDays: 30 },
    (response) => answers.push(response),
  );
  return answers;
}

describe("the diff request", () => {
  it("judges the earlier snapshot at the collector's time and answers the diff with its Markdown", async () => {
    const [answer] = await ask(archive("2026-06-01.tgz"), archive("2027-06-01.tgz"));
    if (answer?.type !== "diff" || "refused" in answer.result) throw new Error(JSON.stringify(answer));
    expect(answer.id).toBe(7);
    expect(answer.result.old).toEqual({
      now: "2026-06-01T00:00:00.000Z",
      source: "the collector's list (when:)",
    });
    expect(answer.result.summary).toMatchObject({ reKeyed: 12, regressions: 3 });
    expect(answer.markdown).toContain("**Did not rotate**");
  });

  it("refuses a snapshot of another cluster", async () => {
    const folder = readTree(resolve(FIXTURES, "kubeadm-v1.20")).map((file) => ({
      path: file.path,
      bytes: file.bytes.slice().buffer,
    }));
    const [answer] = await ask(folder, archive("2027-06-01.tgz"));
    expect(answer?.type === "diff" && "refused" in answer.result && answer.result.refused).toMatch(
      /share no CA/,
    );
  });
});
