/**
 * Build the check context: evaluate every chain once (the slow, async part) so the synchronous rules
 * can share the verdicts, and index which relationships use each certificate.
 */
import { trackStage, type ProgressHooks } from "../analysis-progress";
import type { CertificateRecord, Inventory } from "../inventory";
import type { ClusterModel, RelationshipWiring } from "../cluster/model";
import { createIssuerIndex, MAX_FAILED_ISSUER_CHECKS } from "../pki/find-issuers";
import type { SignatureVerifier } from "../pki/signature-verifier";
import { goRulesFor } from "../pki/go/judge-as-go";
import { evaluateChain } from "./evaluate-chain";
import { judgeServed } from "../served/judge-served";
import type { CheckContext, Verification } from "./rule";
import type { Policy } from "../policy/policy";

/** `onProgress` counts chain verifications; `isCancelled` is checked between them. */
export interface ContextOptions extends ProgressHooks {
  now: Date;
  warnDays: number;
  warnFraction: number;
  caHorizonDays: number;
  verifier: SignatureVerifier;
  /** A verify-stage tracker shared by several models judged in turn (HA groups); else one is made. */
  verifyTracker?: ReturnType<typeof trackStage>;
  /** The audit policy for the POLICY_* rules (absent: none). */
  policy?: Policy;
}

/** Certificates a wiring involves: presented leaves and chains, and the bundles both ends trust. */
export function wiringCertIds(wiring: RelationshipWiring): Set<string> {
  const ids = new Set<string>();
  for (const credential of [wiring.clientCredential, wiring.serverCredential]) {
    if (credential?.cert) ids.add(credential.cert.id);
    for (const cert of credential?.chain ?? []) ids.add(cert.id);
  }
  for (const bundle of [...wiring.clientVerifiers, ...wiring.serverVerifiers])
    for (const cert of bundle.certs) ids.add(cert.id);
  return ids;
}

/**
 * The certificates a wiring really uses, once its chains are judged: its credentials, and of what
 * is presented with them and what its bundles hold, only what lies on a path Go verified — an
 * expired cross-certificate sent beside a valid path, or an old CA left in a bundle next to the
 * current one, does not break the connection and does not colour it. Where a verification fails,
 * every certificate it could have used stays in, since any of them may be the fault. Callers pass
 * the wiring's own verifications (grouped once: a fleet has ten thousand wirings).
 */
export function usedCertIds(wiring: RelationshipWiring, verifications: readonly Verification[]): Set<string> {
  const own = verifications.filter((v) => v.wiring === wiring);
  if (own.length === 0 || own.some((v) => v.outcome.verdict !== "trusted")) return wiringCertIds(wiring);
  const ids = new Set<string>();
  for (const credential of [wiring.clientCredential, wiring.serverCredential])
    if (credential?.cert) ids.add(credential.cert.id);
  for (const v of own) for (const cert of v.outcome.path ?? []) ids.add(cert.id);
  // A side nobody verified here (no bundle on that end) keeps what it presents.
  for (const [credential, bundles] of [
    [wiring.clientCredential, wiring.serverVerifiers],
    [wiring.serverCredential, wiring.clientVerifiers],
  ] as const) {
    if (bundles.length > 0) continue;
    for (const cert of credential?.chain ?? []) ids.add(cert.id);
  }
  return ids;
}

/** Every verification a model's relationships need: who verifies which certificate with which bundle. */
export function wiredVerifications(model: ClusterModel) {
  return model.wirings.flatMap((wiring) => {
    const directions = [
      { verifier: "server" as const, credential: wiring.clientCredential, bundles: wiring.serverVerifiers },
      { verifier: "client" as const, credential: wiring.serverCredential, bundles: wiring.clientVerifiers },
    ];
    return directions.flatMap(({ verifier, credential, bundles }) => {
      const cert = credential?.cert;
      return cert ? bundles.map((bundle) => ({ wiring, verifier, credential, cert, bundle })) : [];
    });
  });
}

/**
 * The extended key usage a verifier asks Go for: a server verifying a client certificate asks
 * clientAuth, a client verifying a server asks serverAuth (crypto/tls and the apiserver's x509
 * authenticator do exactly that); a relationship that needs none asks for any.
 */
function requestedUsage(wiring: RelationshipWiring, verifier: "client" | "server"): string[] {
  const required = verifier === "server" ? wiring.clientEku : wiring.serverEku;
  if (required.length === 0) return ["any"];
  const usage = verifier === "server" ? "clientAuth" : "serverAuth";
  return required.includes(usage) ? [usage] : required.slice(0, 1);
}

/** Signature checks kept in flight while the chains are prepared. */
const PREFETCH_LANES = 64;
/** Checks started between two cancellation checkpoints. */
const CHECKPOINT_EVERY = 256;

/**
 * Check every certificate against its most likely issuer with many checks in flight at once, so
 * WebCrypto verifies on its own threads while this one prepares the next, instead of one
 * verification waited for after another. The chains below need nearly all of these verdicts and
 * find them in the verifier's cache.
 */
async function prefetchIssuerChecks(
  certificates: readonly CertificateRecord[],
  index: ReturnType<typeof createIssuerIndex>,
  verifier: SignatureVerifier,
  tracker: ReturnType<typeof trackStage>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < certificates.length) {
      const claimed = next++;
      // One checkpoint per CHECKPOINT_EVERY checks started, whichever lane starts it.
      if (claimed % CHECKPOINT_EVERY === 0) await tracker.checkpoint();
      const cert = certificates[claimed];
      const [likely] = cert ? index.candidates(cert) : [];
      if (cert && likely) await verifier.verifyDetailed(cert, likely);
    }
  };
  await Promise.all(Array.from({ length: PREFETCH_LANES }, lane));
}

/** Evaluate the chains of every wiring and index certificate usage. */
export async function buildCheckContext(
  inventory: Inventory,
  model: ClusterModel,
  options: ContextOptions,
): Promise<CheckContext> {
  const wired = wiredVerifications(model);
  // Counted up front so progress can say "n of total" while the chains are evaluated one by one.
  const tracker = options.verifyTracker ?? trackStage("verify", wired.length, options);
  const index = createIssuerIndex(inventory.certificates);
  const rules = goRulesFor(model.version);
  await prefetchIssuerChecks(inventory.certificates, index, options.verifier, tracker);
  const verifications: Verification[] = [];
  for (const { wiring, verifier, credential, cert, bundle } of wired) {
    await tracker.checkpoint();
    const outcome = await evaluateChain(cert, credential.chain, bundle.certs, options.verifier, {
      now: options.now,
      keyUsages: requestedUsage(wiring, verifier),
      rules,
      // A CA file (not a kubeconfig's data, not the apiserver's kubelet CA, which client-go reads
      // leniently) is loaded strictly at start-up.
      strictBundle: !bundle.fromKubeconfig && wiring.id !== "kubelet-serving",
    });
    verifications.push({ wiring, verifier, credential, bundle, outcome });
    tracker.advance();
  }
  // Issuer links by signature for every certificate, the report's issuerId among them. The
  // verifier caches each (child, issuer) verdict, so the chains above cost nothing twice. Beyond
  // each certificate's most likely issuer, failed checks are bounded per analysis: a drop of
  // hundreds of same-name CAs with distinct keys and no key ids would otherwise cost each of
  // them a hundred checks.
  const issuers = new Map<string, CertificateRecord>();
  let failed = 0;
  for (const cert of inventory.certificates) {
    await tracker.checkpoint();
    for (const [rank, candidate] of index.candidates(cert).entries()) {
      if (rank > 0 && failed >= MAX_FAILED_ISSUER_CHECKS) break;
      if (await options.verifier.verify(cert, candidate)) {
        issuers.set(cert.id, candidate);
        break;
      }
      failed++;
    }
  }
  const byWiring = new Map<RelationshipWiring, Verification[]>();
  for (const verification of verifications) {
    const list = byWiring.get(verification.wiring);
    if (list) list.push(verification);
    else byWiring.set(verification.wiring, [verification]);
  }
  const usage = new Map<string, RelationshipWiring[]>();
  for (const wiring of model.wirings) {
    for (const id of usedCertIds(wiring, byWiring.get(wiring) ?? [])) {
      const list = usage.get(id) ?? [];
      list.push(wiring);
      usage.set(id, list);
    }
  }
  const served = await judgeServed(inventory, model, { now: options.now, rules, verifier: options.verifier });
  return {
    inventory,
    model,
    now: options.now,
    warnDays: options.warnDays,
    warnFraction: options.warnFraction,
    caHorizonDays: options.caHorizonDays,
    verifications,
    issuers,
    usage,
    ...(served.length > 0 ? { served } : {}),
    ...(options.policy ? { policy: options.policy } : {}),
  };
}
