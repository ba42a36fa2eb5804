/**
 * Pick the CN out of a distinguished name as the report renders it ("CN=kube-apiserver",
 * "O=system:nodes, CN=system:node:cp-1"), because a person scanning a certificate list recognises
 * the CN, not the whole DN. Escaped commas (`\,`) stay inside the value. Falls back to the whole
 * subject when there is no CN, so a certificate is never shown without a name.
 */
export function commonName(subject: string): string {
  const match = /(?:^|[,+/]\s*)CN=((?:\\.|[^,+\\])*)/i.exec(subject);
  const value = match?.[1]?.trim();
  if (!value) return subject;
  // Only RFC 4514's escaped characters lose their backslash: `\00` (a NUL) and a visible escape
  // written by inertText (`\x1B`, `\u202E`) must still read as what they stand for.
  return value.replace(/\\([\\",+;<>#= ])/g, "$1");
}
