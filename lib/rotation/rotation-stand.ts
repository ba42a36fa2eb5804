/**
 * Where a CA rotation stands, from the files alone: for each CA name with more than one key in the
 * drop, which bundles trust the old key, the new one or both; which leaves each key signed; and so
 * which step of kubernetes.io's manual rotation the cluster is at — 1 distribute the new CA next to
 * the old one, 2 reissue the leaves from it, 3 switch the signers (and kubeconfigs) to it, 4 restart
 * (not visible in files), 5 remove the old CA. A step that breaks traffic now is a hazard, named with
 * the relationship it breaks: a new leaf shown to a bundle that trusts only the old key, or an old
 * leaf shown to one that trusts only the new.
 */
import type { CertificateRecord } from "../inventory";
import type { CheckContext } from "../engine/rule";
import { caLineages, generationOf, type CaLineage } from "./ca-lineages";

export type Holds = "old" | "new" | "both";

export interface BundleStand {
  source: string;
  holds: Holds;
  fromKubeconfig: boolean;
}

export interface LeafStand {
  cert: CertificateRecord;
  /** Where it is presented from (a file or a kubeconfig entry). */
  source: string;
  from: "old" | "new";
}

export interface RotationHazard {
  relationship: string;
  relationshipKey?: string;
  /** The credential presented and the bundle that cannot verify it. */
  credential: string;
  bundle: string;
  why: "new-leaf-old-bundle" | "old-leaf-new-bundle";
}

export type RotationStep = 1 | 2 | 3 | 5 | "done";

export interface RotationStand {
  lineage: CaLineage;
  /** The anchor role the CA plays when the model names one (cluster-ca, etcd-ca, front-proxy-ca). */
  role?: string;
  bundles: BundleStand[];
  leaves: LeafStand[];
  /** kube-controller-manager --cluster-signing-cert-file, when it holds this CA. */
  signer?: Holds;
  step: RotationStep;
  hazards: RotationHazard[];
}

function holds(lineage: CaLineage, certs: readonly CertificateRecord[]): Holds | undefined {
  const last = lineage.generations.length - 1;
  let old = false;
  let fresh = false;
  for (const cert of certs) {
    const generation = generationOf(lineage, cert);
    if (generation < 0) continue;
    if (generation === last) fresh = true;
    else old = true;
  }
  if (old && fresh) return "both";
  if (fresh) return "new";
  return old ? "old" : undefined;
}

/** The step the files show: the first step of the procedure not yet done everywhere. */
function stepOf(bundles: readonly BundleStand[], leaves: readonly LeafStand[], signer?: Holds): RotationStep {
  if (bundles.some((b) => b.holds === "old")) return 1;
  if (leaves.some((l) => l.from === "old")) return 2;
  if (signer === "old" || signer === "both") return 3;
  if (bundles.some((b) => b.holds === "both")) return 5;
  return "done";
}

/** Every rotation under way in the drop (CA names with two keys or more), with its step and hazards. */
export function rotationStands(
  ctx: Pick<CheckContext, "inventory" | "model" | "issuers" | "verifications">,
): RotationStand[] {
  const stands: RotationStand[] = [];
  for (const lineage of caLineages(ctx.inventory.certificates)) {
    if (lineage.generations.length < 2) continue;
    const last = lineage.generations.length - 1;
    const bundles = new Map<string, BundleStand>();
    const leaves = new Map<string, LeafStand>();
    const hazards: RotationHazard[] = [];
    for (const v of ctx.verifications) {
      const held = holds(lineage, v.bundle.certs);
      if (held && !bundles.has(v.bundle.source))
        bundles.set(v.bundle.source, {
          source: v.bundle.source,
          holds: held,
          fromKubeconfig: v.bundle.fromKubeconfig ?? false,
        });
      const leaf = v.credential.cert;
      const issuer = leaf ? ctx.issuers.get(leaf.id) : undefined;
      const generation = issuer && issuer.id !== leaf?.id ? generationOf(lineage, issuer) : -1;
      if (!leaf || generation < 0) continue;
      const from = generation === last ? "new" : "old";
      if (!leaves.has(`${leaf.id}|${v.credential.source}`))
        leaves.set(`${leaf.id}|${v.credential.source}`, { cert: leaf, source: v.credential.source, from });
      const mismatch = (from === "new" && held === "old") || (from === "old" && held === "new");
      if (mismatch)
        hazards.push({
          relationship: v.wiring.id,
          ...(v.wiring.key ? { relationshipKey: v.wiring.key } : {}),
          credential: v.credential.source,
          bundle: v.bundle.source,
          why: from === "new" ? "new-leaf-old-bundle" : "old-leaf-new-bundle",
        });
    }
    const signer = ctx.model.signingCA ? holds(lineage, ctx.model.signingCA.certs) : undefined;
    const role = ctx.model.anchors.find(
      (anchor) => anchor.cert && generationOf(lineage, anchor.cert) >= 0,
    )?.role;
    const bundleList = [...bundles.values()];
    const leafList = [...leaves.values()];
    stands.push({
      lineage,
      ...(role ? { role } : {}),
      bundles: bundleList,
      leaves: leafList,
      ...(signer ? { signer } : {}),
      step: stepOf(bundleList, leafList, signer),
      hazards,
    });
  }
  return stands;
}
