import { describe, expect, it } from "vitest";
import { labelOfId, nodeLabel } from "./node-label";

describe("nodeLabel and labelOfId", () => {
  it.each([
    { name: "a node's kubelet", got: nodeLabel("kubelet", "kind-worker"), want: "kubelet (kind-worker)" },
    { name: "no node known", got: nodeLabel("kubelet", undefined), want: "kubelet" },
    { name: "an id with its node", got: labelOfId("kubelet:worker-1"), want: "kubelet (worker-1)" },
    {
      name: "a node name with colons stays whole",
      got: labelOfId("kubelet:fd00::12"),
      want: "kubelet (fd00::12)",
    },
    { name: "an id without a node", got: labelOfId("kube-apiserver"), want: "kube-apiserver" },
  ])("$name", ({ got, want }) => {
    expect(got).toBe(want);
  });
});
