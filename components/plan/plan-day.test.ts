import { describe, expect, it } from "vitest";
import type { RenewalDay, RenewalItem } from "@/lib/plan/types";
import { dayCommands, dayDocs, dayLook, dayAfterwards, daysPhrase, docTitle } from "./plan-day";

describe("daysPhrase", () => {
  it.each([
    { daysLeft: 356, want: "in 356 days" },
    { daysLeft: 2, want: "in 2 days" },
    { daysLeft: 1, want: "tomorrow" },
    { daysLeft: 0, want: "today" },
    { daysLeft: -1, want: "expired yesterday" },
    { daysLeft: -12, want: "expired 12 days ago" },
  ])("$daysLeft", ({ daysLeft, want }) => {
    expect(daysPhrase(daysLeft)).toBe(want);
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
