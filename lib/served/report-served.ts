/**
 * The report's view of served chains: one entry per chain read, and on each relationship the
 * served chain of its server, so every edge can say "served = on disk" or what differs.
 */
import type { ReportServedChain } from "../report";
import { servedAddress } from "./describe-served";
import type { ServedVerdict } from "./judge-served";

/** One served chain as the report carries it. */
export function reportServedChain(verdict: ServedVerdict): ReportServedChain {
  const { record } = verdict;
  const leaf = record.certificates[0];
  return {
    source: record.source.path,
    address: servedAddress(record),
    ...(record.observedAt !== undefined ? { observedAt: record.observedAt } : {}),
    outcome: record.outcome,
    ...(verdict.component !== undefined ? { component: verdict.component } : {}),
    ...(verdict.because !== undefined ? { because: verdict.because } : {}),
    ...(verdict.wiring ? { relationshipKey: verdict.wiring.key } : {}),
    ...(verdict.sameAsDisk !== undefined ? { sameAsDisk: verdict.sameAsDisk } : {}),
    ...(verdict.trust.length > 0
      ? { trusted: verdict.trust.every(({ outcome }) => outcome.verdict === "trusted") }
      : {}),
    ...(leaf
      ? {
          leaf: {
            subject: leaf.subject,
            serial: leaf.serial,
            notBefore: leaf.notBefore,
            notAfter: leaf.notAfter,
            sha256: leaf.sha256,
          },
        }
      : {}),
    chainLength: record.certificates.length,
  };
}

/** Every served chain of a judgement, in input order; absent when there is none. */
export function reportServed(verdicts: readonly ServedVerdict[] | undefined): {
  servedChains?: ReportServedChain[];
} {
  return verdicts && verdicts.length > 0 ? { servedChains: verdicts.map(reportServedChain) } : {};
}

/** The served chain of a relationship instance's server, when one was read and matched. */
export function servedOf(
  chains: readonly ReportServedChain[] | undefined,
  key: string,
): { served?: ReportServedChain } {
  const chain = chains?.find((c) => c.relationshipKey === key && c.outcome === "ok");
  return chain ? { served: chain } : {};
}
