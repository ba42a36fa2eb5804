/**
 * Which certificate authorities a set of files belongs to, by key, so the page can tell a second
 * node of the loaded cluster (it shares a CA) from another cluster (it shares none) before merging
 * them. Names, dates and serials are not evidence: two kubeadm clusters both have a CA called
 * `kubernetes`, and a renewed CA keeps its name. Keys are.
 */
import type { Inventory } from "../inventory";

/** The authority keys seen in one drop, and the CAs' names to show when asking. */
export interface AuthorityKeys {
  /**
   * `key:<canonical public key>` of every CA or self-issued certificate, `id:<hex>` of its subject
   * key identifier and of every certificate's authority key identifier (which names the issuer's key
   * even when the issuer's certificate is not in the drop, as on a worker node).
   */
  keys: string[];
  /** Subject common names (or subjects) of the CA certificates, deduplicated, in input order. */
  authorities: string[];
}

/** The authority keys of an inventory's certificates (kubeconfig-embedded ones included). */
export function authorityKeys(inventory: Inventory): AuthorityKeys {
  const keys = new Set<string>();
  const authorities = new Set<string>();
  for (const certificate of inventory.certificates) {
    if (certificate.authorityKeyId) keys.add(`id:${certificate.authorityKeyId}`);
    if (!certificate.isCA && !certificate.selfIssued) continue;
    keys.add(`key:${certificate.publicKey.canonical}`);
    if (certificate.subjectKeyId) keys.add(`id:${certificate.subjectKeyId}`);
    if (certificate.isCA) authorities.add(certificate.subjectCN ?? certificate.subject);
  }
  return { keys: [...keys], authorities: [...authorities] };
}

/**
 * Whether a new drop may join what is loaded without asking: yes when they share an authority key,
 * or when either side has no certificate to compare (a lone kubelet config, a manifest folder) —
 * there is no evidence of a second cluster then, only of more files.
 */
export function joinsLoaded(loaded: readonly AuthorityKeys[], added: AuthorityKeys): boolean {
  const known = new Set(loaded.flatMap((entry) => entry.keys));
  if (known.size === 0 || added.keys.length === 0) return true;
  return added.keys.some((key) => known.has(key));
}
