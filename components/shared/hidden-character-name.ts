/**
 * What a hidden character of the input is, in words, for the tooltip of the chip that stands in for
 * it: `U+202E RIGHT-TO-LEFT OVERRIDE`. The names are Unicode's own, so a reader can look one up; a
 * control without a well-known name is called what it is.
 */

/** Unicode names of the characters `inertText` rewrites, where a person may meet them. */
const NAMES: Readonly<Record<number, string>> = {
  0x00: "NULL",
  0x07: "BELL",
  0x08: "BACKSPACE",
  0x09: "CHARACTER TABULATION",
  0x0a: "LINE FEED",
  0x0b: "LINE TABULATION",
  0x0c: "FORM FEED",
  0x0d: "CARRIAGE RETURN",
  0x1b: "ESCAPE",
  0x7f: "DELETE",
  0x85: "NEXT LINE",
  0x9b: "CONTROL SEQUENCE INTRODUCER",
  0x9d: "OPERATING SYSTEM COMMAND",
  0xad: "SOFT HYPHEN",
  0x061c: "ARABIC LETTER MARK",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x3164: "HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
  0xffa0: "HALFWIDTH HANGUL FILLER",
  0xfff9: "INTERLINEAR ANNOTATION ANCHOR",
  0xfffa: "INTERLINEAR ANNOTATION SEPARATOR",
  0xfffb: "INTERLINEAR ANNOTATION TERMINATOR",
};

function fallbackName(code: number): string {
  if (code < 0x20) return "control character";
  if (code >= 0x80 && code < 0xa0) return "C1 control character";
  if (code >= 0x206a && code <= 0x206f) return "deprecated format character";
  return "invisible character";
}

/** `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point of `character` and its name. */
export function describeHiddenCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const point = code.toString(16).toUpperCase().padStart(4, "0");
  return `U+${point} ${NAMES[code] ?? fallbackName(code)}`;
}
