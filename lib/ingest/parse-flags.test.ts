import { describe, expect, it } from "vitest";
import { parseFlags } from "./parse-flags";

describe("parseFlags", () => {
  it.each([
    {
      name: "equals form",
      args: ["--client-ca-file=/etc/kubernetes/pki/ca.crt"],
      want: { "client-ca-file": ["/etc/kubernetes/pki/ca.crt"] },
    },
    { name: "split form", args: ["--tls-cert-file", "/x.crt"], want: { "tls-cert-file": ["/x.crt"] } },
    {
      name: "bare boolean before another flag",
      args: ["--allow-privileged", "--v=2"],
      want: { "allow-privileged": ["true"], v: ["2"] },
    },
    { name: "bare boolean at the end", args: ["--insecure"], want: { insecure: ["true"] } },
    {
      name: "repeated flags keep every value",
      args: ["--service-account-key-file=/a", "--service-account-key-file", "/b"],
      want: { "service-account-key-file": ["/a", "/b"] },
    },
    { name: "single dash", args: ["-v=4"], want: { v: ["4"] } },
    { name: "values containing '='", args: ["--node-labels=a=b,c=d"], want: { "node-labels": ["a=b,c=d"] } },
    { name: "empty value", args: ["--x="], want: { x: [""] } },
    {
      name: "positional words and '--' end",
      args: ["kube-apiserver", "--a=1", "--", "--b=2"],
      want: { a: ["1"] },
    },
  ])("$name", ({ args, want }) => {
    expect(parseFlags(args)).toEqual(want);
  });
});
