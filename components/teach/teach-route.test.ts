import { describe, expect, it } from "vitest";
import { SCENARIO_IDS } from "@/lib/scenarios/scenario";
import { formatTeachRoute, parseTeachRoute, type TeachRoute } from "./teach-route";

describe("parseTeachRoute", () => {
  it.each<{ hash: string; want: TeachRoute | undefined }>([
    { hash: "#tour/etcd-peer", want: { kind: "tour", step: "etcd-peer" } },
    { hash: "tour/kubelet-bootstrap", want: { kind: "tour", step: "kubelet-bootstrap" } },
    {
      hash: "#handshake/kubelet-client:worker-1",
      want: { kind: "handshake", key: "kubelet-client:worker-1" },
    },
    {
      hash: "#handshake/kubelet-client%3Aworker-1",
      want: { kind: "handshake", key: "kubelet-client:worker-1" },
    },
    { hash: "#handshake/apiserver-serving@cp-2", want: { kind: "handshake", key: "apiserver-serving@cp-2" } },
    { hash: "#flow/kubelet-bootstrap", want: { kind: "flow", id: "kubelet-bootstrap" } },
    { hash: "#scenario/key-mismatch", want: { kind: "scenario", id: "key-mismatch", quiz: false } },
    { hash: "#scenario/key-mismatch/quiz", want: { kind: "scenario", id: "key-mismatch", quiz: true } },
    { hash: "#scenarios", want: { kind: "scenarios" } },
    { hash: "", want: undefined },
    { hash: "#", want: undefined },
    { hash: "#tour/", want: undefined },
    { hash: "#tour/a/b", want: undefined },
    { hash: "#scenario/x/other", want: undefined },
    { hash: "#tour/%E0%A4%A", want: undefined },
    { hash: "#tour/<script>", want: undefined },
    { hash: "#section-3", want: undefined },
    {
      hash: "#quiz/round?s=key-mismatch,node-authorizer&t=30",
      want: { kind: "round", ids: ["key-mismatch", "node-authorizer"], seconds: 30 },
    },
    { hash: "quiz/round?s=all", want: { kind: "round", ids: [...SCENARIO_IDS], seconds: 90 } },
    {
      hash: "#quiz/round?s=key-mismatch,nope,key-mismatch",
      want: { kind: "round", ids: ["key-mismatch"], seconds: 90, unknown: ["nope"] },
    },
    { hash: "#quiz/round?s=", want: { kind: "round", ids: [], seconds: 90 } },
    { hash: "#quiz/round", want: undefined },
    { hash: "#quiz/round?t=30", want: undefined },
    { hash: "#quiz/rounds?s=all", want: undefined },
    { hash: "#quiz/round/x?s=all", want: undefined },
    { hash: "#quiz/round?s=%E0%A4%A", want: undefined },
  ])("$hash", ({ hash, want }) => {
    expect(parseTeachRoute(hash)).toEqual(want);
  });

  it.each<TeachRoute>([
    { kind: "tour", step: "apiserver-etcd-client" },
    { kind: "handshake", key: "kubelet-serving:worker-1" },
    { kind: "flow", id: "service-account-tokens" },
    { kind: "scenario", id: "node-authorizer", quiz: true },
    { kind: "scenario", id: "node-authorizer", quiz: false },
    { kind: "scenarios" },
    { kind: "round", ids: ["node-authorizer", "key-mismatch"], seconds: 90 },
    { kind: "round", ids: [...SCENARIO_IDS], seconds: 600 },
  ])("round-trips %o", (route) => {
    expect(parseTeachRoute(formatTeachRoute(route))).toEqual(route);
  });
});
