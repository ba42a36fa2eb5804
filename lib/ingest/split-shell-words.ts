/**
 * Shell-style word splitting for flag strings kept in shell-ish files: kubeadm-flags.env
 * (`KUBELET_KUBEADM_ARGS="--a=b --c 'd e'"`), systemd `Environment=` lines and `sh -c` commands.
 * Handles single quotes, double quotes with backslash escapes and backslashes; no expansion.
 */
import { fail, ok, type Result } from "../shared/result";

/** Split into words; fails on an unterminated quote (the words would be guesses). */
export function splitShellWords(text: string): Result<string[]> {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1] ?? "")) word += text[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < text.length) {
      const next = text[++i] ?? "";
      if (next !== "\n") {
        word += next;
        inWord = true;
      }
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) return fail(`unterminated ${quote === '"' ? "double" : "single"} quote`);
  if (inWord) words.push(word);
  return ok(words);
}
