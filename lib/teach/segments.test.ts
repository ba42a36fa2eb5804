import { describe, expect, it } from "vitest";
import { code, fill, joinSegments, plainText, sentence, text, value, type Segment } from "./segments";

describe("fill", () => {
  const cases: {
    name: string;
    template: string;
    slots?: Record<string, string | Segment | Segment[]>;
    want: Segment[];
  }[] = [
    { name: "plain text stays one segment", template: "no slots here", want: [text("no slots here")] },
    {
      name: "backticks become code",
      template: "set `--etcd-cafile` on kube-apiserver",
      want: [text("set "), code("--etcd-cafile"), text(" on kube-apiserver")],
    },
    {
      name: "a string slot merges into the text around it",
      template: "{who} talks to etcd",
      slots: { who: "kube-apiserver" },
      want: [text("kube-apiserver talks to etcd")],
    },
    {
      name: "a value slot keeps its source",
      template: "CN {cn}.",
      slots: { cn: value("kube-apiserver-etcd-client", "pki/apiserver-etcd-client.crt") },
      want: [text("CN "), value("kube-apiserver-etcd-client", "pki/apiserver-etcd-client.crt"), text(".")],
    },
    {
      name: "a run of segments is spliced in",
      template: "names {sans}",
      slots: { sans: [value("DNS:a"), text(", "), value("IP:10.0.0.1")] },
      want: [text("names "), value("DNS:a"), text(", "), value("IP:10.0.0.1")],
    },
    {
      name: "braces that are not a slot name stay text",
      template: "failed to connect to {https://…:2379 …}",
      want: [text("failed to connect to {https://…:2379 …}")],
    },
  ];
  it.each(cases)("$name", ({ template, slots, want }) => {
    expect(fill(template, slots)).toEqual(want);
  });

  it("throws on a slot nobody filled: that is a bug in the lesson content", () => {
    expect(() => fill("{client} → {server}", { client: "a" })).toThrow(/\{server\}/);
  });
});

describe("joinSegments", () => {
  it("separates values and merges the separators into text", () => {
    expect(joinSegments([value("a"), value("b"), value("c")], " · ")).toEqual([
      value("a"),
      text(" · "),
      value("b"),
      text(" · "),
      value("c"),
    ]);
  });
});

describe("sentence", () => {
  const cases = [
    {
      name: "capitalises opening text",
      paragraph: [text("an etcd member talks")],
      want: "An etcd member talks",
    },
    {
      name: "leaves an opening value alone",
      paragraph: [value("kube-apiserver"), text(" talks")],
      want: "kube-apiserver talks",
    },
    {
      name: "leaves opening code alone",
      paragraph: [code("--etcd-cafile"), text(" names")],
      want: "--etcd-cafile names",
    },
  ];
  it.each(cases)("$name", ({ paragraph, want }) => {
    expect(plainText(sentence(paragraph))).toBe(want);
  });
});
