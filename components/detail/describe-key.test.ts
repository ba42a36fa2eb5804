import { describe, expect, it } from "vitest";
import { describeKey } from "./describe-key";

describe("describeKey", () => {
  it.each([
    {
      name: "a matching key",
      input: { keyDescription: "ECDSA P-256 private key", keyMatches: true, keySource: "pki/apiserver.key" },
      want: { tone: "ok", text: "ECDSA P-256 private key, matches", source: "pki/apiserver.key" },
    },
    {
      name: "a mismatched key",
      input: { keyDescription: "RSA 2048 private key", keyMatches: false, keySource: "pki/apiserver.key" },
      want: { tone: "error", text: "RSA 2048 private key, does not match", source: "pki/apiserver.key" },
    },
    {
      name: "a key found but not compared",
      input: { keySource: "admin.conf#users/kubernetes-admin" },
      want: {
        tone: "unknown",
        text: "private key, not compared",
        source: "admin.conf#users/kubernetes-admin",
      },
    },
    { name: "no key at all", input: {}, want: { tone: "unknown", text: "no key found" } },
  ])("$name", ({ input, want }) => {
    expect(describeKey(input)).toEqual(want);
  });
});
