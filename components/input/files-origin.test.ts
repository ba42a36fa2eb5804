import { describe, expect, it } from "vitest";
import { filesOriginOf } from "./files-origin";
import { INITIAL_SOURCES, sourceActions, sourcesReducer, type SourcesState } from "./sources";

const file = { path: "pki/ca.crt", bytes: new ArrayBuffer(1) };
const after = (...actions: Parameters<typeof sourcesReducer>[1][]): SourcesState =>
  actions.reduce(sourcesReducer, INITIAL_SOURCES);

describe("filesOriginOf", () => {
  it.each([
    { name: "nothing loaded", state: after(), want: "drop" },
    { name: "the demo", state: after(sourceActions.loadDemo([file], "2026-06-01")), want: "demo" },
    {
      name: "the demo regenerated healthy",
      state: after(sourceActions.loadScenario([file], "2026-06-01", "Healthy", "healthy")),
      want: "demo",
    },
    {
      name: "a break-it scenario",
      state: after(sourceActions.loadScenario([file], "2026-06-01", "Key mismatch", "key-mismatch")),
      want: "scenario",
    },
    { name: "a person's drop", state: after(sourceActions.addUser("pki", [file])), want: "drop" },
    {
      name: "a person's drop after the demo",
      state: after(sourceActions.loadDemo([file], "2026-06-01"), sourceActions.addUser("pki", [file])),
      want: "drop",
    },
  ])("$name: $want", ({ state, want }) => {
    expect(filesOriginOf(state)).toBe(want);
  });
});
