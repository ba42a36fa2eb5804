/**
 * `x509.Certificate.VerifyHostname` as Go runs it in every Kubernetes client's handshake: an IP
 * (bracketed or not) only against IP SANs; a name case-insensitively against DNS SANs, where a
 * valid pattern may start with a whole-label wildcard (`*.com` included) and a name or pattern
 * that is not a valid hostname only matches exactly. The common name is never read.
 */

/** ASCII lower case only, as Go's toLowerCaseASCII (no Unicode folding of DNS labels). */
function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function validHostname(host: string, isPattern: boolean): boolean {
  const name = isPattern ? host : host.endsWith(".") ? host.slice(0, -1) : host;
  if (name.length === 0 || name === "*") return false;
  return name.split(".").every((part, i) => {
    if (part === "") return false;
    if (isPattern && i === 0 && part === "*") return true;
    for (let j = 0; j < part.length; j++) {
      const c = part[j] ?? "";
      if (/[a-zA-Z0-9_]/.test(c) || (c === "-" && j !== 0)) continue;
      return false;
    }
    return true;
  });
}

function matchExactly(a: string, b: string): boolean {
  if (a === "" || a === "." || b === "" || b === ".") return false;
  return lowerAscii(a) === lowerAscii(b);
}

function matchHostnames(pattern: string, host: string): boolean {
  const p = lowerAscii(pattern);
  const h = lowerAscii(host.endsWith(".") ? host.slice(0, -1) : host);
  if (p.length === 0 || h.length === 0) return false;
  const patternParts = p.split(".");
  const hostParts = h.split(".");
  if (patternParts.length !== hostParts.length) return false;
  return patternParts.every((part, i) => (i === 0 && part === "*") || part === hostParts[i]);
}

/** An IP literal's 16-byte form (IPv4 mapped), as net.ParseIP reads it; undefined if not one. */
export function parseGoIp(text: string): string | undefined {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map((p) => (p.length > 1 && p.startsWith("0") ? NaN : Number(p)));
    if (parts.some((p) => !(p >= 0 && p <= 255))) return undefined;
    return `::ffff:${parts.join(".")}`;
  }
  if (!text.includes(":") || !/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  let head = groups(halves[0] ?? "");
  let tail = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const expand = (list: string[]) => {
    const last = list[list.length - 1];
    if (last?.includes(".")) {
      const mapped = parseGoIp(last);
      if (!mapped) return undefined;
      const [a, b, c, d] = mapped.slice(7).split(".").map(Number);
      return [
        ...list.slice(0, -1),
        (((a ?? 0) << 8) | (b ?? 0)).toString(16),
        (((c ?? 0) << 8) | (d ?? 0)).toString(16),
      ];
    }
    return list;
  };
  const h = expand(head);
  const t = expand(tail);
  if (!h || !t) return undefined;
  head = h;
  tail = t;
  const count = head.length + tail.length;
  if ((halves.length === 1 && count !== 8) || count > (halves.length === 2 ? 7 : 8)) return undefined;
  if ([...head, ...tail].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  const all = [...head, ...new Array<string>(8 - count).fill("0"), ...tail].map((g) => parseInt(g, 16));
  if (all.slice(0, 5).every((g) => g === 0) && all[5] === 0xffff)
    return `::ffff:${[all[6] ?? 0, all[7] ?? 0].flatMap((g) => [g >> 8, g & 0xff]).join(".")}`;
  return all.map((g) => g.toString(16)).join(":");
}

/** Whether Go's VerifyHostname accepts `host` for these SANs. */
export function goHostnameMatches(
  dnsNames: readonly string[],
  ipAddresses: readonly string[],
  host: string,
): boolean {
  const candidate = host.length >= 3 && host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const ip = parseGoIp(candidate);
  if (ip !== undefined) return ipAddresses.some((san) => parseGoIp(san) === ip);
  const name = lowerAscii(host);
  const validName = validHostname(name, false);
  return dnsNames.some((pattern) =>
    validName && validHostname(pattern, true) ? matchHostnames(pattern, name) : matchExactly(pattern, name),
  );
}
