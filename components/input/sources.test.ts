import { describe, expect, it } from "vitest";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import {
  filesForAnalysis,
  folderName,
  INITIAL_SOURCES,
  sourceActions,
  sourcesReducer,
  type SourcesAction,
  type SourcesState,
} from "./sources";
import { unreadFile } from "./read-files";

function file(path: string): AnalysisFile {
  return { path, bytes: new TextEncoder().encode(path).buffer };
}

const demoFiles = [file("control-1/etc/kubernetes/pki/ca.crt"), file("worker-1/etc/kubernetes/kubelet.conf")];
const nodeA = [file("pki/ca.crt"), file("admin.conf")];
const nodeB = [file("pki/ca.crt")];
const JUDGE = "2026-06-01T00:00:00Z";

function apply(actions: SourcesAction[]): SourcesState {
  return actions.reduce(sourcesReducer, INITIAL_SOURCES);
}

function summary(state: SourcesState) {
  return {
    sources: state.sources.map((s) => `${s.kind}:${s.label}:${s.fileCount}`),
    judgeAt: state.judgeAt ?? null,
    paths: filesForAnalysis(state).map((f) => f.path),
  };
}

describe("sourcesReducer and filesForAnalysis", () => {
  it.each<{ name: string; actions: SourcesAction[]; want: ReturnType<typeof summary> }>([
    { name: "nothing loaded", actions: [], want: { sources: [], judgeAt: null, paths: [] } },
    {
      name: "the demo alone keeps its paths and its judge date",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE)],
      want: {
        sources: ["demo:Demo cluster (sample data):2"],
        judgeAt: JUDGE,
        paths: ["control-1/etc/kubernetes/pki/ca.crt", "worker-1/etc/kubernetes/kubelet.conf"],
      },
    },
    {
      name: "the first user source replaces the demo and its judge date",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE), sourceActions.addUser("node-a", nodeA)],
      want: { sources: ["user:node-a:2"], judgeAt: null, paths: ["pki/ca.crt", "admin.conf"] },
    },
    {
      name: "a scenario loads like the demo and says which it is; a drop ends it",
      actions: [
        sourceActions.loadScenario(demoFiles, JUDGE, "Scenario: key-mismatch", "key-mismatch"),
        sourceActions.addUser("node-a", nodeA),
      ],
      want: { sources: ["user:node-a:2"], judgeAt: null, paths: ["pki/ca.crt", "admin.conf"] },
    },
    {
      name: "another cluster replaces every loaded source",
      actions: [
        sourceActions.addUser("node-a", nodeA),
        sourceActions.addUser("node-b", nodeB),
        sourceActions.replaceWithUser("other", nodeB),
      ],
      want: { sources: ["user:other:1"], judgeAt: null, paths: ["pki/ca.crt"] },
    },
    {
      name: "another cluster replaces the demo and its judge date",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE), sourceActions.replaceWithUser("other", nodeA)],
      want: { sources: ["user:other:2"], judgeAt: null, paths: ["pki/ca.crt", "admin.conf"] },
    },
    {
      name: "later user sources add, each under its own folder",
      actions: [sourceActions.addUser("node-a", nodeA), sourceActions.addUser("node-b", nodeB)],
      want: {
        sources: ["user:node-a:2", "user:node-b:1"],
        judgeAt: null,
        paths: ["node-a/pki/ca.crt", "node-a/admin.conf", "node-b/pki/ca.crt"],
      },
    },
    {
      name: "two sources with the same label get unique folders",
      actions: [sourceActions.addUser("node-a", nodeA), sourceActions.addUser("node-a", nodeB)],
      want: {
        sources: ["user:node-a:2", "user:node-a:1"],
        judgeAt: null,
        paths: ["node-a/pki/ca.crt", "node-a/admin.conf", "node-a-2/pki/ca.crt"],
      },
    },
    {
      name: "loading the demo replaces every user source",
      actions: [
        sourceActions.addUser("node-a", nodeA),
        sourceActions.addUser("node-b", nodeB),
        sourceActions.loadDemo(demoFiles, JUDGE, "Demo"),
      ],
      want: {
        sources: ["demo:Demo:2"],
        judgeAt: JUDGE,
        paths: ["control-1/etc/kubernetes/pki/ca.crt", "worker-1/etc/kubernetes/kubelet.conf"],
      },
    },
    {
      name: "removing one of two leaves the other with its own paths",
      actions: [
        sourceActions.addUser("node-a", nodeA),
        sourceActions.addUser("node-b", nodeB),
        sourceActions.remove("source-1"),
      ],
      want: { sources: ["user:node-b:1"], judgeAt: null, paths: ["pki/ca.crt"] },
    },
    {
      name: "removing the demo drops its judge date",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE), sourceActions.remove("source-1")],
      want: { sources: [], judgeAt: null, paths: [] },
    },
    {
      name: "removing an unknown id changes nothing",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE), sourceActions.remove("source-9")],
      want: {
        sources: ["demo:Demo cluster (sample data):2"],
        judgeAt: JUDGE,
        paths: ["control-1/etc/kubernetes/pki/ca.crt", "worker-1/etc/kubernetes/kubelet.conf"],
      },
    },
    {
      name: "clear empties everything",
      actions: [sourceActions.loadDemo(demoFiles, JUDGE), sourceActions.clear()],
      want: { sources: [], judgeAt: null, paths: [] },
    },
    {
      name: "labels that are not folder names are made into one",
      actions: [sourceActions.addUser("3 files", nodeB), sourceActions.addUser("/etc/kubernetes", nodeB)],
      want: {
        sources: ["user:3 files:1", "user:/etc/kubernetes:1"],
        judgeAt: null,
        paths: ["3-files/pki/ca.crt", "etc-kubernetes/pki/ca.crt"],
      },
    },
  ])("$name", ({ actions, want }) => {
    expect(summary(apply(actions))).toEqual(want);
  });

  it("never reuses a removed source's id", () => {
    const state = apply([
      sourceActions.addUser("a", nodeA),
      sourceActions.remove("source-1"),
      sourceActions.addUser("b", nodeB),
    ]);
    expect(state.sources.map((s) => s.id)).toEqual(["source-2"]);
  });

  it("shares the bytes instead of copying them", () => {
    const state = apply([sourceActions.addUser("a", nodeA), sourceActions.addUser("b", nodeB)]);
    expect(filesForAnalysis(state)[0]?.bytes).toBe(nodeA[0]?.bytes);
  });

  it("keeps a file that was not read named as such under its source's folder", () => {
    const skipped = unreadFile("dump.img", "larger than 64 MiB (200 MiB)", "limit");
    const state = apply([sourceActions.addUser("a", [...nodeA, skipped]), sourceActions.addUser("b", nodeB)]);
    expect(filesForAnalysis(state).find((f) => f.path === "a/dump.img")).toEqual({
      ...skipped,
      path: "a/dump.img",
    });
  });
});

describe("folderName", () => {
  it.each([
    ["node-a", "node-a"],
    ["etc-kubernetes", "etc-kubernetes"],
    ["/etc/kubernetes", "etc-kubernetes"],
    ["My Cluster (prod)", "My-Cluster-prod"],
    ["..", "source"],
    ["", "source"],
    ["ca.crt", "ca.crt"],
  ])("%j → %j", (label, want) => {
    expect(folderName(label)).toBe(want);
  });
});

describe("the loaded scenario", () => {
  it("is named while its files are loaded, and gone with the plain demo or a drop", () => {
    const scenario = apply([sourceActions.loadScenario(demoFiles, JUDGE, "Scenario", "key-mismatch")]);
    expect(scenario.scenario).toBe("key-mismatch");
    expect(scenario.judgeAt).toBe(JUDGE);
    expect(sourcesReducer(scenario, sourceActions.loadDemo(demoFiles, JUDGE)).scenario).toBeUndefined();
    expect(sourcesReducer(scenario, sourceActions.addUser("node-a", nodeA)).scenario).toBeUndefined();
  });
});
