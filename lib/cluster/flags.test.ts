import { describe, expect, it } from "vitest";
import { flagList, flagValue, flagValues, urlHosts } from "./flags";

describe("flags", () => {
  const flags = {
    "authorization-mode": ["RBAC", "Node,RBAC"],
    "service-account-key-file": ["/a/sa.pub", "/b/old.pub,/c/older.pub"],
    "requestheader-allowed-names": [""],
  };

  it("takes the last occurrence, as the components do", () => {
    expect(flagValue(flags, "authorization-mode")).toBe("Node,RBAC");
    expect(flagValue(flags, "absent")).toBeUndefined();
  });

  it("splits repeated and comma-separated values", () => {
    expect(flagValues(flags, "service-account-key-file")).toEqual([
      "/a/sa.pub",
      "/b/old.pub",
      "/c/older.pub",
    ]);
  });

  it("tells an empty list from an unset flag", () => {
    expect(flagList(flags, "requestheader-allowed-names")).toEqual([]);
    expect(flagList(flags, "absent")).toBeUndefined();
  });

  it.each([
    { input: ["https://127.0.0.1:2379"], want: ["127.0.0.1"] },
    { input: ["https://[::1]:2379", "https://etcd-0.example:2379"], want: ["::1", "etcd-0.example"] },
    { input: ["unix:///run/etcd.sock", "garbage"], want: [] },
  ])("urlHosts($input)", ({ input, want }) => {
    expect(urlHosts(input)).toEqual(want);
  });
});
