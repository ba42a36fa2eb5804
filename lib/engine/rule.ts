/**
 * The shape of a rule. One rule per file under lib/checks/, listed in order in lib/checks/index.ts.
 * A rule reads the check context (inventory, cluster model, precomputed chain verdicts, `now`) and
 * returns findings as data. `scope` says how a finding reaches relationship statuses: certificate
 * findings colour every relationship that uses the certificate; relationship findings only the one
 * they name.
 */
import type { CertificateRecord, Inventory } from "../inventory";
import type { ClusterModel, Credential, RelationshipWiring, TrustBundle } from "../cluster/model";
import type { Finding, FindingCode } from "../report";
import type { ChainOutcome } from "./evaluate-chain";
import type { ServedVerdict } from "../served/judge-served";
import type { Policy } from "../policy/policy";

export type RuleScope = "certificate" | "relationship" | "input";

export interface Rule {
  /** The finding code(s) this rule emits (stable, never renamed). */
  codes: readonly FindingCode[];
  scope: RuleScope;
  run(ctx: CheckContext): Finding[];
}

/** One verification that some party performs: `verifier` checks `credential` against `bundle`. */
export interface Verification {
  wiring: RelationshipWiring;
  /** Which end verifies: the client verifies the server's certificate, or the server the client's. */
  verifier: "client" | "server";
  credential: Credential;
  bundle: TrustBundle;
  outcome: ChainOutcome;
}

export interface CheckContext {
  inventory: Inventory;
  model: ClusterModel;
  now: Date;
  warnDays: number;
  /** Fraction of lifetime left under which a certificate expires "soon" (0.1 = last 10 %). */
  warnFraction: number;
  /** Report CAs expiring within this many days. */
  caHorizonDays: number;
  verifications: Verification[];
  /**
   * Each certificate's issuer among the input's certificates, found by signature (a name alone is
   * not enough); a self-signed CA maps to itself. The same link as the report's `issuerId`.
   */
  issuers: ReadonlyMap<string, CertificateRecord>;
  /** Relationship wirings that involve each certificate (as credential, chain or trust anchor). */
  usage: Map<string, RelationshipWiring[]>;
  /** The chains running processes served, matched to their relationships and judged (absent: none). */
  served?: ServedVerdict[];
  /** The audit policy the POLICY_* rules judge with (absent: none). */
  policy?: Policy;
}
