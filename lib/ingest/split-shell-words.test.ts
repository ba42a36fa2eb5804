import { describe, expect, it } from "vitest";
import { splitShellWords } from "./split-shell-words";

describe("splitShellWords", () => {
  it.each([
    { input: "--a=b --c d", want: ["--a=b", "--c", "d"] },
    { input: `--labels='x=y z' "--q=a \\"b\\""`, want: ["--labels=x=y z", '--q=a "b"'] },
    { input: "  a\\ b\tc  ", want: ["a b", "c"] },
    { input: `""`, want: [""] },
    { input: "", want: [] },
  ])("$input", ({ input, want }) => {
    expect(splitShellWords(input)).toEqual({ ok: true, value: want });
  });

  it("fails on an unterminated quote", () => {
    expect(splitShellWords(`--a="b`)).toEqual({ ok: false, reason: "unterminated double quote" });
  });
});
