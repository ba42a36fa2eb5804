import { describe, expect, it } from "vitest";
import { plainText, splitCodeSpans } from "./split-code-spans";

describe("splitCodeSpans", () => {
  it.each([
    { name: "prose only", input: "Restore the file.", want: [{ text: "Restore the file.", code: false }] },
    {
      name: "code only",
      input: "`kubeadm certs renew apiserver`",
      want: [{ text: "kubeadm certs renew apiserver", code: true }],
    },
    {
      name: "mixed",
      input: "Run `kubeadm certs renew all`, then restart.",
      want: [
        { text: "Run ", code: false },
        { text: "kubeadm certs renew all", code: true },
        { text: ", then restart.", code: false },
      ],
    },
    {
      name: "two spans back to back",
      input: "`a``b`",
      want: [
        { text: "a", code: true },
        { text: "b", code: true },
      ],
    },
    {
      name: "an unmatched backtick stays prose",
      input: "it's `odd",
      want: [{ text: "it's `odd", code: false }],
    },
    { name: "a span never crosses a line break", input: "`a\nb`", want: [{ text: "`a\nb`", code: false }] },
    { name: "empty", input: "", want: [] },
  ])("$name", ({ input, want }) => {
    expect(splitCodeSpans(input)).toEqual(want);
  });
});

describe("plainText", () => {
  it("drops the backticks of code spans only", () => {
    expect(plainText("Set `serverTLSBootstrap: true`, then `kubectl certificate approve`.")).toBe(
      "Set serverTLSBootstrap: true, then kubectl certificate approve.",
    );
  });
});
