import { describe, expect, it } from "vitest";
import type { RenewalDay, RenewalItem } from "@/lib/plan/types";
import {
  dayCommandGroups,
  dayCommands,
  dayDocs,
  dayLook,
  dayAfterwards,
  daysPhrase,
  docTitle,
  runOnTitle,
} from "./plan-day";

describe("daysPhrase", () => {
  const NOW = "2026-12-01T00:00:00.000Z";
  // The day is told by its earliest expiry, in the words of every other view: no "tomorrow" or
  // "today" (calendar days depend on the reader's time zone), whole days toward zero.
  it.each([
    { notAfter: "2027-11-22T03:22:35.000Z", want: "in 356 days" },
    { notAfter: "2026-12-02T06:00:00.000Z", want: "in 1 day" },
    { notAfter: "2026-12-01T05:00:00.000Z", want: "in 5 hours" },
    { notAfter: "2026-11-30T20:00:00.000Z", want: "expired 4 hours ago" },
    { notAfter: "2026-11-15T16:48:00.000Z", want: "expired 15 days ago" },
  ])("$notAfter", ({ notAfter, want }) => {
    const day: RenewalDay = {
      date: notAfter.slice(0, 10),
      daysLeft: 0,
      state: "ok",
      impact: "",
      items: [item({ notAfter }), item({ certificateId: "c2", notAfter: "2036-01-01T00:00:00.000Z" })],
    };
    expect(daysPhrase(NOW, day)).toBe(want);
  });
});

describe("dayLook", () => {
  it("never tells a state by colour alone: each has its own word", () => {
    const words = (["expired", "not-yet-valid", "soon", "ok"] as const).map((state) => dayLook(state).word);
    expect(new Set(words).size).toBe(4);
    expect(dayLook("expired").tone).toBe("error");
    expect(dayLook("soon").tone).toBe("warning");
  });
});

const APISERVER_RESTART =
  "mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/ && sleep 20 && mv /tmp/kube-apiserver.yaml /etc/kubernetes/manifests/";

function item(overrides: Partial<RenewalItem>): RenewalItem {
  return {
    certificateId: "c1",
    sha256: "00",
    label: "apiserver.crt",
    paths: ["pki/apiserver.crt"],
    subject: "CN=kube-apiserver",
    isCA: false,
    notAfter: "2027-11-22T03:22:35.000Z",
    daysLeft: 356,
    expiryState: "ok",
    kind: "kubeadm",
    command: "kubeadm certs renew apiserver",
    runnable: true,
    restart: ["kube-apiserver"],
    followUp: [APISERVER_RESTART],
    breaks: [],
    ...overrides,
  };
}

describe("a day's steps", () => {
  const day: RenewalDay = {
    date: "2027-11-22",
    daysLeft: 356,
    state: "ok",
    impact: "",
    items: [
      item({ docUrl: "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/" }),
      item({
        certificateId: "c2",
        command: "kubeadm certs renew apiserver-etcd-client",
        restart: ["kube-apiserver", "etcd"],
        docUrl: "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/",
      }),
      item({ certificateId: "c3", command: "kubeadm certs renew apiserver", restart: [], followUp: [] }),
    ],
  };

  it("lists each command once, renewals first, then their follow-ups", () => {
    expect(dayCommands(day)).toEqual([
      "kubeadm certs renew apiserver",
      "kubeadm certs renew apiserver-etcd-client",
      "mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/ && sleep 20 && mv /tmp/kube-apiserver.yaml /etc/kubernetes/manifests/",
    ]);
  });

  it("leaves procedures that are not commands to their items", () => {
    const withCa: RenewalDay = {
      ...day,
      items: [
        ...day.items,
        item({ kind: "ca-rotation", runnable: false, command: "plan a CA rotation", followUp: [] }),
      ],
    };
    expect(dayCommands(withCa)).not.toContain("plan a CA rotation");
  });

  it("lists each step afterwards and each link once, or the plan's own run order", () => {
    expect(dayAfterwards(day)).toEqual(["kube-apiserver", "etcd"]);
    expect(dayAfterwards({ ...day, afterwards: ["restart etcd (static pod)"] })).toEqual([
      "restart etcd (static pod)",
    ]);
    expect(dayDocs(day)).toEqual([
      "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/",
    ]);
  });
});

describe("docTitle", () => {
  it.each([
    {
      url: "https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-certs/",
      want: "kubernetes.io/…/kubeadm-certs",
    },
    { url: "https://www.example.org/renew", want: "example.org/renew" },
    { url: "https://kubernetes.io/", want: "kubernetes.io" },
    { url: "see the runbook", want: "see the runbook" },
  ])("$url", ({ url, want }) => {
    expect(docTitle(url)).toBe(want);
  });
});

describe("dayCommandGroups", () => {
  const check = "openssl x509 -noout -enddate -in /var/lib/kubelet/pki/kubelet-client-current.pem";
  it.each<{ name: string; items: RenewalItem[]; want: ReturnType<typeof dayCommandGroups> }>([
    {
      name: "no node known: one group, said to run where the files are",
      items: [item({ command: "kubeadm certs renew apiserver", followUp: [] })],
      want: [{ nodes: [], commands: ["kubeadm certs renew apiserver"] }],
    },
    {
      name: "nodes that run the same commands share a group, whatever they are",
      items: [
        item({ command: "kubeadm certs renew apiserver", followUp: [APISERVER_RESTART], nodes: ["cp-1"] }),
        item({ command: "kubeadm certs renew apiserver", followUp: [APISERVER_RESTART], nodes: ["cp-2"] }),
        item({ kind: "kubelet-rotation", command: check, followUp: [], nodes: ["node-1"] }),
        item({ kind: "kubelet-rotation", command: check, followUp: [], nodes: ["node-2"] }),
      ],
      want: [
        { nodes: ["cp-1", "cp-2"], commands: ["kubeadm certs renew apiserver", APISERVER_RESTART] },
        { nodes: ["node-1", "node-2"], commands: [check] },
      ],
    },
    {
      name: "nodes with different commands keep their own groups",
      items: [
        item({ command: "kubeadm certs renew apiserver", followUp: [], nodes: ["cp-1"] }),
        item({ command: "kubeadm certs renew etcd-peer", followUp: [], nodes: ["cp-2"] }),
        item({ command: "kubeadm certs renew admin.conf", followUp: [] }),
      ],
      want: [
        { nodes: ["cp-1"], commands: ["kubeadm certs renew apiserver"] },
        { nodes: ["cp-2"], commands: ["kubeadm certs renew etcd-peer"] },
        { nodes: [], commands: ["kubeadm certs renew admin.conf"] },
      ],
    },
    {
      name: "a node with nothing to run has no group",
      items: [
        item({
          kind: "ca-rotation",
          runnable: false,
          command: "plan a CA rotation",
          followUp: [],
          nodes: ["cp-1"],
        }),
      ],
      want: [],
    },
  ])("$name", ({ items, want }) => {
    const day: RenewalDay = { date: "2027-01-01", daysLeft: 10, state: "ok", items, impact: "" };
    expect(dayCommandGroups(day)).toEqual(want);
  });
});

describe("runOnTitle", () => {
  it.each([
    { nodes: [], want: "Run on the node that holds these files" },
    { nodes: ["cp-1"], want: "Run on cp-1" },
    { nodes: ["a", "b", "c"], want: "Run on a, b and c" },
    { nodes: ["a", "b", "c", "d", "e"], want: "Run on 5 nodes: a, b, c and 2 more" },
  ])("$want", ({ nodes, want }) => {
    expect(runOnTitle(nodes)).toBe(want);
  });
});
