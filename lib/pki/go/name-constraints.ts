/**
 * Name constraints as Go's crypto/x509 applies them (`isValid` → `checkNameConstraints`): a CA's
 * permitted and excluded subtrees are held against every SAN of every certificate below it in the
 * chain being built — DNS names, emails, URIs by host, IPs by mask. Excluded first, then permitted
 * (an empty permitted list permits all); a certificate without a SAN extension is not checked, and
 * the subject's common name never is. The failure text is Go's.
 */
import { DerReader } from "./der-reader";
import { domainToReverseLabels, parseMailbox, type Mailbox } from "./domain-labels";
import { goIpString, goQuote, goString } from "./go-text";
import type { GoCertificate, GoIpNet } from "./parse-certificate";
import { parseUri } from "./parse-uri";

export interface ConstraintFailure {
  detail: string;
  tooMany?: true;
  /** A SAN Go cannot read while checking: its own error, not "not authorized to sign for this name". */
  plain?: true;
}

type Match<N, C> = (name: N, constraint: C) => { ok: boolean } | { error: string };

function matchDomain(domain: string, constraint: string): { ok: boolean } | { error: string } {
  if (constraint.length === 0) return { ok: true };
  const domainLabels = domainToReverseLabels(domain);
  if (!domainLabels) return { error: `x509: internal error: cannot parse domain ${goQuote(domain)}` };
  const subdomainsOnly = constraint.startsWith(".");
  const trimmed = subdomainsOnly ? constraint.slice(1) : constraint;
  const constraintLabels = domainToReverseLabels(trimmed);
  if (!constraintLabels) return { error: `x509: internal error: cannot parse domain ${goQuote(trimmed)}` };
  if (
    domainLabels.length < constraintLabels.length ||
    (subdomainsOnly && domainLabels.length === constraintLabels.length)
  )
    return { ok: false };
  return { ok: constraintLabels.every((label, i) => equalFold(label, domainLabels[i] ?? "")) };
}

/** strings.EqualFold for the ASCII names certificates hold. */
function equalFold(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function matchEmail(mailbox: Mailbox, constraint: string): { ok: boolean } | { error: string } {
  if (constraint.includes("@")) {
    const wanted = parseMailbox(constraint);
    if (!wanted) return { error: `x509: internal error: cannot parse constraint ${goQuote(constraint)}` };
    return { ok: mailbox.local === wanted.local && equalFold(mailbox.domain, wanted.domain) };
  }
  return matchDomain(mailbox.domain, constraint);
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || (host.includes(":") && /^[0-9a-fA-F:.]+$/.test(host));
}

function matchUri(
  uri: { text: string; host: string },
  constraint: string,
): { ok: boolean } | { error: string } {
  let host = uri.host;
  if (host.length === 0)
    return { error: `URI with empty host (${goQuote(uri.text)}) cannot be matched against constraints` };
  if (host.includes(":") && !host.endsWith("]")) host = host.slice(0, host.lastIndexOf(":"));
  if (isIpLiteral(host) || (host.startsWith("[") && host.endsWith("]")))
    return { error: `URI with IP (${goQuote(uri.text)}) cannot be matched against constraints` };
  return matchDomain(host, constraint);
}

function matchIp(ip: Uint8Array, constraint: GoIpNet): { ok: boolean } {
  if (ip.length !== constraint.ip.length) return { ok: false };
  for (let i = 0; i < ip.length; i++) {
    const mask = constraint.mask[i] ?? 0;
    if (((ip[i] ?? 0) & mask) !== ((constraint.ip[i] ?? 0) & mask)) return { ok: false };
  }
  return { ok: true };
}

/** net.IPNet.String(): `ip/bits` for a canonical mask, `ip/hexmask` otherwise. */
function ipNetString(net: GoIpNet): string {
  let ones = 0;
  let canonical = true;
  let seenZero = false;
  for (const byte of net.mask) {
    for (let bit = 7; bit >= 0; bit--) {
      if ((byte >> bit) & 1) {
        if (seenZero) canonical = false;
        ones++;
      } else seenZero = true;
    }
  }
  const mask = canonical
    ? String(ones)
    : Array.from(net.mask, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${goIpString(net.ip)}/${mask}`;
}

interface Counter {
  count: number;
  max: number;
}

function check<N, C>(
  counter: Counter,
  nameType: string,
  name: string,
  parsed: N,
  match: Match<N, C>,
  permitted: C[],
  excluded: C[],
  show: (constraint: C) => string,
): ConstraintFailure | undefined {
  counter.count += excluded.length;
  if (counter.count > counter.max) return { detail: "", tooMany: true };
  for (const constraint of excluded) {
    const result = match(parsed, constraint);
    if ("error" in result) return { detail: result.error };
    if (result.ok)
      return {
        detail: `${nameType} ${goQuote(name)} is excluded by constraint ${goQuote(show(constraint))}`,
      };
  }
  counter.count += permitted.length;
  if (counter.count > counter.max) return { detail: "", tooMany: true };
  let ok = true;
  for (const constraint of permitted) {
    const result = match(parsed, constraint);
    if ("error" in result) return { detail: result.error };
    ok = result.ok;
    if (ok) break;
  }
  return ok ? undefined : { detail: `${nameType} ${goQuote(name)} is not permitted by any constraint` };
}

function hasConstraints(ca: GoCertificate): boolean {
  const { permitted: p, excluded: e } = ca;
  return [p.dns, p.ip, p.email, p.uri, e.dns, e.ip, e.email, e.uri].some((list) => list.length > 0);
}

/** The first SAN below `ca` in `chain` that its constraints refuse, as Go reports it. */
export function checkNameConstraints(
  ca: GoCertificate,
  chain: readonly GoCertificate[],
  maxComparisons: number,
): ConstraintFailure | undefined {
  if (!hasConstraints(ca)) return undefined;
  const counter: Counter = { count: 0, max: maxComparisons };
  const { permitted, excluded } = ca;
  for (const cert of chain) {
    if (!cert.san) continue;
    const names = new DerReader(cert.san).read(0x30);
    while (names && !names.empty) {
      const name = names.readElement();
      if (!name) break;
      const data = name.contents.rest();
      const text = goString(data);
      let failure: ConstraintFailure | undefined;
      switch (name.tag ^ 0x80) {
        case 1: {
          const mailbox = parseMailbox(text);
          // Go quotes the zero mailbox here, not the name: {"" ""}.
          if (!mailbox) return { detail: 'x509: cannot parse rfc822Name {"" ""}', plain: true };
          failure = check(
            counter,
            "email address",
            text,
            mailbox,
            matchEmail,
            permitted.email,
            excluded.email,
            String,
          );
          break;
        }
        case 2:
          if (!domainToReverseLabels(text))
            return { detail: `x509: cannot parse dnsName ${goQuote(text)}`, plain: true };
          failure = check(counter, "DNS name", text, text, matchDomain, permitted.dns, excluded.dns, String);
          break;
        case 6: {
          const uri = parseUri(text);
          if (!uri.ok)
            return { detail: `x509: internal error: URI SAN ${goQuote(text)} failed to parse`, plain: true };
          failure = check(
            counter,
            "URI",
            text,
            { text, host: uri.host },
            matchUri,
            permitted.uri,
            excluded.uri,
            String,
          );
          break;
        }
        case 7:
          failure = check(
            counter,
            "IP address",
            goIpString(data),
            data,
            matchIp,
            permitted.ip,
            excluded.ip,
            ipNetString,
          );
          break;
      }
      if (failure) return failure;
    }
  }
  return undefined;
}
