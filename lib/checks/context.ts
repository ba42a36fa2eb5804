/**
 * Build the check context: evaluate every chain once (the slow, async part) so the synchronous rules
 * can share the verdicts, and index which relationships use each certificate.
 */
import type { Inventory } from "../ingest/types";
import type { ClusterModel, RelationshipPlan } from "../cluster/model";
import type { SignatureVerifier } from "../pki/signature-verifier";
import { evaluateChain } from "./evaluate-chain";
import type { CheckContext, Verification } from "./types";

export interface ContextOptions {
  now: Date;
  warnDays: number;
  warnFraction: number;
  verifier: SignatureVerifier;
}

/** Certificates a plan involves: presented leaves and chains, and the bundles both ends trust. */
export function planCertIds(plan: RelationshipPlan): Set<string> {
  const ids = new Set<string>();
  for (const credential of [plan.clientCredential, plan.serverCredential]) {
    if (credential?.cert) ids.add(credential.cert.id);
    for (const cert of credential?.chain ?? []) ids.add(cert.id);
  }
  for (const bundle of [...plan.clientVerifiers, ...plan.serverVerifiers])
    for (const cert of bundle.certs) ids.add(cert.id);
  return ids;
}

/** Evaluate the chains of every plan and index certificate usage. */
export async function buildCheckContext(
  inventory: Inventory,
  model: ClusterModel,
  options: ContextOptions,
): Promise<CheckContext> {
  const verifications: Verification[] = [];
  for (const plan of model.plans) {
    const directions = [
      { verifier: "server" as const, credential: plan.clientCredential, bundles: plan.serverVerifiers },
      { verifier: "client" as const, credential: plan.serverCredential, bundles: plan.clientVerifiers },
    ];
    for (const { verifier, credential, bundles } of directions) {
      if (!credential?.cert) continue;
      for (const bundle of bundles) {
        const outcome = await evaluateChain(
          credential.cert,
          credential.chain,
          bundle.certs,
          options.verifier,
        );
        verifications.push({ plan, verifier, credential, bundle, outcome });
      }
    }
  }
  const usage = new Map<string, RelationshipPlan[]>();
  for (const plan of model.plans) {
    for (const id of planCertIds(plan)) {
      const list = usage.get(id) ?? [];
      list.push(plan);
      usage.set(id, list);
    }
  }
  return {
    inventory,
    model,
    now: options.now,
    warnDays: options.warnDays,
    warnFraction: options.warnFraction,
    verifications,
    usage,
  };
}
