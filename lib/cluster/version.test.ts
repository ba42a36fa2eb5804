import { describe, expect, it } from "vitest";
import { adminGroupsFor, kubeletApiGroupsFor, minorOf } from "./version";

describe("version rules", () => {
  it.each([
    { input: "v1.20.2", want: 20 },
    { input: "1.31", want: 31 },
    { input: "v1.29.0-rc.1", want: 29 },
    { input: "3.5.15-0", want: undefined },
    { input: undefined, want: undefined },
  ])("minorOf($input)", ({ input, want }) => {
    expect(minorOf(input)).toBe(want);
  });

  it.each([
    { name: "1.28 admin.conf", minor: 28, superAdmin: false, want: ["system:masters"] },
    { name: "1.29 admin.conf", minor: 29, superAdmin: false, want: ["kubeadm:cluster-admins"] },
    { name: "1.31 super-admin.conf", minor: 31, superAdmin: true, want: ["system:masters"] },
    {
      name: "unknown version accepts both",
      minor: undefined,
      superAdmin: false,
      want: ["system:masters", "kubeadm:cluster-admins"],
    },
  ])("adminGroupsFor: $name", ({ minor, superAdmin, want }) => {
    expect(adminGroupsFor(minor, superAdmin)).toEqual(want);
  });

  it.each([
    { minor: 20, want: "system:masters", not: "kubeadm:cluster-admins" },
    { minor: 30, want: "kubeadm:cluster-admins", not: "system:kubelet-api-admin" },
    { minor: 37, want: "system:kubelet-api-admin", not: undefined },
  ])("kubeletApiGroupsFor(1.$minor)", ({ minor, want, not }) => {
    const groups = kubeletApiGroupsFor(minor);
    expect(groups).toContain(want);
    if (not) expect(groups).not.toContain(not);
  });
});
