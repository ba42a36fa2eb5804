import { describe, expect, it } from "vitest";
import { activeMarkup, misshapenTableRows, unsafeCharacters } from "./output-safety";

describe("unsafeCharacters", () => {
  const cases: { name: string; text: string; sgr: boolean; want: string[] }[] = [
    { name: "plain lines", text: "✓ ok  etcd-peer\n  pki/ca.crt\n", sgr: false, want: [] },
    { name: "visible escapes are text", text: "evil\\x1B[2J\\u202E", sgr: false, want: [] },
    { name: "raw ESC", text: "a\u001b[2Jb", sgr: false, want: ["\\x1B"] },
    { name: "our colour, colour off", text: "\u001b[31mred\u001b[39m", sgr: false, want: ["\\x1B", "\\x1B"] },
    { name: "our colour, colour on", text: "\u001b[31mred\u001b[39m\n", sgr: true, want: [] },
    { name: "another CSI, colour on", text: "\u001b[2J", sgr: true, want: ["\\x1B"] },
    { name: "carriage return", text: "a\r\nb", sgr: false, want: ["\\r"] },
    { name: "C1 and DEL", text: "\u009b\u007f", sgr: false, want: ["\\x9B", "\\x7F"] },
    { name: "bidi and zero width", text: "\u202e\u200b", sgr: false, want: ["\\u202E", "\\u200B"] },
  ];
  it.each(cases)("$name", ({ text, sgr, want }) => {
    expect(unsafeCharacters(text, { sgr })).toEqual(want);
  });
});

describe("activeMarkup", () => {
  const cases: { name: string; markdown: string; want: number }[] = [
    { name: "escaped tag", markdown: "CN=\\<img src=x\\>", want: 0 },
    { name: "tag", markdown: "CN=<img src=x onerror=alert(1)>", want: 1 },
    { name: "tag in a code span", markdown: "`<script>` and ``a`<b>`` ", want: 0 },
    { name: "tag after an escaped backslash", markdown: "\\\\<b>", want: 1 },
    { name: "line break and autolink", markdown: "`a`<br>`b` — <https://kubernetes.io/docs>", want: 0 },
    { name: "entity", markdown: "a &rlm; b", want: 1 },
    { name: "escaped entity and a bare ampersand", markdown: "\\&rlm; a & b", want: 0 },
    { name: "math", markdown: "$x$", want: 2 },
    { name: "fenced block", markdown: "```sh\ncp $HOME <a>\n```\n", want: 0 },
  ];
  it.each(cases)("$name", ({ markdown, want }) => {
    expect(activeMarkup(markdown)).toHaveLength(want);
  });
});

describe("misshapenTableRows", () => {
  const table = (row: string) => ["| a | b |", "| --- | --- |", row, "", "text | with | pipes"].join("\n");
  const cases: { name: string; row: string; want: number }[] = [
    { name: "same cells", row: "| x | y |", want: 0 },
    { name: "escaped pipe", row: "| x\\|z | y |", want: 0 },
    { name: "escaped pipe in a code span", row: "| `x\\|z` | y |", want: 0 },
    { name: "a pipe adds a cell", row: "| x|z | y |", want: 1 },
  ];
  it.each(cases)("$name", ({ row, want }) => {
    expect(misshapenTableRows(table(row))).toHaveLength(want);
  });
});
