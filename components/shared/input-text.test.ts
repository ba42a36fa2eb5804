import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeText } from "@/components/detail/code-text";
import { describeHiddenCharacter } from "./hidden-character-name";
import { InputText, type InputTextProps } from "./input-text";

/** Every character that acts instead of showing: bidi controls, zero-width characters, C0 controls. */
const ACTING = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

const html = (props: InputTextProps) => renderToStaticMarkup(createElement(InputText, props));

describe("InputText", () => {
  it.each<[string, InputTextProps, string]>([
    ["an ordinary name, in a bdi and nothing more", { text: "kube-apiserver" }, "<bdi>kube-apiserver</bdi>"],
    ["a name in another script, unchanged", { text: "узел-1 ノード" }, "<bdi>узел-1 ノード</bdi>"],
    [
      "a right-to-left override as a chip (adminexe.png)",
      { text: "admin\u202egnp.exe" },
      '<bdi>admin<span class="hidden-char" dir="ltr" title="U+202E RIGHT-TO-LEFT OVERRIDE">\\u202E</span>gnp.exe</bdi>',
    ],
    [
      "a zero-width space between look-alike names",
      { text: "apiserver\u200b.crt" },
      '<bdi>apiserver<span class="hidden-char" dir="ltr" title="U+200B ZERO WIDTH SPACE">\\u200B</span>.crt</bdi>',
    ],
    [
      "an escape sequence and a newline",
      { text: "a\u001b[2J\nb" },
      '<bdi>a<span class="hidden-char" dir="ltr" title="U+001B ESCAPE">\\x1B</span>[2J' +
        '<span class="hidden-char" dir="ltr" title="U+000A LINE FEED">\\n</span>b</bdi>',
    ],
    [
      "a sentence of ours, isolated left to right",
      { text: "Could not read x\u202etxt.exe", dir: "ltr" },
      '<bdi dir="ltr">Could not read x<span class="hidden-char" dir="ltr" title="U+202E RIGHT-TO-LEFT OVERRIDE">\\u202E</span>txt.exe</bdi>',
    ],
    [
      "a path, breakable after its separators",
      { text: "pki/a\u202eb.crt", dir: "ltr", breakAtSeparators: true },
      '<bdi dir="ltr">pki/<wbr/>a<span class="hidden-char" dir="ltr" title="U+202E RIGHT-TO-LEFT OVERRIDE">\\u202E</span>b.crt</bdi>',
    ],
  ])("%s", (_name, props, want) => {
    const markup = html(props);
    expect(markup).toBe(want);
    expect(markup).not.toMatch(ACTING);
  });
});

describe("CodeText", () => {
  it("shows the hidden characters of the prose and of its code spans, inside one left-to-right isolate", () => {
    const markup = renderToStaticMarkup(
      createElement(CodeText, { text: "Could not read admin\u202egnp.exe: run `cat a\u200bb`" }),
    );
    expect(markup).not.toMatch(ACTING);
    expect(markup.startsWith('<bdi dir="ltr"><span>Could not read admin<span class="hidden-char"')).toBe(
      true,
    );
    expect(markup).toContain('title="U+200B ZERO WIDTH SPACE">\\u200B</span>b</code>');
  });
});

describe("describeHiddenCharacter", () => {
  it.each([
    ["\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"],
    ["\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"],
    ["\u200b", "U+200B ZERO WIDTH SPACE"],
    ["\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"],
    ["\u001b", "U+001B ESCAPE"],
    ["\u0001", "U+0001 control character"],
    ["\u0090", "U+0090 C1 control character"],
    ["\u206b", "U+206B deprecated format character"],
  ])("%j is %s", (character, want) => {
    expect(describeHiddenCharacter(character)).toBe(want);
  });
});
