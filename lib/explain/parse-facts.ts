/**
 * The facts a pasted error carries: the candidate authority's name, the host wanted and the names
 * the certificate is valid for, the dates of "current time X is after Y", a serial and key ids, an
 * address, a path, a node. Every expression is bounded, and the text is capped before it is read,
 * so a huge or hostile paste costs linear time.
 */

/** At most this many characters of a paste are read (64 KiB): an error, a log excerpt, an alert. */
export const MAX_EXPLAIN_TEXT = 65_536;

export interface ExplainFacts {
  /** The CN Go names in "while trying to verify candidate authority certificate "X"". */
  candidateAuthority?: string;
  /** Why that candidate failed, e.g. "crypto/rsa: verification error". */
  hintError?: string;
  /** The verifier's clock in "current time X is after/before Y". */
  currentTime?: string;
  /** An expiry instant the text names (ISO 8601). */
  notAfter?: string;
  /** A start-of-validity instant the text names (ISO 8601). */
  notBefore?: string;
  /** The host or address a client dialled and the certificate did not name. */
  wantedHost?: string;
  /** The names the presented certificate is valid for, as Go lists them. */
  validFor?: string[];
  /** A serial number, lowercase hex without leading zeros (the apiserver prints it in decimal). */
  serial?: string;
  /** Subject and authority key ids, lowercase hex without colons. */
  subjectKeyId?: string;
  authorityKeyId?: string;
  serverName?: string;
  /** The address a rejected connection came from (etcd). */
  remoteAddress?: string;
  /** A URL the failing request went to. */
  url?: string;
  /** A host (name or IP) of that URL or address, without the port. */
  host?: string;
  /** The port of that URL or address. */
  port?: string;
  /** A file path the text names (a kubeconfig). */
  path?: string;
  /** A node name (`node="control-1"`, `node=control-1`). */
  node?: string;
  /** The certificate manager's signer (kube-apiserver-client-kubelet, kubelet-serving). */
  signer?: string;
  /** The kubeadm base name of a certificate (apiserver, apiserver-etcd-client, …). */
  certificateName?: string;
  /** A certificate's SHA-256 (the apiserver's X509SHA256 credential id). */
  sha256?: string;
  algorithm?: string;
  /** IP addresses and host names seen anywhere in the text, for an unrecognised one. */
  hosts: string[];
}

/** Go's time.Time String(): `2026-05-01 00:00:00 +0000 UTC` (fractions optional). */
const GO_TIME = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.\d{1,9})? ([+-]\d{4})(?: [A-Z]{1,5})?/;

/** An instant in RFC 3339 or Go's String() form as ISO 8601, or undefined. */
export function parseInstant(text: string): string | undefined {
  const go = GO_TIME.exec(text);
  const iso = go ? `${go[1]}T${go[2]}${go[3]?.slice(0, 3)}:${go[3]?.slice(3)}` : text;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function first(re: RegExp, text: string): string | undefined {
  return re.exec(text)?.[1];
}

/** Colon-separated uppercase hex (the apiserver's key ids) as plain lowercase hex. */
function plainHex(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const hex = value.replace(/:/g, "").toLowerCase();
  return hex === "" ? undefined : hex;
}

/** A decimal serial as lowercase hex without leading zeros. */
function decimalToHex(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return BigInt(value).toString(16);
}

function splitHostPort(value: string): { host: string; port?: string } {
  const bracketed = /^\[([^\]]{1,64})\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed?.[1]) return { host: bracketed[1], ...(bracketed[2] ? { port: bracketed[2] } : {}) };
  const parts = /^([^:]{1,256}):(\d{1,5})$/.exec(value);
  if (parts?.[1] && parts[2]) return { host: parts[1], port: parts[2] };
  return { host: value };
}

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const HOSTNAME = /\bhttps?:\/\/([A-Za-z0-9.-]{1,253})/g;

/** Up to 20 IPv4 addresses and URL hosts in the text, in order of appearance, once each. */
function hostsIn(text: string): string[] {
  const seen = new Set<string>();
  for (const re of [IPV4, HOSTNAME]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m && seen.size < 20; m = re.exec(text)) seen.add(m[1] ?? m[0]);
  }
  return [...seen];
}

/** Read the facts of a pasted text (capped at MAX_EXPLAIN_TEXT characters). */
export function parseFacts(input: string): ExplainFacts {
  // Logs quote the error inside err="…": unescape \" so one set of expressions reads both.
  const text = input.slice(0, MAX_EXPLAIN_TEXT).replace(/\\"/g, '"');
  const facts: ExplainFacts = { hosts: hostsIn(text) };
  const set = <K extends keyof ExplainFacts>(key: K, value: ExplainFacts[K] | undefined) => {
    if (value !== undefined && value !== "") facts[key] = value;
  };
  const candidate =
    /possibly because of "([^"\n]{1,200})" while trying to verify candidate authority certificate "([^"\n]{0,256})"/.exec(
      text,
    );
  if (candidate) {
    set("hintError", candidate[1]);
    set("candidateAuthority", candidate[2]);
  }
  const dates = /current time (\S{1,40}) is (after|before) (\S{1,40}?)[,"\])]?(?:\s|$)/.exec(text);
  if (dates?.[1] && dates[3]) {
    set("currentTime", parseInstant(dates[1]));
    set(dates[2] === "after" ? "notAfter" : "notBefore", parseInstant(dates[3].replace(/[,"\])]+$/, "")));
  }
  const valid = /certificate is valid for ([^\n]{1,4000}?), not ([^\s",\])]{1,256})/.exec(text);
  if (valid?.[1] && valid[2]) {
    set("validFor", valid[1].split(", ").slice(0, 200));
    set("wantedHost", valid[2]);
  }
  set("wantedHost", facts.wantedHost ?? first(/but wanted to match ([^\s",\])]{1,256})/, text));
  set("wantedHost", facts.wantedHost ?? first(/cannot validate certificate for (\S{1,256}) because/, text));
  const sn = /SN=(\d{1,60}), SKID=([0-9A-F:]{0,200}), AKID=([0-9A-F:]{0,200})/.exec(text);
  if (sn) {
    set("serial", decimalToHex(sn[1]));
    set("subjectKeyId", plainHex(sn[2]));
    set("authorityKeyId", plainHex(sn[3]));
  }
  set(
    "serverName",
    first(/ServerName:? "([^"\n]{1,256})"/, text) ?? first(/"server-name":"([^"\n]{1,256})"/, text),
  );
  set(
    "remoteAddress",
    first(/rejected connection from "([^"\n]{1,256})"/, text) ??
      first(/"remote-addr":"([^"\n]{1,256})"/, text),
  );
  set("url", first(/(https?:\/\/[^\s"\\]{1,512})/, text));
  const address = facts.url
    ? /^https?:\/\/([^/?#]{1,300})/.exec(facts.url)?.[1]
    : (facts.remoteAddress ?? first(/Addr: "([^"\n]{1,256})"/, text));
  if (address) {
    const { host, port } = splitHostPort(address);
    set("host", host);
    set("port", port);
  }
  const kubeconfig = /bootstrap client certificate in (\S{1,512}) is expired: ([^\n"]{1,60})/i.exec(text);
  if (kubeconfig) {
    set("path", kubeconfig[1]);
    set("notAfter", parseInstant(kubeconfig[2] ?? ""));
  }
  set("node", first(/\bnode="([^"\n]{1,253})"/, text) ?? first(/\bnode ?= ?([A-Za-z0-9.-]{1,253})/, text));
  set("node", facts.node ?? first(/on node ([A-Za-z0-9.-]{1,253}?)\.?(?:\s|$)/, text));
  const signer = /kubernetes\.io\/(kube-apiserver-client-kubelet|kubelet-serving)/.exec(text);
  if (signer) {
    set("signer", signer[1]);
    set(
      "notAfter",
      facts.notAfter ?? parseInstant(first(/Certificate expiration is ([^,\n]{1,60})/, text) ?? ""),
    );
  }
  set("certificateName", first(/certificate ([a-z0-9-]{1,60}) is not signed by corresponding CA/, text));
  set("sha256", first(/X509SHA256=([0-9a-f]{64})/, text));
  set("algorithm", first(/insecure algorithm ([A-Za-z0-9-]{1,40})/, text));
  return facts;
}
