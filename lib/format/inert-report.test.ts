import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { hasHiddenCharacters, inertText } from "./inert-text";
import { inertReport } from "./inert-report";
import { sampleReport } from "./sample-report";

/** Every string anywhere in `value`. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(strings);
}

/** The sample report with its node `cp-1` renamed to `name` everywhere: ids, keys, paths, subjects. */
function renamed(name: string): Report {
  const json = JSON.stringify(sampleReport()).replaceAll("cp-1", JSON.stringify(name).slice(1, -1));
  return JSON.parse(json) as Report;
}

describe("inertReport", () => {
  it("returns a report without hidden characters as it is", () => {
    const report = sampleReport();
    expect(inertReport(report)).toBe(report);
  });

  const names = [
    ["clear screen", "cp\u001b[2J-1"],
    ["line break", "cp\r\n-1"],
    ["right-to-left override", "cp\u202e1-"],
    ["C1 CSI and NUL", "cp\u009b31m\u0000"],
  ];
  it.each(names)("%s in a node name: every string inert, every reference kept", (_name, node) => {
    const report = renamed(node);
    const before = structuredClone(report);
    const inert = inertReport(report);
    expect(strings(inert).filter(hasHiddenCharacters)).toEqual([]);
    expect(inert.cluster.nodes).toEqual([inertText(node)]);
    // Ids are rewritten alike, so the kubelet's relationship still names a component that exists.
    const kubelet = inert.components.find((component) => component.kind === "kubelet");
    expect(kubelet?.id).toBe(`kubelet:${inertText(node)}`);
    expect(inert.relationships.map((relationship) => relationship.server)).toContain(kubelet?.id);
    // The report itself is left as the input wrote it, and what needed no rewriting is shared.
    expect(report).toEqual(before);
    expect(inert.summary).toBe(report.summary);
    expect(inert.certificates[0]).toBe(report.certificates[0]);
  });

  it("walks a report once, and takes its own result as inert", () => {
    const report = renamed("cp\u001b]0;title\u0007");
    const inert = inertReport(report);
    expect(inertReport(report)).toBe(inert);
    expect(inertReport(inert)).toBe(inert);
  });
});
