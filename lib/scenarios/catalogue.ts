/**
 * The break-it scenarios, in the order an instructor meets them: trust first (which CA signs and
 * which is trusted), then single certificates and keys, then the kubelet's identity.
 */
import { expiredAdminConf, keyMismatch, missingAdvertiseSan, saKeyMismatch } from "./certificate-scenarios";
import {
  bootstrapTokenLeft,
  expiredKubeletClientNoRotation,
  kubeletNoSystemNodes,
  nodeAuthorizer,
} from "./kubelet-scenarios";
import { SCENARIO_IDS, type Scenario } from "./scenario";
import { frontProxySharesClusterCa, staleKubeconfigCa, wrongCaEtcdClient } from "./trust-scenarios";
import { rotationOldCaRemovedEarly, rotationReissuedEarly } from "./rotation-scenarios";

const BY_ID: Record<(typeof SCENARIO_IDS)[number], Scenario> = {
  "wrong-ca-etcd-client": wrongCaEtcdClient,
  "stale-kubeconfig-ca": staleKubeconfigCa,
  "key-mismatch": keyMismatch,
  "missing-advertise-san": missingAdvertiseSan,
  "kubelet-no-system-nodes": kubeletNoSystemNodes,
  "node-authorizer": nodeAuthorizer,
  "bootstrap-token-left": bootstrapTokenLeft,
  "expired-admin-conf": expiredAdminConf,
  "front-proxy-shares-cluster-ca": frontProxySharesClusterCa,
  "sa-key-mismatch": saKeyMismatch,
  "expired-kubelet-client-no-rotation": expiredKubeletClientNoRotation,
  "rotation-reissued-early": rotationReissuedEarly,
  "rotation-old-ca-removed-early": rotationOldCaRemovedEarly,
};

/** Every scenario, in SCENARIO_IDS order. */
export const SCENARIOS: readonly Scenario[] = SCENARIO_IDS.map((id) => BY_ID[id]);

/** The scenario with this id, or undefined for any other string (ids come from people and URLs). */
export function scenarioById(id: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}
