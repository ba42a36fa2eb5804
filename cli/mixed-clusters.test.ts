import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../lib/test-support/fixtures";
import { mixedClusterNotes } from "./mixed-clusters";
import { readInput } from "./read-input";

async function notesFor(...dirs: string[]): Promise<string[]> {
  const input = await readInput(dirs.map((dir) => join(FIXTURES, dir)));
  if (!input.ok) throw new Error(input.error);
  return mixedClusterNotes(input.files, input.names);
}

describe("mixedClusterNotes", () => {
  it("nodes of one cluster: no note", async () => {
    expect(await notesFor("layouts/kind-ha/kind-control-plane", "layouts/kind-ha/kind-worker")).toEqual([]);
  });

  it("another cluster among the arguments is named, with those it shares no CA key with", async () => {
    expect(
      await notesFor("layouts/kind-ha/kind-control-plane", "layouts/kind-ha/kind-worker", "kubeadm-v1.20"),
    ).toEqual([
      "'kubeadm-v1.20' shares no CA key with 'kind-control-plane', 'kind-worker': they look like different clusters, judged here as one (audit them separately to keep their findings apart)",
    ]);
  });
});
