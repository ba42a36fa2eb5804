/**
 * Which key each certificate of a drop holds, by the certificate's SHA-256: what tells a renewal on
 * the same key (a hand-made or cert-manager renewal that keeps it) from a re-key (`kubeadm certs
 * renew` and the kubelet's rotation make a new one, k8s-pki-spec §1.4). The
 * report carries fingerprints but not keys, so the edges that compare two drops read the files once
 * more for this; without it a new certificate from the same CA is only `reissued`.
 */
import { ingest } from "../ingest/ingest";
import type { InputFile, Inventory } from "../inventory";
import { sha256Hex } from "../pki/sha256-hex";

/** Certificate SHA-256 → a short digest of its public key (equal digests: the same key pair). */
export type KeyIdentities = Record<string, string>;

/** The key identity of every certificate in an inventory. */
export function keyIdentitiesOf(inventory: Pick<Inventory, "certificates">): KeyIdentities {
  const result: KeyIdentities = {};
  const encoder = new TextEncoder();
  for (const cert of inventory.certificates)
    result[cert.sha256] = sha256Hex(encoder.encode(cert.publicKey.canonical)).slice(0, 32);
  return result;
}

/**
 * Read `files` (not consumed: the analysis reads them after) and return their certificates' key
 * identities. Costs one more read of the drop; only the diff pays it.
 */
export async function readKeyIdentities(
  files: InputFile[],
  options: { crypto: Crypto; passwords?: readonly string[] },
): Promise<KeyIdentities> {
  const inventory = await ingest(files, {
    crypto: options.crypto,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  return keyIdentitiesOf(inventory);
}
