import { describe, expect, it } from "vitest";
import { adminRule, allowedNamesRule, exactUserRule, kubeletApiRule, nodeRule } from "./identity-rules";

describe("identity rules", () => {
  it.each([
    {
      name: "kubelet ok",
      rule: nodeRule("cp-1"),
      cn: "system:node:cp-1",
      o: ["system:nodes"],
      want: undefined,
    },
    { name: "kubelet without group", rule: nodeRule("cp-1"), cn: "system:node:cp-1", o: [], want: "error" },
    {
      name: "kubelet of another node",
      rule: nodeRule("cp-1"),
      cn: "system:node:cp-2",
      o: ["system:nodes"],
      want: "error",
    },
    {
      name: "kubelet with empty name",
      rule: nodeRule(undefined),
      cn: "system:node:",
      o: ["system:nodes"],
      want: "error",
    },
    {
      name: "scheduler ok",
      rule: exactUserRule("system:kube-scheduler", "system:kube-scheduler"),
      cn: "system:kube-scheduler",
      o: [],
      want: undefined,
    },
    {
      name: "scheduler wrong CN",
      rule: exactUserRule("system:kube-scheduler", "system:kube-scheduler"),
      cn: "kube-scheduler",
      o: [],
      want: "error",
    },
    {
      name: "admin 1.20 masters",
      rule: adminRule(20, false),
      cn: "kubernetes-admin",
      o: ["system:masters"],
      want: undefined,
    },
    {
      name: "admin 1.31 cluster-admins",
      rule: adminRule(31, false),
      cn: "kubernetes-admin",
      o: ["kubeadm:cluster-admins"],
      want: undefined,
    },
    {
      name: "admin 1.31 no group",
      rule: adminRule(31, false),
      cn: "kubernetes-admin",
      o: ["devs"],
      want: "warning",
    },
    {
      name: "admin malformed O",
      rule: adminRule(undefined, false),
      cn: "admin",
      o: ["system:masters,"],
      want: "error",
    },
    {
      name: "kubelet api 1.20",
      rule: kubeletApiRule(20),
      cn: "kube-apiserver-kubelet-client",
      o: ["system:masters"],
      want: undefined,
    },
    {
      name: "kubelet api 1.31",
      rule: kubeletApiRule(31),
      cn: "kube-apiserver-kubelet-client",
      o: ["kubeadm:cluster-admins"],
      want: undefined,
    },
    {
      name: "kubelet api no group",
      rule: kubeletApiRule(31),
      cn: "kube-apiserver-kubelet-client",
      o: [],
      want: "warning",
    },
    {
      name: "front proxy allowed",
      rule: allowedNamesRule(["front-proxy-client"]),
      cn: "front-proxy-client",
      o: [],
      want: undefined,
    },
    {
      name: "front proxy not allowed",
      rule: allowedNamesRule(["aggregator"]),
      cn: "front-proxy-client",
      o: [],
      want: "error",
    },
    {
      name: "literal empty-string entry rejects all",
      rule: allowedNamesRule(['""']),
      cn: "front-proxy-client",
      o: [],
      want: "error",
    },
  ])("$name", ({ rule, cn, o, want }) => {
    expect(rule.check(cn, o)?.severity).toBe(want);
  });
});
