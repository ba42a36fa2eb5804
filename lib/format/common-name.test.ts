import { describe, expect, it } from "vitest";
import { commonName } from "./common-name";

describe("commonName", () => {
  const cases: { name: string; subject: string; want: string }[] = [
    { name: "CN only", subject: "CN=kube-apiserver", want: "kube-apiserver" },
    { name: "CN after O", subject: "O=system:nodes, CN=system:node:cp-1", want: "system:node:cp-1" },
    {
      name: "CN before O",
      subject: "CN=kube-apiserver-etcd-client, O=system:masters",
      want: "kube-apiserver-etcd-client",
    },
    { name: "escaped comma kept", subject: "CN=Doe\\, Jane, O=Example", want: "Doe, Jane" },
    { name: "no CN falls back to subject", subject: "O=Example, OU=Ops", want: "O=Example, OU=Ops" },
    { name: "empty CN falls back", subject: "CN=, O=Example", want: "CN=, O=Example" },
    { name: "not fooled by a CN inside another value", subject: "O=ACN=x, CN=real", want: "real" },
    { name: "escaped backslash and quote", subject: 'CN=a\\\\b\\"c', want: 'a\\b"c' },
    { name: "a NUL stays visible", subject: "CN=a\\00b", want: "a\\00b" },
    { name: "an inert escape stays visible", subject: "CN=evil\\x1B[2J\\u202E", want: "evil\\x1B[2J\\u202E" },
  ];
  it.each(cases)("$name", ({ subject, want }) => {
    expect(commonName(subject)).toBe(want);
  });
});
