import { describe, expect, it } from "vitest";
import type { ReadProblem } from "./picked-file";
import { pickedSource } from "./picked-source";

const picked = (...paths: string[]) => paths.map((path) => ({ path, file: new Blob([path]) }));

describe("pickedSource", () => {
  it.each<{ name: string; paths: string[]; problems?: ReadProblem[]; label: string; want: string[] }>([
    {
      // `k8s-pki audit kind-ha` names these `kind-control-plane/...`: the folder is the root.
      name: "a chosen folder of node folders",
      paths: [
        "kind-ha/kind-control-plane/etc/kubernetes/admin.conf",
        "kind-ha/kind-worker/var/lib/kubelet/config.yaml",
      ],
      label: "kind-ha",
      want: ["kind-control-plane/etc/kubernetes/admin.conf", "kind-worker/var/lib/kubelet/config.yaml"],
    },
    {
      name: "a folder whose only file is at its top",
      paths: ["pki/ca.crt"],
      label: "pki",
      want: ["ca.crt"],
    },
    {
      // An archive dropped alone is one file: lib names its entries, here as in the CLI.
      name: "an archive alone",
      paths: ["node.tgz"],
      label: "node.tgz",
      want: ["node.tgz"],
    },
    {
      name: "loose files",
      paths: ["ca.crt", "ca.key", "admin.conf"],
      label: "3 files",
      want: ["ca.crt", "ca.key", "admin.conf"],
    },
    {
      // As `k8s-pki audit node-a node-b`: each keeps its name so the nodes stay apart.
      name: "two folders dropped together",
      paths: ["node-a/pki/ca.crt", "node-b/pki/ca.crt"],
      label: "2 files",
      want: ["node-a/pki/ca.crt", "node-b/pki/ca.crt"],
    },
    {
      name: "a folder and a file named like it",
      paths: ["pki/ca.crt", "pki.tgz"],
      label: "2 files",
      want: ["pki/ca.crt", "pki.tgz"],
    },
    {
      name: "a folder with an entry that could not be opened",
      paths: ["etc-kubernetes/admin.conf"],
      problems: [{ path: "etc-kubernetes/pki", reason: "folder could not be listed: NotReadableError" }],
      label: "etc-kubernetes",
      want: ["admin.conf", "problem: pki"],
    },
    { name: "nothing", paths: [], label: "No files", want: [] },
  ])("$name", ({ paths, problems, label, want }) => {
    const source = pickedSource(picked(...paths), problems);
    expect(source.label).toBe(label);
    expect([
      ...source.picked.map((p) => p.path),
      ...source.problems.map((p) => `problem: ${p.path}`),
    ]).toEqual(want);
  });

  it("hands over the very blobs it was given", () => {
    const files = picked("k3s/server-1/etc/rancher/k3s/k3s.yaml");
    expect(pickedSource(files).picked[0]?.file).toBe(files[0]?.file);
  });
});
