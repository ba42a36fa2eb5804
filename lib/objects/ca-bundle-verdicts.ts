/**
 * For each place the apiserver dials with a `caBundle` (a webhook, an APIService, a CRD's conversion
 * webhook): the serving certificate of its Service, found from configured facts
 * (serving-certificate.ts), and whether the bundle verifies it (verify-bundle.ts). Computed once per
 * check context and shared by the rules that speak of it.
 */
import type { CertificateRecord } from "../inventory";
import type { CheckContext } from "../engine/rule";
import { findServingCertificate, type ServingCertificate } from "./serving-certificate";
import type { CaBundleClient, ServiceRef } from "./trust-objects";
import { verifyWithBundle, type BundleVerdict } from "./verify-bundle";

/** One client and what is known of its serving side. */
export type CaBundleVerdict =
  | {
      client: CaBundleClient;
      service: ServiceRef;
      bundle: CertificateRecord[];
      serving: ServingCertificate;
      verdict: BundleVerdict;
    }
  | { client: CaBundleClient; service: ServiceRef; bundle: CertificateRecord[]; unknown: string };

const cache = new WeakMap<CheckContext, CaBundleVerdict[]>();

/**
 * The verdict of every client that names a Service and verifies it (URL webhooks name no Service
 * whose Secret could be found; an APIService with insecureSkipTLSVerify verifies nothing).
 */
export function caBundleVerdicts(ctx: CheckContext): CaBundleVerdict[] {
  const known = cache.get(ctx);
  if (known) return known;
  const byId = new Map(ctx.inventory.certificates.map((cert) => [cert.id, cert]));
  const verdicts: CaBundleVerdict[] = [];
  for (const client of ctx.inventory.trustObjects?.caBundleClients ?? []) {
    const service = client.service;
    if (!service || client.insecureSkipTLSVerify) continue;
    const bundle = client.caBundleIds.flatMap((id) => byId.get(id) ?? []);
    const serving = findServingCertificate(ctx.inventory, service);
    if ("reason" in serving) {
      verdicts.push({ client, service, bundle, unknown: serving.reason });
      continue;
    }
    verdicts.push({
      client,
      service,
      bundle,
      serving,
      verdict: verifyWithBundle(serving.leaf, bundle, ctx.issuers, ctx.now),
    });
  }
  cache.set(ctx, verdicts);
  return verdicts;
}
