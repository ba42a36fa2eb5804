/**
 * Go's ways of writing values into error text, so a message this product prints is the message
 * the component logs: `%q` (strconv.Quote), net.IP.String and time.RFC3339.
 */

/** `strconv.Quote` for the strings certificates hold: printable runes kept, the rest escaped. */
export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\t") out += "\\t";
    else if (char === "\r") out += "\\r";
    else if (char === "\u0007") out += "\\a";
    else if (char === "\b") out += "\\b";
    else if (char === "\f") out += "\\f";
    else if (char === "\v") out += "\\v";
    else if (code === 0xfffd) out += "\\ufffd";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

const UTF8 = new TextDecoder("utf-8", { fatal: false });

/** `String.fromCharCode` over any number of codes, in slices the argument list can hold. */
export function charCodes(codes: ArrayLike<number>): string {
  let out = "";
  for (let i = 0; i < codes.length; i += 4096)
    out += String.fromCharCode(...Array.prototype.slice.call(codes, i, i + 4096));
  return out;
}

/** Bytes as Go's `string(bytes)` reads them: UTF-8, each invalid byte one U+FFFD. */
export function goString(bytes: Uint8Array): string {
  // ASCII, by far the usual case, needs no decoder.
  let ascii = true;
  for (const byte of bytes)
    if (byte > 0x7f) {
      ascii = false;
      break;
    }
  return ascii && bytes.length <= 4096 ? String.fromCharCode(...bytes) : UTF8.decode(bytes);
}

/** `net.IP.String()` for a 4- or 16-byte address (an IPv4-mapped IPv6 address prints dotted). */
export function goIpString(ip: Uint8Array): string {
  const mapped =
    ip.length === 16 && ip.subarray(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
  if (ip.length === 4 || mapped) return Array.from(ip.subarray(ip.length - 4)).join(".");
  if (ip.length !== 16) return `?${Array.from(ip, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip[i] ?? 0) << 8) | (ip[i + 1] ?? 0));
  // The longest run of two or more zero groups becomes "::" (the first of equal runs).
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (list: number[]) => list.map((g) => g.toString(16)).join(":");
  if (bestLength < 2) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/** `time.Time.Format(time.RFC3339)` of an instant in UTC. */
export function goRfc3339(ms: number, offsetMinutes = 0): string {
  const shifted = new Date(ms + offsetMinutes * 60_000);
  const base = shifted.toISOString().replace(/\.\d{3}Z$/, "");
  if (offsetMinutes === 0) return `${base}Z`;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${base}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
