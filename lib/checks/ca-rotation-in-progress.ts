// A CA rotation under way, read from the files: which step of kubernetes.io's "Manual rotation of CA certificates" each node is at, and the next one (k8s-pki-spec §7 row 26).
import type { Finding } from "../report";
import { certLabel, filesFirst, formatDate } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { isUnderway, rotationStands, type NodeStand, type RotationStand } from "../rotation/rotation-stand";
import {
  MANUAL_ROTATION_URL,
  ROTATION_STEPS,
  STEP_TITLES,
  listWords,
  nodeWords,
  stepNumber,
} from "../rotation/rotation-words";
import { rotationCommandName, trustRootName } from "../rotation/rotation-roots";

/** What a node still lacks for its step, in a few words. */
function nodeState(node: NodeStand): string {
  const oldOnly = node.bundles.filter((b) => b.holds === "old").map((b) => b.source);
  const oldLeaves = node.leaves.filter((l) => l.from === "old").map((l) => l.source);
  switch (node.step) {
    case 1:
      return `trusts only the old CA in ${listWords(oldOnly, 3)}`;
    case 2:
      return `trusts both; still presents ${listWords(oldLeaves, 3)} from the old CA`;
    case 3:
      return node.signer?.from === "old"
        ? `trusts both, its leaves new; kube-controller-manager still signs with the old key (${node.signer.source})`
        : `trusts both; the kubelet's client certificate ${listWords(oldLeaves, 2)} is still from the old CA and follows the signer`;
    case 5:
      return "trusts both, every leaf new: the old CA can go once everything restarted";
    case "done":
      return "the old CA is gone";
  }
}

/** k3s and RKE2 rotate with `certificate rotate-ca` and cross-signed roots: what is left is restarting. */
function nextOnK3s(stand: RotationStand, product: "k3s" | "rke2"): string {
  const behind = stand.nodes.filter((n) => n.step !== 5 && n.step !== "done").map((n) => nodeWords(n.node));
  const plan = ` The procedure: k8s-pki plan-rotation ${rotationCommandName(stand)} DIR.`;
  if (behind.length > 0)
    return (
      `Restart ${product} on ${listWords(behind)} (servers first, then agents: systemctl restart ${product === "k3s" ? "k3s-agent" : "rke2-agent"} on an agent), with the new token: ` +
      `it takes the new CA bundle from the server and reissues its certificates. The cross-signed root keeps its old ones trusted meanwhile.${plan}`
    );
  return `Nothing to do by hand: ${product} keeps the old root in its bundles, so what it signed stays trusted until it expires.${plan}`;
}

function next(stand: RotationStand, layout?: string): string {
  if (layout === "k3s" || layout === "rke2") return nextOnK3s(stand, layout);
  const nodesAt = stand.nodes.filter((n) => n.step === stand.step).map((n) => nodeWords(n.node));
  const on = nodesAt.length > 0 ? ` on ${listWords(nodesAt)}` : "";
  const plan = ` The whole procedure with this cluster's files: k8s-pki plan-rotation ${rotationCommandName(stand)} DIR (${MANUAL_ROTATION_URL}).`;
  const oldOnly = stand.bundles.filter((b) => b.holds === "old").map((b) => b.source);
  const both = stand.bundles.filter((b) => b.holds === "both").map((b) => b.source);
  const oldLeaves = stand.leaves.filter((l) => l.from === "old").map((l) => l.source);
  switch (stand.step) {
    case 1:
      return `Add the new CA next to the old one in ${listWords(oldOnly)}${on}, and restart what reads them, before any leaf of the new CA is presented there.${plan}`;
    case 2:
      return `Reissue from the new CA${on}, node by node: ${listWords(oldLeaves)}; restart each component after its certificate.${plan}`;
    case 3: {
      const signers = stand.nodes.filter((n) => n.signer?.from === "old").map((n) => nodeWords(n.node));
      const kubelets = stand.nodes
        .filter((n) => n.leaves.some((l) => l.bySigner && l.from === "old"))
        .map((n) => nodeWords(n.node));
      return (
        (signers.length > 0
          ? `Put the new CA first in --cluster-signing-cert-file with its key in --cluster-signing-key-file on ${listWords(signers)}, then restart kube-controller-manager. `
          : "") +
        (kubelets.length > 0
          ? `Let the kubelets on ${listWords(kubelets)} rotate their client certificates from the new signer (or remove kubelet-client-current.pem and restart the kubelet with a bootstrap kubeconfig).`
          : "") +
        plan
      );
    }
    case 5:
      return `Once every component has restarted on the new leaves, remove the old CA from ${listWords(both)} and restart what reads them.${plan}`;
    case "done":
      return "Nothing: the rotation is complete.";
  }
}

/** Which key kube-controller-manager signs with, on each control plane that says. */
function signerWords(stand: RotationStand): string {
  const signing = stand.nodes.filter((n) => n.signer);
  if (signing.length === 0) return "";
  const on = (from: "old" | "new") =>
    signing.filter((n) => n.signer?.from === from).map((n) => nodeWords(n.node));
  const parts = (["new", "old"] as const)
    .map((from) => ({ from, nodes: on(from) }))
    .filter((part) => part.nodes.length > 0)
    .map((part) =>
      signing.length === 1 ? `the ${part.from} key` : `the ${part.from} key on ${listWords(part.nodes)}`,
    );
  return ` kube-controller-manager signs with ${parts.join(", ")}.`;
}

function finding(stand: RotationStand, layout?: string): Finding {
  const { lineage } = stand;
  const oldest = lineage.generations[0];
  const newest = lineage.generations[lineage.generations.length - 1];
  const describe = (generation: typeof oldest) => {
    const cert = generation?.certs[0];
    // Named by a file of its own where it has one, not by a kubeconfig that embeds it.
    const places = cert ? filesFirst(cert) : [];
    const file = places.find((path) => !/#(clusters|users)\//.test(path)) ?? places[0];
    return cert && generation
      ? ` (${certLabel(cert, file)}, valid from ${formatDate(generation.notBefore)})`
      : "";
  };
  const name = trustRootName(stand.role, lineage.subject);
  const count = (holds: string) => stand.bundles.filter((b) => b.holds === holds).length;
  const fresh = stand.leaves.filter((l) => l.from === "new").length;
  const nodes =
    stand.nodes.length > 1
      ? ` By node: ${stand.nodes
          .map((n) => `${nodeWords(n.node)} step ${stepNumber(n.step)} (${nodeState(n)})`)
          .join("; ")}.`
      : "";
  const hazards = stand.hazards.map((h) => `${h.relationship} (${h.credential} against ${h.bundle})`);
  return {
    code: "CA_ROTATION_IN_PROGRESS",
    severity: "info",
    title: `Rotation of ${name}: step ${stepNumber(stand.step)} of ${ROTATION_STEPS}, ${STEP_TITLES[stand.step]}`,
    detail:
      `Two keys are in the files for "${lineage.subject}": the old one${describe(oldest)} and the new one${describe(newest)}. ` +
      `Bundles: ${count("both")} trust both, ${count("old")} only the old, ${count("new")} only the new. ` +
      `Leaves: ${fresh} from the new key, ${stand.leaves.length - fresh} still from the old.` +
      signerWords(stand) +
      nodes +
      (hazards.length > 0 ? ` Broken now: ${listWords(hazards)}.` : ""),
    files: [...new Set([...stand.bundles.map((b) => b.source.split("#")[0] ?? b.source)])],
    certificateIds: lineage.generations.flatMap((g) => g.certs.map((c) => c.id)),
    fix: next(stand, layout),
  };
}

export const caRotationInProgress: Rule = {
  codes: ["CA_ROTATION_IN_PROGRESS"],
  scope: "certificate",
  run: (ctx) =>
    rotationStands(ctx)
      .filter(isUnderway)
      .map((stand) => finding(stand, ctx.model.layout.name)),
};
