import { describe, expect, it } from "vitest";
import { edgeTestId, findingTestId, testIds } from "./test-ids";

describe("test ids", () => {
  it.each([
    { name: "edge by id", got: edgeTestId("etcd-peer"), want: "edge-etcd-peer" },
    {
      name: "edge by per-node key",
      got: edgeTestId("kubelet-client:cp-1"),
      want: "edge-kubelet-client:cp-1",
    },
    { name: "finding by code", got: findingTestId("CERT_EXPIRED"), want: "finding-CERT_EXPIRED" },
  ])("$name", ({ got, want }) => {
    expect(got).toBe(want);
  });

  it("has no two names for the same id", () => {
    const values = Object.values(testIds);
    expect(new Set(values).size).toBe(values.length);
  });
});
