/**
 * Shell-style word splitting for flag strings kept in shell-ish files: kubeadm-flags.env
 * (`KUBELET_KUBEADM_ARGS="--a=b --c 'd e'"`), systemd `Environment=` lines and `sh -c` commands.
 * Handles single quotes, double quotes with backslash escapes and backslashes; no expansion.
 */
import { fail, ok, type Result } from "../shared/result";

const SPACE = /\s/;

/** `/\s/` without a regular expression for the ASCII a flags file is made of. */
function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && SPACE.test(String.fromCharCode(code));
}

/** Characters that end a plain run outside quotes. */
function isSpecial(code: number): boolean {
  return code === 0x27 || code === 0x22 || code === 0x5c || isSpace(code);
}

/**
 * Split into words; fails on an unterminated quote (the words would be guesses). Plain runs are
 * taken as slices, not a character at a time, so a flags file of megabytes costs one pass and
 * few strings.
 */
export function splitShellWords(text: string): Result<string[]> {
  const words: string[] = [];
  const n = text.length;
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === 0x27) {
      // Single quotes: everything up to the next one, as it is.
      const end = text.indexOf("'", i + 1);
      if (end === -1) return fail("unterminated single quote");
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (code === 0x22) {
      // Double quotes: backslash escapes only ", \, $, ` and a newline.
      inWord = true;
      let j = i + 1;
      for (;;) {
        let k = j;
        while (k < n && text.charCodeAt(k) !== 0x22 && text.charCodeAt(k) !== 0x5c) k++;
        word += text.slice(j, k);
        if (k >= n) return fail("unterminated double quote");
        if (text.charCodeAt(k) === 0x22) {
          i = k + 1;
          break;
        }
        const next = text[k + 1];
        if (next !== undefined && '"\\$`\n'.includes(next)) {
          word += next;
          j = k + 2;
        } else {
          word += "\\";
          j = k + 1;
        }
      }
    } else if (code === 0x5c) {
      if (i + 1 < n) {
        const next = text[i + 1] ?? "";
        if (next !== "\n") {
          word += next;
          inWord = true;
        }
        i += 2;
      } else {
        word += "\\";
        inWord = true;
        i++;
      }
    } else if (isSpace(code)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else {
      let j = i + 1;
      while (j < n && !isSpecial(text.charCodeAt(j))) j++;
      word += text.slice(i, j);
      inWord = true;
      i = j;
    }
  }
  if (inWord) words.push(word);
  return ok(words);
}
