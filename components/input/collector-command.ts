/**
 * The node collector as the page offers it: the script the site serves beside the page (the same
 * file `k8s-pki collect` runs), and the one line that fetches and runs it on a node.
 */

/** Where the site serves the collector (public/k8s-pki-collect.sh; the app has no basePath). */
export const COLLECTOR_PATH = "/k8s-pki-collect.sh";

/** The option the page recommends: the archive then holds no private key. */
export const PUBLIC_KEYS_ONLY = "--public-keys-only";

/**
 * The one line to run on a node: fetch the collector from this site (`origin`, the page's own) and
 * run it as root, keeping only public keys. Without an origin (before the page knows it, or
 * prerendered) the script's address is left to fill in, never a wrong one.
 */
export function collectorCommand(origin: string): string {
  const url = origin ? `${origin}${COLLECTOR_PATH}` : `<this site>${COLLECTOR_PATH}`;
  return `curl -fsSLO ${url} && sudo sh k8s-pki-collect.sh ${PUBLIC_KEYS_ONLY}`;
}
