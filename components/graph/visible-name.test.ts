import { describe, expect, it } from "vitest";
import { nameFromVisible } from "./visible-name";

describe("nameFromVisible", () => {
  it.each([
    {
      name: "a box whose label opens its description keeps the description as its name",
      visible: ["kube-apiserver"],
      sentence: "kube-apiserver, component, 17 relationships: 1 error, 16 ok",
      want: { label: "kube-apiserver, component, 17 relationships: 1 error, 16 ok" },
    },
    {
      name: "a label cut at a word's end still opens it",
      visible: ["kube-controller-…"],
      sentence: "kube-controller-manager, component, 2 relationships: 2 ok",
      want: { label: "kube-controller-manager, component, 2 relationships: 2 ok" },
    },
    {
      name: "a short form on a phone becomes the name, the sentence its description",
      visible: ["ctrl-manager"],
      sentence: "kube-controller-manager, component, 2 relationships: 2 ok",
      want: {
        label: "ctrl-manager",
        description: "kube-controller-manager, component, 2 relationships: 2 ok",
      },
    },
    {
      name: "a label cut inside a word",
      visible: ["kubelet (cont…"],
      sentence: "kubelet (control-1), component, 4 relationships: 4 ok",
      want: { label: "kubelet (cont…", description: "kubelet (control-1), component, 4 relationships: 4 ok" },
    },
    {
      name: "a CA with its file drawn under its name",
      visible: ["Cluster CA", "ca.crt"],
      sentence:
        "Cluster CA (kubernetes), CA at control-1/etc/kubernetes/pki/ca.crt, vouches for 9 relationships",
      want: {
        label: "Cluster CA, ca.crt",
        description:
          "Cluster CA (kubernetes), CA at control-1/etc/kubernetes/pki/ca.crt, vouches for 9 relationships",
      },
    },
    {
      name: "a timeline bar: every text drawn, in reading order; empty ones skipped",
      visible: ["apiserver.crt", "kube-apiserver", "", undefined, "in 214 days", "2027-01-01"],
      sentence: "apiserver.crt, kube-apiserver serving certificate, expires 2027-01-01, in 214 days",
      want: {
        label: "apiserver.crt, kube-apiserver, in 214 days, 2027-01-01",
        description: "apiserver.crt, kube-apiserver serving certificate, expires 2027-01-01, in 214 days",
      },
    },
    {
      name: "case and punctuation do not matter",
      visible: ["Etcd"],
      sentence: "etcd, component, 4 relationships: 4 ok",
      want: { label: "etcd, component, 4 relationships: 4 ok" },
    },
    {
      name: "nothing drawn: the sentence",
      visible: [],
      sentence: "etcd-peer: etcd → etcd, ok",
      want: { label: "etcd-peer: etcd → etcd, ok" },
    },
  ])("$name", ({ visible, sentence, want }) => expect(nameFromVisible(visible, sentence)).toEqual(want));
});
