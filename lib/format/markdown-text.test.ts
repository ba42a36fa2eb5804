import { describe, expect, it } from "vitest";
import { codeBlock, codeSpan, escapeMarkdown, tableCell, tableRow } from "./markdown-text";

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
    {
      name: "HTML stays text",
      text: "<img src=x onerror=alert(1)>",
      want: "\\<img src=x onerror=alert(1)\\>",
    },
    { name: "entities stay text", text: "&rlm;&#x202E;", want: "\\&rlm;\\&\\#x202E;" },
    { name: "no GitHub math", text: "$\\color{red}{x}$", want: "\\$\\\\color{red}{x}\\$" },
    { name: "no list item at the start", text: "- a - b", want: "\\- a - b" },
    { name: "no ordered list at the start", text: "12. a 3. b", want: "12\\. a 3. b" },
    { name: "no thematic break at the start", text: "+++", want: "\\+++" },
    { name: "marker after leading spaces", text: "  1) a", want: "  1\\) a" },
    { name: "a code span first, then a marker", text: "`a` - b", want: "`a` - b" },
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

describe("codeBlock", () => {
  const cases: { name: string; lines: string[]; want: string[] }[] = [
    {
      name: "plain commands",
      lines: ["kubeadm certs renew all"],
      want: ["```sh", "kubeadm certs renew all", "```"],
    },
    {
      name: "a fence inside a line",
      lines: ["a ``` b", "````"],
      want: ["`````sh", "a ``` b", "````", "`````"],
    },
    { name: "no lines", lines: [], want: ["```sh", "```"] },
  ];
  it.each(cases)("$name", ({ lines, want }) => {
    expect(codeBlock(lines, "sh")).toEqual(want);
  });
});
