/**
 * The text `openssl s_client -connect host:port -showcerts` prints, read for what a running process
 * served: the address dialled, whether the connection worked, and the certificates of the
 * `Certificate chain` section, leaf first. OpenSSL 1.1 prints ` 0 s:` / `   i:` lines and the PEM
 * blocks; 3.x adds `a:PKEY:` and `v:NotBefore:` lines and may print `Connecting to <host>` first.
 * A failed dial prints `connect:errno=111` (refused) or a BIO error and no chain.
 *
 * Only whole lines are matched, each with an anchored pattern of bounded parts, and the text is
 * walked once: a huge or hostile paste costs its length, never more.
 */
import { parsePem } from "../ingest/parse-pem";

/** What became of the dial: a chain, a refused or unanswered port, or a port that speaks no TLS. */
export type ServedOutcome = "ok" | "refused" | "timeout" | "no-tls" | "error";

/** What one s_client run says, before its certificates are read into records. */
export interface SClientText {
  host?: string;
  port?: number;
  outcome: ServedOutcome;
  /** openssl's own words for a failure (`connect:errno=111`), or the verify result. */
  detail?: string;
  /** DER of the chain the server sent, leaf first; empty when it sent none. */
  chain: Uint8Array[];
  /** Blocks that could not be decoded, with why. */
  problems: string[];
  /** `Verify return code: 10 (certificate has expired)`: what openssl thought of it with its own CAs. */
  verifyReturn?: string;
}

const CONNECTED = /^CONNECTED\([0-9A-Fa-f]{1,16}\)/m;
const ERRNO = /^connect:errno=\d{1,5}\s*$/m;
const CHAIN_ENTRY = /^ ?\d{1,3} s:.{0,4096}$/m;
const VERIFY_RETURN = /^\s{0,8}Verify return code: \d{1,4} \(/m;
/** How far into a file recognition looks: s_client output starts with these lines. */
const SNIFF_CHARS = 64 * 1024;

/**
 * True when the text is `openssl s_client` output: a `CONNECTED(…)` line, a `connect:errno=` line,
 * or a `Certificate chain` section with a ` 0 s:` line, or a `Verify return code:` line beside PEM.
 */
export function isSClientText(text: string): boolean {
  const head = text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text;
  if (CONNECTED.test(head) || ERRNO.test(head)) return true;
  if (/^Certificate chain\s*$/m.test(head) && CHAIN_ENTRY.test(head)) return true;
  return VERIFY_RETURN.test(head) && head.includes("-----BEGIN CERTIFICATE-----");
}

/** `host:port`, `[v6]:port` → parts; undefined when the port is not a port. */
export function splitAddress(address: string): { host: string; port: number } | undefined {
  const match = /^\[?([A-Za-z0-9.:_-]{1,253}?)\]?:(\d{1,5})$/.exec(address.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1], port } : undefined;
}

/** The address the run dialled: an echoed `-connect host:port`, else `Connecting to <host>`. */
function dialled(lines: readonly string[]): { host?: string; port?: number } {
  for (const line of lines) {
    const connect = /(?:^|\s)-connect[= ](\S{1,300})/.exec(line);
    const parts = connect?.[1] ? splitAddress(connect[1]) : undefined;
    if (parts) return parts;
  }
  for (const line of lines) {
    const connecting = /^Connecting to (\S{1,300})\s*$/.exec(line);
    if (connecting?.[1]) return splitAddress(connecting[1]) ?? { host: connecting[1] };
  }
  return {};
}

/** Why no chain came: openssl's words for a failed dial or handshake, or undefined. */
function failure(lines: readonly string[]): { outcome: ServedOutcome; detail: string } | undefined {
  for (const line of lines) {
    if (/^connect:errno=111\s*$/.test(line) || /Connection refused/.test(line))
      return { outcome: "refused", detail: "connection refused (connect:errno=111)" };
    if (/^connect:errno=110\s*$/.test(line) || /Connection timed out/.test(line))
      return { outcome: "timeout", detail: "connection timed out (connect:errno=110)" };
  }
  for (const line of lines) {
    if (
      /wrong version number|packet length too long|unexpected eof|no peer certificate available/i.test(line)
    )
      return { outcome: "no-tls", detail: line.trim().slice(0, 200) };
    const errno = /^connect:errno=(\d{1,5})\s*$/.exec(line);
    if (errno) return { outcome: "error", detail: `connect:errno=${errno[1] ?? ""}` };
  }
  return undefined;
}

/** The lines after a `heading` line up to the next `---` line (not a PEM line's dashes). */
function section(text: string, heading: RegExp): string | undefined {
  const start = heading.exec(text);
  if (!start) return undefined;
  const from = start.index + start[0].length;
  const rule = /^---\s*$/gm;
  rule.lastIndex = from;
  const end = rule.exec(text);
  return text.slice(from, end ? end.index : text.length);
}

/** The `Certificate chain` section (-showcerts: every certificate sent, leaf first). */
const chainSection = (text: string) => section(text, /^Certificate chain\s*$/m);
/** The `Server certificate` section, whose PEM block is printed when -showcerts is not given. */
const serverCertificate = (text: string) => section(text, /^Server certificate\s*$/m);

/** Read one s_client run. Never throws; undecodable blocks are named in `problems`. */
export function parseSClient(text: string): SClientText {
  const lines = text.split(/\r?\n/, 200_000);
  const { host, port } = dialled(lines);
  const verify = /^\s{0,8}Verify return code: (\d{1,4} \([^)\n]{0,200}\))/m.exec(text)?.[1];
  const chain: Uint8Array[] = [];
  const problems: string[] = [];
  for (const section of [chainSection(text), serverCertificate(text)]) {
    if (section === undefined) continue;
    for (const block of parsePem(section)) {
      if (block.type !== "CERTIFICATE") continue;
      if (block.der) chain.push(block.der);
      else problems.push(`block ${block.index}: ${block.error ?? "not decoded"}`);
    }
    if (chain.length > 0) break;
  }
  const failed = chain.length === 0 ? failure(lines) : undefined;
  const outcome: ServedOutcome =
    chain.length > 0 ? "ok" : (failed?.outcome ?? (CONNECTED.test(text) ? "no-tls" : "error"));
  const detail = failed?.detail ?? (chain.length === 0 ? "the output holds no certificate chain" : undefined);
  return {
    ...(host !== undefined ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    outcome,
    ...(detail !== undefined ? { detail } : {}),
    chain,
    problems,
    ...(verify !== undefined ? { verifyReturn: verify } : {}),
  };
}
