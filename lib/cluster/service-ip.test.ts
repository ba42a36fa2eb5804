import { describe, expect, it } from "vitest";
import { firstServiceIp } from "./service-ip";

describe("firstServiceIp", () => {
  it.each([
    { name: "kubeadm default", input: "10.96.0.0/12", want: "10.96.0.1" },
    { name: "kubespray default", input: "10.233.0.0/18", want: "10.233.0.1" },
    { name: "host bits set", input: "10.96.5.7/12", want: "10.96.0.1" },
    { name: "dual stack takes the first", input: "10.32.0.0/24,fd00::/108", want: "10.32.0.1" },
    { name: "IPv6 only is not computed", input: "fd00::/108", want: undefined },
    { name: "garbage", input: "not-a-cidr", want: undefined },
    { name: "octet out of range", input: "300.1.0.0/16", want: undefined },
  ])("$name", ({ input, want }) => {
    expect(firstServiceIp(input)).toBe(want);
  });
});
