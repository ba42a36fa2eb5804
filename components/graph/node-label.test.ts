import { describe, expect, it } from "vitest";
import type { ReportComponent, TrustAnchor } from "@/lib/report";
import {
  anchorCaptions,
  anchorLabels,
  componentLabels,
  cutLabel,
  estimateText,
  fitText,
  widestForms,
} from "./node-label";

/** Every character 6 px wide: predictable widths for the fitting tests. */
const sixPx = (text: string) => text.length * 6;

describe("cutLabel", () => {
  it.each([
    { name: "short text stays", text: "etcd", max: 10, want: "etcd" },
    { name: "text keeps its start", text: "kube-controller-manager", max: 10, want: "kube-cont…" },
    { name: "a path keeps both ends", text: "pki/front-proxy-ca.crt", max: 11, want: "pki/f…a.crt" },
    { name: "one character is an ellipsis", text: "kubelet", max: 1, want: "…" },
  ])("$name", ({ text, max, want }) => {
    expect(cutLabel(text, max)).toBe(want);
  });
});

describe("fitText", () => {
  it.each([
    { name: "the long form when it fits", width: 200, want: "kube-controller-manager" },
    { name: "the next form that fits", width: 110, want: "controller-manager" },
    { name: "the last form", width: 75, want: "ctrl-manager" },
    { name: "the last form cut to fit", width: 42, want: "ctrl-m…" },
  ])("$name", ({ width, want }) => {
    const forms = ["kube-controller-manager", "controller-manager", "ctrl-manager"];
    const got = fitText(forms, width, "12px sans", sixPx);
    expect(got).toBe(want);
    expect(sixPx(got)).toBeLessThanOrEqual(width);
  });
});

// Regression: "kind-control-plane" next to "kubelet (kind-worker)", each box picking its own form.
describe("fitText for a group of kubelet boxes", () => {
  const boxes = ["kind-control-plane", "kind-worker", "kind-worker2"].map((node) =>
    componentLabels(component({ kind: "kubelet", id: `kubelet:${node}`, node }), {
      compact: false,
      bootstrapOnly: false,
    }),
  );
  const peers = widestForms(boxes);
  it.each([
    {
      name: "all long when the longest fits",
      width: 200,
      want: ["kubelet (kind-control-plane)", "kubelet (kind-worker)", "kubelet (kind-worker2)"],
    },
    {
      name: "all short when one long form does not fit",
      width: 140,
      want: ["kind-control-plane", "kind-worker", "kind-worker2"],
    },
  ])("$name", ({ width, want }) => {
    expect(boxes.map((forms) => fitText(forms, width, "12px sans", sixPx, peers))).toEqual(want);
  });
  it("each box alone would mix the two forms at that width", () => {
    expect(boxes.map((forms) => fitText(forms, 140, "12px sans", sixPx))).toEqual([
      "kind-control-plane",
      "kubelet (kind-worker)",
      "kubelet (kind-worker2)",
    ]);
  });
  it("cuts every box of the group keeping both ends, so nodes that differ at the end stay apart", () => {
    expect(boxes.map((forms) => fitText(forms, 48, "12px sans", sixPx, peers))).toEqual([
      "kin…lane",
      "kin…rker",
      "kin…ker2",
    ]);
  });
  it("takes the longest form at each place", () => {
    expect(widestForms([["a", "bbb"], ["cc", "d"], ["e"]])).toEqual(["cc", "bbb"]);
  });
});

describe("estimateText", () => {
  it("reads the size from the font and is wider for monospace", () => {
    expect(estimateText("abcd", "500 10px sans-serif")).toBeCloseTo(22.4);
    expect(estimateText("abcd", "10px ui-monospace, monospace")).toBeCloseTo(24);
  });
});

const component = (c: Partial<ReportComponent> & Pick<ReportComponent, "kind">): ReportComponent => ({
  id: c.kind,
  name: c.kind,
  sources: [],
  ...c,
});

describe("componentLabels", () => {
  it.each([
    {
      name: "a node's kubelet",
      c: component({ kind: "kubelet", id: "kubelet:cp-1", node: "cp-1" }),
      want: ["kubelet (cp-1)", "cp-1"],
    },
    {
      name: "a bootstrap-only kubelet",
      c: component({ kind: "kubelet" }),
      bootstrapOnly: true,
      want: ["kubelet (bootstrap)", "bootstrap"],
    },
    {
      name: "a user kubeconfig in a home folder",
      c: component({
        kind: "user",
        id: "user:home/alice/.kube/config",
        sources: ["home/alice/.kube/config"],
      }),
      want: ["kubectl (~alice)", "~alice"],
    },
    {
      name: "root's kubeconfig",
      c: component({ kind: "user", id: "user:root/.kube/config", sources: ["root/.kube/config"] }),
      want: ["kubectl (~root)", "~root"],
    },
    {
      name: "super-admin",
      c: component({ kind: "admin", name: "kubectl (super-admin)" }),
      want: ["kubectl (super-admin)", "super-admin"],
    },
    {
      name: "the apiserver",
      c: component({ kind: "kube-apiserver" }),
      want: ["kube-apiserver", "apiserver"],
    },
    {
      name: "compact drops the long form",
      c: component({ kind: "kube-scheduler" }),
      compact: true,
      want: ["scheduler"],
    },
  ])("$name", ({ c, compact = false, bootstrapOnly = false, want }) => {
    expect(componentLabels(c, { compact, bootstrapOnly })).toEqual(want);
  });
});

describe("anchor labels", () => {
  const anchor = (a: Partial<TrustAnchor>): TrustAnchor => ({
    id: "anchor",
    kind: "ca",
    role: "cluster-ca",
    name: "Cluster CA (kubernetes)",
    paths: [],
    ...a,
  });
  it.each([
    { name: "a CA drops its subject", a: anchor({}), labels: ["Cluster CA"], captions: [] },
    {
      name: "a stand-alone file comes before a kubeconfig entry",
      a: anchor({ paths: ["etc/kubernetes/admin.conf#clusters/kubernetes", "etc/kubernetes/pki/ca.crt"] }),
      labels: ["Cluster CA"],
      captions: ["pki/ca.crt", "ca.crt"],
    },
    {
      name: "a kubeconfig entry shortens to its file",
      a: anchor({ paths: ["etc/kubernetes/admin.conf#clusters/kubernetes"] }),
      labels: ["Cluster CA"],
      captions: ["admin.conf#clusters/kubernetes", "admin.conf"],
    },
    {
      name: "the service-account key pair",
      a: anchor({
        kind: "key-pair",
        role: "service-account",
        name: "Service-account key pair",
        paths: ["etc/kubernetes/pki/sa.pub"],
      }),
      labels: ["Service-account key pair", "SA key pair"],
      captions: ["pki/sa.pub", "sa.pub"],
    },
  ])("$name", ({ a, labels, captions }) => {
    expect(anchorLabels(a)).toEqual(labels);
    expect(anchorCaptions(a)).toEqual(captions);
  });
});
