/**
 * The list `k8s-pki-collect.sh` writes beside what it gathered (`<host>/k8s-pki-collect.txt`): what
 * it took, replaced and skipped. It is not PKI material, and the report says what it is instead of
 * the generic "text without PEM blocks".
 */
import { basename } from "./resolve-path";

/** The list's file name in every archive the collector writes. */
export const COLLECTOR_LIST_NAME = "k8s-pki-collect.txt";

/** Why the list is not read: the skip reason the report shows. */
export const COLLECTOR_LIST_REASON = "the collector's list of what it gathered";

/** Its first line, followed by the collector's version. */
const FIRST_LINE = "# k8s-pki-collect ";

/**
 * Whether a file is the collector's list: its name and its first line both say so, so a user's
 * own file of that name is still read as anything else would be.
 */
export function isCollectorList(path: string, text: string | undefined): boolean {
  return basename(path) === COLLECTOR_LIST_NAME && text !== undefined && text.startsWith(FIRST_LINE);
}
