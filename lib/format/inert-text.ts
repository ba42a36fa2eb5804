/**
 * Text from the input — subjects, file names, kubeconfig entry names — made inert for a terminal
 * and visible to a reader. A certificate subject is whatever its issuer wrote: an ESC can clear a
 * screen or retitle a window, an OSC 8 sequence can plant a link, a newline can forge a table row,
 * and a bidi control (U+202E) can make `admin‮gnp.exe` read as `adminexe.png`. Every such character
 * is written as an escape a person can read and no terminal acts on; everything else is unchanged,
 * so ordinary names (including non-Latin ones) read as they are.
 */

/** Line breaks, tabs and controls shown by the escape people already know from C and JSON. */
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Characters that act instead of showing: C0 and C1 controls and DEL; bidi embeddings, overrides,
 * isolates and marks; zero-width and invisible format characters (ZWSP, ZWNJ, ZWJ, word joiner,
 * invisible operators, BOM, soft hyphen, Mongolian vowel separator, Hangul fillers); and the line
 * and paragraph separators. Lone surrogates are not here: JavaScript strings from decoded input
 * never hold them (TextDecoder replaces them).
 */
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/g;

function escapeFor(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = character.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`
    : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** True when `text` holds a character `inertText` would rewrite. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}

/**
 * `text` with every control, bidi and invisible character written as a visible escape (`\n`, `\t`,
 * `\x1B`, `\u202E`): safe to print to a terminal, and what a reader sees is what the bytes are.
 * Text without such characters is returned as is (the common case costs one scan).
 */
export function inertText(text: string): string {
  if (!hasHiddenCharacters(text)) return text;
  return text.replace(HIDDEN, escapeFor);
}

/** One piece of `text` for display: plain text, or a hidden character with its visible escape. */
export type TextPiece = { kind: "text"; text: string } | { kind: "hidden"; text: string; shown: string };

/**
 * `text` cut into plain runs and hidden characters, for a UI that marks the hidden ones (a chip
 * showing `U+202E`) instead of letting them act. Joining every piece's `text` gives `text` back.
 */
export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let start = 0;
  for (const match of text.matchAll(HIDDEN)) {
    if (match.index > start) pieces.push({ kind: "text", text: text.slice(start, match.index) });
    pieces.push({ kind: "hidden", text: match[0], shown: escapeFor(match[0]) });
    start = match.index + match[0].length;
  }
  if (start < text.length) pieces.push({ kind: "text", text: text.slice(start) });
  return pieces;
}
