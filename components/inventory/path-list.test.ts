import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import { orderedPaths } from "./path-list";

const base = sampleReport().certificates[0]!;

describe("orderedPaths", () => {
  it.each([
    {
      name: "the stand-alone file moves first",
      paths: ["admin.conf#clusters/kubernetes", "kubelet.conf#clusters/kubernetes", "pki/ca.crt"],
      want: ["pki/ca.crt", "admin.conf#clusters/kubernetes", "kubelet.conf#clusters/kubernetes"],
    },
    {
      name: "only embedded copies keep their order",
      paths: ["admin.conf#users/kubernetes-admin", "backup/admin.conf#users/kubernetes-admin"],
      want: ["admin.conf#users/kubernetes-admin", "backup/admin.conf#users/kubernetes-admin"],
    },
    { name: "one path", paths: ["pki/apiserver.crt"], want: ["pki/apiserver.crt"] },
    { name: "no paths", paths: [], want: [] },
  ])("$name", ({ paths, want }) => {
    expect(orderedPaths({ ...base, paths })).toEqual(want);
  });
});
