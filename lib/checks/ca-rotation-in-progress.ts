// A CA rotation under way, read from the files: which step of kubernetes.io's "Manual rotation of CA certificates" the cluster is at, and the next one (k8s-pki-spec §7 row 26).
import type { Finding } from "../report";
import { certLabel, filesFirst, formatDate } from "../engine/describe";
import type { Rule } from "../engine/rule";
import { rotationStands, type RotationStand } from "../rotation/rotation-stand";

const MANUAL = "https://kubernetes.io/docs/tasks/tls/manual-rotation-of-ca-certificates/";
const STEPS = 5;

const ROLE_NAMES: Record<string, string> = {
  "cluster-ca": "the cluster CA",
  "etcd-ca": "the etcd CA",
  "front-proxy-ca": "the front-proxy CA",
};

function list(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

const STEP_TITLES: Record<RotationStand["step"], string> = {
  1: "distribute the new CA next to the old one",
  2: "reissue the leaves from the new CA",
  3: "switch the signer to the new CA",
  5: "remove the old CA",
  done: "done",
};

function next(stand: RotationStand): string {
  const oldOnly = stand.bundles.filter((b) => b.holds === "old").map((b) => b.source);
  const both = stand.bundles.filter((b) => b.holds === "both").map((b) => b.source);
  const oldLeaves = stand.leaves.filter((l) => l.from === "old").map((l) => l.source);
  switch (stand.step) {
    case 1:
      return `Add the new CA next to the old one in ${list(oldOnly)}, and restart what reads them, before any leaf of the new CA is served (${MANUAL}).`;
    case 2:
      return `Reissue from the new CA, node by node: ${list(oldLeaves)}; restart each component after its certificate (${MANUAL}).`;
    case 3:
      return `Point kube-controller-manager's --cluster-signing-cert-file and --cluster-signing-key-file at the new CA alone (a bundle is refused there), then restart it, and every control plane after it (${MANUAL}).`;
    case 5:
      return `Once every component has restarted on the new leaves, remove the old CA from ${list(both)} and restart what reads them (${MANUAL}).`;
    case "done":
      return "Nothing: the rotation is complete.";
  }
}

function finding(stand: RotationStand): Finding {
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
  const name = stand.role ? (ROLE_NAMES[stand.role] ?? stand.role) : `"${lineage.subject}"`;
  const count = (holds: string) => stand.bundles.filter((b) => b.holds === holds).length;
  const fresh = stand.leaves.filter((l) => l.from === "new").length;
  const step = stand.step === "done" ? STEPS : stand.step;
  const hazards = stand.hazards.map((h) => `${h.relationship} (${h.credential} against ${h.bundle})`);
  return {
    code: "CA_ROTATION_IN_PROGRESS",
    severity: "info",
    title: `Rotation of ${name}: step ${step} of ${STEPS}, ${STEP_TITLES[stand.step]}`,
    detail:
      `Two keys are in the files for "${lineage.subject}": the old one${describe(oldest)} and the new one${describe(newest)}. ` +
      `Bundles: ${count("both")} trust both, ${count("old")} only the old, ${count("new")} only the new. ` +
      `Leaves: ${fresh} from the new key, ${stand.leaves.length - fresh} still from the old.` +
      (stand.signer
        ? ` The signer (--cluster-signing-cert-file) holds ${stand.signer === "both" ? "both" : `the ${stand.signer} one`}.`
        : "") +
      (hazards.length > 0 ? ` Broken now: ${list(hazards)}.` : ""),
    files: [...new Set([...stand.bundles.map((b) => b.source.split("#")[0] ?? b.source)])],
    certificateIds: lineage.generations.flatMap((g) => g.certs.map((c) => c.id)),
    fix: next(stand),
  };
}

export const caRotationInProgress: Rule = {
  codes: ["CA_ROTATION_IN_PROGRESS"],
  scope: "certificate",
  run: (ctx) =>
    rotationStands(ctx)
      // A rotation is one some bundle trusts both keys in; a lone stale CA is the chain rules' to report.
      .filter((stand) => stand.bundles.some((b) => b.holds === "both"))
      .map(finding),
};
