/**
 * Findings mark commands, flags and file names with backticks (`kubeadm certs renew apiserver`).
 * The panels render those spans as code and the rest as prose; the copy button copies the text
 * without the backticks, which would otherwise end up in the person's shell.
 */

export interface TextSegment {
  text: string;
  code: boolean;
}

/** Split `text` into prose and backtick-delimited code; an unmatched backtick stays literal prose. */
export function splitCodeSpans(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /`([^`\n]+)`/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), code: false });
    segments.push({ text: match[1] ?? "", code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), code: false });
  return segments;
}

/** `text` with the backticks of its code spans removed: what the copy button puts on the clipboard. */
export function plainText(text: string): string {
  return splitCodeSpans(text)
    .map((segment) => segment.text)
    .join("");
}
