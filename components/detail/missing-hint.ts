/**
 * What to drop to turn an `unknown` relationship into a checked one. The report says what was not
 * found ("kube-apiserver --proxy-client-cert-file: /etc/kubernetes/pki/front-proxy-client.crt");
 * when that names an absolute path, the hint names the file and the folder it lives in, otherwise
 * it points at the two folders a node's PKI lives in. No hint when the report already says no file
 * can settle it (a service-account token, an exec plugin) or that the absence is normal.
 */

const ABSOLUTE_PATH = /(?:^|[\s:(=])(\/[^\s,;)]+)/;
const NOTHING_TO_DROP = /not a file|cannot be verified from files|normal after|has no credential/i;

/** A short instruction for one `missing` entry of a relationship, or undefined when dropping more cannot help. */
export function missingHint(missing: string): string | undefined {
  if (NOTHING_TO_DROP.test(missing)) return undefined;
  const path = ABSOLUTE_PATH.exec(missing)?.[1]?.replace(/[.:]+$/, "");
  if (path) {
    const folder = path.slice(0, path.lastIndexOf("/")) || "/";
    return `Drop ${path} too — or the whole ${folder} folder — to check this side.`;
  }
  return "If this exists on the node, drop /etc/kubernetes and /var/lib/kubelet together to check it.";
}
