/**
 * The node collector as the page offers it: the script the site serves beside the page (the same
 * file `k8s-pki collect` runs), and how to run it on a node. From a site a node can reach, one line
 * fetches and runs it. From a loopback origin (`npm start` on a laptop: localhost, 127.0.0.0/8,
 * [::1], 0.0.0.0) that line would send the node to itself, so the page offers the package's own
 * `collect` command and the steps to copy the script over instead.
 */

/** Where the site serves the collector (public/k8s-pki-collect.sh; the app has no basePath). */
export const COLLECTOR_PATH = "/k8s-pki-collect.sh";

/** The script's file name, as a node keeps it. */
export const COLLECTOR_FILE = "k8s-pki-collect.sh";

/** The option the page recommends: the archive then holds no private key. */
export const PUBLIC_KEYS_ONLY = "--public-keys-only";

/** The package's collect command: the same script, run by the CLI (needs Node.js on the node). */
export const NPX_COLLECT = `sudo npx --yes k8s-pki-explorer collect ${PUBLIC_KEYS_ONLY}`;

/**
 * True when `origin` names this machine only: `localhost` and `*.localhost`, IPv4 127.0.0.0/8, the
 * unspecified 0.0.0.0 (a server bound to every interface, reached here as itself), IPv6 `[::1]` and
 * `[::]`, and IPv4-mapped loopback. An origin that does not parse, or none, is not loopback.
 */
export function isLoopbackOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false; // Not an address at all (empty before the page knows it): nothing to say of it.
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  // The URL parser has already normalised IPv4 (`127.1` → `127.0.0.1`) and IPv6 (`[0:0::1]` → `[::1]`).
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === "0.0.0.0") return true;
  return host === "[::1]" || host === "[::]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * The one line to run on a node: fetch the collector from this site (`origin`, the page's own) and
 * run it as root, keeping only public keys. Without an origin (before the page knows it, or
 * prerendered) the script's address is left to fill in, never a wrong one.
 */
export function collectorCommand(origin: string): string {
  const url = origin ? `${origin}${COLLECTOR_PATH}` : `<this site>${COLLECTOR_PATH}`;
  return `curl -fsSLO ${url} && sudo sh ${COLLECTOR_FILE} ${PUBLIC_KEYS_ONLY}`;
}

export interface CollectorStep {
  /** What the step does, in a few words. */
  why: string;
  command: string;
}

/** How the page offers the collector from `origin`. */
export type CollectorOffer =
  { kind: "one-line"; command: string } | { kind: "loopback"; npx: string; steps: CollectorStep[] };

/**
 * The offer for `origin`: the one-liner from a site a node can reach (or before the origin is
 * known); from a loopback origin, the package's `collect` and the copy-the-script steps, the node
 * written as `NODE` for the person to fill in.
 */
export function collectorOffer(origin: string): CollectorOffer {
  if (!isLoopbackOrigin(origin)) return { kind: "one-line", command: collectorCommand(origin) };
  return {
    kind: "loopback",
    npx: NPX_COLLECT,
    steps: [
      { why: "Copy the downloaded script to the node", command: `scp ${COLLECTOR_FILE} NODE:` },
      { why: "On the node, run it as root", command: `sudo sh ${COLLECTOR_FILE} ${PUBLIC_KEYS_ONLY}` },
      { why: "Bring the archive back, then drop it here", command: "scp 'NODE:*-k8s-pki.tgz' ." },
    ],
  };
}
