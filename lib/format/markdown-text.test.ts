import { describe, expect, it } from "vitest";
import { codeSpan, escapeMarkdown, tableCell, tableRow } from "./markdown-text";

describe("escapeMarkdown", () => {
  const cases: { name: string; text: string; want: string }[] = [
    {
      name: "plain text untouched",
      text: "CN=kube-apiserver, O=system:masters",
      want: "CN=kube-apiserver, O=system:masters",
    },
    {
      name: "wildcard is not emphasis",
      text: "*.example.com and *.svc",
      want: "\\*.example.com and \\*.svc",
    },
    { name: "brackets and angle brackets", text: "[x] <script>", want: "\\[x\\] \\<script\\>" },
    { name: "backslash survives", text: "CN=Doe\\, Jane", want: "CN=Doe\\\\, Jane" },
    { name: "underscores", text: "a_b_c", want: "a\\_b\\_c" },
    {
      name: "code spans kept",
      text: "run `kubeadm certs renew *` for *all*",
      want: "run `kubeadm certs renew *` for \\*all\\*",
    },
    { name: "lone backtick escaped", text: "a ` b", want: "a \\` b" },
  ];
  it.each(cases)("$name", ({ text, want }) => {
    expect(escapeMarkdown(text)).toBe(want);
  });
});

describe("tableCell and tableRow", () => {
  it("escapes pipes and flattens newlines", () => {
    expect(tableCell("a|b\nc")).toBe("a\\|b c");
  });
  it("marks empty cells", () => {
    expect(tableCell("  ")).toBe("—");
  });
  it("keeps the column count whatever the cells contain", () => {
    const row = tableRow(["CN=a|b", codeSpan("x|y"), "plain"]);
    const unescapedPipes = row.match(/(?<!\\)\|/g) ?? [];
    expect(unescapedPipes).toHaveLength(4);
  });
});

describe("codeSpan", () => {
  const cases: { name: string; text: string; want: string }[] = [
    { name: "simple", text: "pki/ca.crt", want: "`pki/ca.crt`" },
    { name: "backtick inside", text: "a`b", want: "``a`b``" },
    { name: "backtick at the edge", text: "`x", want: "`` `x ``" },
  ];
  it.each(cases)("$name", ({ text, want }) => {
    expect(codeSpan(text)).toBe(want);
  });
});
