// kube-controller-manager switched to the new CA key (the first certificate of --cluster-signing-cert-file) while a bundle that verifies what it signs — the apiserver's --client-ca-file for kubelet client certificates — trusts only the old key: the next CSR it signs is refused (kubernetes.io "Manual rotation of CA certificates"; k8s-pki-spec §7 row 26).
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import { isUnderway, rotationStands, type RotationStand } from "../rotation/rotation-stand";
import { listWords, nodeWords } from "../rotation/rotation-words";
import { rotationCommandName, trustRootName } from "../rotation/rotation-roots";

function findings(stand: RotationStand): Finding[] {
  const name = trustRootName(stand.role, stand.lineage.subject);
  return stand.signerHazards.map((hazard) => ({
    code: "CA_ROTATION_SIGNER_AHEAD",
    severity: "warning",
    relationship: "kubelet-client",
    title: `Rotation of ${name}: kube-controller-manager on ${nodeWords(hazard.node)} signs with the new key before ${listWords(hazard.bundles, 2)} trusts it`,
    detail:
      `The first certificate of ${hazard.signer} (--cluster-signing-cert-file) is the new "${stand.lineage.subject}", ` +
      `so every certificate kube-controller-manager signs from now on — a kubelet's rotated client certificate — ` +
      `is from the new key; ${listWords(hazard.bundles, 4)} verifies those and trusts only the old one. ` +
      `The next kubelet to rotate gets "x509: certificate signed by unknown authority" from the apiserver.`,
    files: [...new Set([hazard.signer, ...hazard.bundles].map((s) => s.split("#")[0] ?? s))],
    certificateIds: stand.lineage.generations.flatMap((g) => g.certs.map((c) => c.id)),
    fix: `Add the new CA next to the old one in ${listWords(hazard.bundles, 4)} and restart what reads it; until then keep the old CA first in ${hazard.signer} with its key. Plan: k8s-pki plan-rotation ${rotationCommandName(stand)} DIR.`,
  }));
}

export const caRotationSignerAhead: Rule = {
  codes: ["CA_ROTATION_SIGNER_AHEAD"],
  scope: "relationship",
  run: (ctx) => rotationStands(ctx).filter(isUnderway).flatMap(findings),
};
