// A CA rotation step done out of order: a leaf of one key presented to a bundle that trusts only the other — a leaf reissued before its verifier trusts the new CA, or the old CA removed while a leaf of it is still presented (kubernetes.io "Manual rotation of CA certificates": distribute first, remove last; k8s-pki-spec §7 row 26).
import type { Finding } from "../report";
import type { Rule } from "../engine/rule";
import {
  isUnderway,
  rotationStands,
  type RotationHazard,
  type RotationStand,
} from "../rotation/rotation-stand";
import { listWords, nodeWords } from "../rotation/rotation-words";
import { rotationCommandName, trustRootName } from "../rotation/rotation-roots";

/**
 * One finding per step done too early: a credential reissued from the new key (every bundle that
 * refuses it), or a bundle the old key left too soon (every credential it refuses).
 */
function grouped(stand: RotationStand): RotationHazard[][] {
  const groups = new Map<string, RotationHazard[]>();
  for (const hazard of stand.hazards) {
    const key =
      hazard.why === "new-leaf-old-bundle" ? `leaf ${hazard.credential}` : `bundle ${hazard.bundle}`;
    const list = groups.get(key);
    if (list) list.push(hazard);
    else groups.set(key, [hazard]);
  }
  return [...groups.values()];
}

/** "kubelet-client worker-1 → cp-2": the relationship, from the presenting node to the refusing one. */
function edges(hazards: readonly RotationHazard[]): string {
  const said = hazards.map((h) =>
    h.node === h.fromNode
      ? `${h.relationshipKey ?? h.relationship}`
      : `${h.relationship} ${nodeWords(h.fromNode)} → ${nodeWords(h.node)}`,
  );
  return listWords([...new Set(said)], 6);
}

function finding(stand: RotationStand, hazards: RotationHazard[]): Finding {
  const [first] = hazards;
  if (!first) throw new Error("no hazard");
  const name = trustRootName(stand.role, stand.lineage.subject);
  const plan = `k8s-pki plan-rotation ${rotationCommandName(stand)} DIR`;
  const files = [
    ...new Set(hazards.flatMap((h) => [h.credential, h.bundle]).map((s) => s.split("#")[0] ?? s)),
  ];
  const ref = {
    relationship: first.relationship,
    ...(first.relationshipKey ? { relationshipKey: first.relationshipKey } : {}),
  };
  if (first.why === "new-leaf-old-bundle") {
    const bundles = listWords([...new Set(hazards.map((h) => h.bundle))], 4);
    return {
      code: "CA_ROTATION_OUT_OF_ORDER",
      severity: "error",
      ...ref,
      title: `Rotation of ${name}: ${first.credential} is from the new CA, but ${bundles} trusts only the old one`,
      detail:
        `${first.credential} was reissued from the new key of "${stand.lineage.subject}" (step 2) before ${bundles} ` +
        `had the new CA next to the old one (step 1). Go refuses it there: "x509: certificate signed by unknown authority". ` +
        `Broken: ${edges(hazards)}.`,
      files,
      certificateIds: stand.lineage.generations.flatMap((g) => g.certs.map((c) => c.id)),
      fix: `Add the new CA next to the old one in ${bundles} and restart what reads it (step 1 first, on every node), or put back a certificate from the old CA until then. Plan: ${plan}.`,
    };
  }
  const credentials = listWords([...new Set(hazards.map((h) => h.credential))], 4);
  return {
    code: "CA_ROTATION_OUT_OF_ORDER",
    severity: "error",
    ...ref,
    title: `Rotation of ${name}: the old CA left ${first.bundle} while ${credentials} still comes from it`,
    detail:
      `${first.bundle} trusts only the new key of "${stand.lineage.subject}" (step 5), but ${credentials} ` +
      `is still signed by the old one (not yet reissued). Go refuses it there: "x509: certificate signed by unknown authority". ` +
      `Broken: ${edges(hazards)}.`,
    files,
    certificateIds: stand.lineage.generations.flatMap((g) => g.certs.map((c) => c.id)),
    fix: `Put the old CA back next to the new one in ${first.bundle} and restart what reads it; remove it only after ${credentials} is reissued from the new CA. Plan: ${plan}.`,
  };
}

export const caRotationOutOfOrder: Rule = {
  codes: ["CA_ROTATION_OUT_OF_ORDER"],
  scope: "relationship",
  run: (ctx) =>
    rotationStands(ctx)
      .filter(isUnderway)
      .flatMap((stand) => grouped(stand).map((hazards) => finding(stand, hazards))),
};
