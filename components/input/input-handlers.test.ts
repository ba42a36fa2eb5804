import { describe, expect, it } from "vitest";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { deliverPicked } from "./input-handlers";
import type { PickedFile, ReadProblem } from "./picked-file";

/** What `deliverPicked` hands to `onFiles`, once. */
async function deliver(picked: PickedFile[], earlier: ReadProblem[]) {
  const calls: { files: AnalysisFile[]; label: string; problems: ReadProblem[] }[] = [];
  await deliverPicked(picked, earlier, {
    onFiles: (files, label, problems) => calls.push({ files, label, problems }),
  });
  return calls;
}

describe("deliverPicked", () => {
  it("hands entries a drop could not open to the analysis as unreadable stand-ins, named like the files", async () => {
    const calls = await deliver(
      [{ path: "node/pki/ca.crt", file: new Blob(["ca"]) }],
      [{ path: "node/pki/sa.key", reason: "could not be opened: NotReadableError" }],
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.label).toBe("node");
    expect(calls[0]?.files.map((f) => [f.path, f.unreadable, f.bytes.byteLength])).toEqual([
      ["pki/ca.crt", undefined, 2],
      ["pki/sa.key", "could not be opened: NotReadableError", 0],
    ]);
    expect(calls[0]?.problems).toEqual([
      { path: "pki/sa.key", reason: "could not be opened: NotReadableError" },
    ]);
  });

  it("still hands over a drop whose only entry could not be opened, so the report says so", async () => {
    const calls = await deliver(
      [],
      [{ path: "locked.key", reason: "could not be opened: NotReadableError" }],
    );
    expect(calls[0]?.files.map((f) => f.unreadable)).toEqual(["could not be opened: NotReadableError"]);
  });

  it("hands nothing over for an empty selection", async () => {
    expect(await deliver([], [])).toEqual([]);
  });
});
