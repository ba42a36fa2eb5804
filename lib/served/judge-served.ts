/**
 * What a served chain means for its relationship: whether its leaf is the certificate on disk,
 * and whether the relationship's clients — with the bundles they are configured to verify the
 * server with (a kubeconfig's certificate-authority-data, --etcd-cafile, the etcd peer CA) — would
 * trust what is really served. Chains are judged as Go judges them (engine/evaluate-chain.ts), at
 * the report's `now`.
 */
import type { SignatureVerifier } from "../pki/signature-verifier";
import type { GoRules } from "../pki/go/judge-as-go";
import type { ClusterModel, TrustBundle } from "../cluster/model";
import type { Inventory } from "../inventory";
import { evaluateChain, type ChainOutcome } from "../engine/evaluate-chain";
import { matchServed, type ServedMatch } from "./match-served";

/** One served chain, matched and judged. */
export interface ServedVerdict extends ServedMatch {
  /** True when the served leaf is the configured certificate; absent when nothing is configured. */
  sameAsDisk?: boolean;
  /** Each bundle the relationship's clients verify the server with, and Go's verdict on the served chain. */
  trust: { bundle: TrustBundle; outcome: ChainOutcome }[];
}

export interface ServedOptions {
  now: Date;
  rules: GoRules;
  verifier: SignatureVerifier;
}

/** Match and judge every served chain of the inventory; empty when it holds none. */
export async function judgeServed(
  inventory: Inventory,
  model: ClusterModel,
  options: ServedOptions,
): Promise<ServedVerdict[]> {
  const records = inventory.servedChains ?? [];
  if (records.length === 0) return [];
  const verdicts: ServedVerdict[] = [];
  for (const match of matchServed(records, model, inventory.kubeletConfigs)) {
    const [leaf, ...chain] = match.record.certificates;
    const onDisk = match.onDisk?.cert;
    const trust: ServedVerdict["trust"] = [];
    if (leaf && match.wiring)
      for (const bundle of match.wiring.clientVerifiers) {
        if (bundle.certs.length === 0) continue;
        const outcome = await evaluateChain(leaf, chain, bundle.certs, options.verifier, {
          now: options.now,
          keyUsages: match.wiring.serverEku.includes("serverAuth") ? ["serverAuth"] : ["any"],
          rules: options.rules,
        });
        trust.push({ bundle, outcome });
      }
    verdicts.push({
      ...match,
      ...(leaf && onDisk ? { sameAsDisk: leaf.sha256 === onDisk.sha256 } : {}),
      trust,
    });
  }
  return verdicts;
}
