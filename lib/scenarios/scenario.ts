/**
 * A break-it scenario: one real fault applied to the healthy demo cluster (control-1 and worker-1),
 * with what it teaches, the trust relationship it breaks, the findings the analysis must report for
 * it, and the exact message people meet when a cluster has this fault. The generator applies
 * `mutate` to a private copy of the healthy demo model and renders it with real crypto.
 */
import type { NodeModel } from "../generate/node-model";
import type { FindingCode, RelationshipId } from "../report";
import type { LabStep } from "./lab-step";

/** Every scenario id, in the order the catalogue lists them. */
export const SCENARIO_IDS = [
  "wrong-ca-etcd-client",
  "stale-kubeconfig-ca",
  "key-mismatch",
  "missing-advertise-san",
  "kubelet-no-system-nodes",
  "node-authorizer",
  "bootstrap-token-left",
  "expired-admin-conf",
  "front-proxy-shares-cluster-ca",
  "sa-key-mismatch",
  "expired-kubelet-client-no-rotation",
  "rotation-reissued-early",
  "rotation-old-ca-removed-early",
] as const;

export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** What generation can produce: a scenario, or the healthy demo it starts from. */
export type ScenarioChoice = ScenarioId | "healthy";

/** One finding a scenario must produce (errors and warnings only; info findings are not listed). */
export interface ScenarioExpectation {
  code: FindingCode;
  severity: "error" | "warning";
  /** The file the finding names, as the demo's paths run (`control-1/etc/kubernetes/…`). */
  file: string;
}

export interface Scenario {
  id: ScenarioId;
  /** One line for people: "etcd rejects the apiserver's client certificate". */
  title: string;
  /** One or two sentences for the student: what the fault is and why it breaks trust. */
  teaches: string;
  /** The relationship (edge) that turns red, or amber for a warning. */
  relationship: RelationshipId;
  /**
   * The instance key when only one instance of the edge breaks: a node's (`kubelet-client:worker-1`),
   * or admin.conf's `admin-client` beside super-admin.conf's.
   */
  relationshipKey?: string;
  /** The error and warning findings the analysis reports, exactly. */
  expect: ScenarioExpectation[];
  /** The exact message people get on a real cluster with this fault, with the demo's names. */
  userSees: string;
  /** Where that message appears (kubectl, etcd's log, the kubelet's journal…). */
  where: string;
  /** What fixing it means, in words. */
  fix: string;
  /**
   * What students run to find the fault from the files alone (2–4 steps; the lab adds the audit):
   * the files to look at and which check, never the answer.
   */
  lab: readonly LabStep[];
  /** Applies the fault to a private copy of the healthy demo model. */
  mutate(model: NodeModel): void;
}
