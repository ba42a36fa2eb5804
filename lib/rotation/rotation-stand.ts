/**
 * Where a CA rotation stands, from the files alone: for each CA name with more than one key in the
 * drop, which bundles trust the old key, the new one or both; which leaves each key signed; which key
 * kube-controller-manager signs with; and so which step of the rotation each node is at — 1
 * distribute the new CA next to the old one, 2 reissue the leaves from it, 3 switch the signer to it,
 * 4 restart (not visible in files), 5 remove the old CA. A step that breaks traffic now is a hazard,
 * named with the relationship it breaks: a new leaf shown to a bundle that trusts only the old key,
 * or an old leaf shown to one that trusts only the new. A signer that already signs with the new key
 * while a bundle that verifies what it signs trusts only the old one is a hazard to come.
 */
import { sourceName, type CertificateRecord } from "../inventory";
import type { CheckContext } from "../engine/rule";
import type { TrustBundle } from "../cluster/model";
import type { ReportRotation } from "../report";
import { isUnder, nodeRoot } from "../cluster/node-root";
import { basename } from "../ingest/resolve-path";
import { pushAll } from "../shared/collections";
import { caLineages, generationAbove, generationOf, type CaLineage } from "./ca-lineages";

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
  /**
   * Signed by kube-controller-manager's CSR signer, not by hand: a kubelet's client certificate.
   * It follows the signer (step 3), so it is not counted in step 2's reissue.
   */
  bySigner: boolean;
}

/** A credential presented now to a bundle that trusts only the other key (the report's type). */
export type RotationHazard = ReportRotation["hazards"][number];

/** kube-controller-manager signing with the new key while a bundle that verifies its certificates trusts only the old. */
export interface SignerHazard {
  node: string;
  /** The signing file (`--cluster-signing-cert-file`). */
  signer: string;
  /** The bundles that verify kubelet client certificates and trust only the old key. */
  bundles: string[];
}

export type RotationStep = 1 | 2 | 3 | 5 | "done";

/** Order of the steps, for "the earliest step any node is at". */
export const STEP_ORDER: Record<RotationStep, number> = { 1: 1, 2: 2, 3: 3, 5: 5, done: 6 };

/** One node's side of a rotation. */
export interface NodeStand {
  /** The node's name (its kubelet's, its etcd member's, else its folder's); "" for a drop of one unnamed node. */
  node: string;
  /** Its folder in the drop ("" for a drop of one node's root). */
  root: string;
  controlPlane: boolean;
  bundles: BundleStand[];
  leaves: LeafStand[];
  /** The key kube-controller-manager signs with: the first certificate of --cluster-signing-cert-file. */
  signer?: { from: "old" | "new"; source: string };
  step: RotationStep;
}

export interface RotationStand {
  lineage: CaLineage;
  /** The anchor role the CA plays when the model names one (cluster-ca, etcd-ca, front-proxy-ca). */
  role?: string;
  bundles: BundleStand[];
  leaves: LeafStand[];
  /** The signer of the first control plane that has one (the cluster CA only). */
  signer?: "old" | "new";
  /** The earliest step any node is at. */
  step: RotationStep;
  nodes: NodeStand[];
  hazards: RotationHazard[];
  signerHazards: SignerHazard[];
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

/** The step one node's files show: the first step of the procedure not yet done there. */
function stepOf(node: Pick<NodeStand, "bundles" | "leaves" | "signer">): RotationStep {
  if (node.bundles.some((b) => b.holds === "old")) return 1;
  if (node.leaves.some((l) => l.from === "old" && !l.bySigner)) return 2;
  if (node.signer?.from === "old" || node.leaves.some((l) => l.from === "old")) return 3;
  if (node.bundles.some((b) => b.holds === "both")) return 5;
  return "done";
}

/** The file part of a source (`admin.conf#clusters/x` → `admin.conf`). */
function fileOf(source: string): string {
  const hash = source.indexOf("#");
  return hash < 0 ? source : source.slice(0, hash);
}

type Ctx = Pick<CheckContext, "inventory" | "model" | "issuers" | "verifications">;

/** Names the node a path lies in, as the rest of the report names it. */
function nodeNamer(ctx: Ctx): (path: string) => { node: string; root: string; controlPlane: boolean } {
  const planes = ctx.model.controlPlanes ?? [];
  const kubelets = ctx.model.kubelets;
  const single = planes.length === 0;
  return (path) => {
    const root = nodeRoot(fileOf(path)) ?? "";
    const plane = planes.find((p) => p.root === root);
    if (plane) return { node: plane.node, root, controlPlane: true };
    const kubelet = kubelets.find((k) => k.sources.some((source) => root !== "" && isUnder(source, root)));
    const controlPlane = single && ctx.model.components.some((c) => c.kind === "kube-apiserver");
    if (kubelet) return { node: kubelet.node, root, controlPlane: controlPlane && root === "" };
    if (root === "") return { node: single ? (ctx.model.nodes[0] ?? "") : "", root, controlPlane };
    return { node: basename(root), root, controlPlane: false };
  };
}

/** The signer of each control plane: its model's --cluster-signing-cert-file. */
function signers(ctx: Ctx): TrustBundle[] {
  const planes = ctx.model.controlPlanes;
  if (planes && planes.length > 0)
    return planes.flatMap((p) => (p.model.signingCA ? [p.model.signingCA] : []));
  return ctx.model.signingCA ? [ctx.model.signingCA] : [];
}

/**
 * Relationships whose peers on other nodes meet too: etcd members dial each other, kubelets and
 * kubectl reach every apiserver through the shared endpoint, every apiserver dials every kubelet.
 * The model judges each node's own pair; a rotation breaks the pairs across nodes first.
 */
const ACROSS_NODES = new Set([
  "etcd-peer",
  "kubelet-client",
  "apiserver-kubelet-client",
  "apiserver-serving",
]);

const LOOPBACK = /^https?:\/\/(localhost|127\.[0-9.]+|\[::1\])(:|\/|$)/i;

/**
 * Whether a kubeconfig bundle belongs to one that dials a shared endpoint: not loopback, and not
 * its own node's apiserver (kubeadm's controller-manager.conf and scheduler.conf dial the node's
 * advertise address).
 */
function dialsSharedEndpoint(ctx: Ctx, bundleSource: string): boolean {
  const hash = bundleSource.indexOf("#clusters/");
  if (hash < 0) return false;
  const path = bundleSource.slice(0, hash);
  const name = bundleSource.slice(hash + "#clusters/".length);
  const kubeconfig = ctx.inventory.kubeconfigs.find((k) => sourceName(k.source) === path);
  const server = kubeconfig?.clusters.find((c) => c.name === name)?.server;
  if (server === undefined || LOOPBACK.test(server)) return false;
  const root = nodeRoot(path) ?? "";
  const own = (ctx.model.controlPlanes ?? []).find((p) => p.root === root)?.model.advertiseAddress;
  if (!own) return true;
  const host = /^https?:\/\/\[?([^\]/]+?)\]?(?::\d+)?(?:\/|$)/i.exec(server)?.[1];
  return host !== own;
}

/** Whether a presented chain carries a cross-certificate from an older generation: old bundles verify it. */
function bridgesToOld(lineage: CaLineage, chain: readonly CertificateRecord[]): boolean {
  const last = lineage.generations.length - 1;
  const olderNames = new Set(
    lineage.generations.slice(0, last).flatMap((g) => g.certs.map((c) => c.subject)),
  );
  return chain.some((c) => generationOf(lineage, c) === last && !c.selfIssued && olderNames.has(c.issuer));
}

/** Credentials of one node shown to the bundles of the same relationship on the other nodes, where the keys differ. */
function crossNodeHazards(
  ctx: Ctx,
  lineage: CaLineage,
  nameNode: ReturnType<typeof nodeNamer>,
  known: readonly RotationHazard[],
): RotationHazard[] {
  if ((ctx.model.controlPlanes ?? []).length < 2 && ctx.model.kubelets.length < 2) return [];
  const last = lineage.generations.length - 1;
  const seen = new Set(known.map((h) => `${h.credential}|${h.bundle}`));
  const found: RotationHazard[] = [];
  const byId = new Map<string, CheckContext["verifications"]>();
  for (const v of ctx.verifications) {
    if (!ACROSS_NODES.has(v.wiring.id)) continue;
    const list = byId.get(v.wiring.id);
    if (list) list.push(v);
    else byId.set(v.wiring.id, [v]);
  }
  for (const [id, verifications] of byId) {
    const credentials = new Map<
      string,
      { source: string; from: "old" | "new"; node: string; bridged: boolean }
    >();
    const bundles = new Map<string, { v: (typeof verifications)[number]; holds: Holds; node: string }>();
    for (const v of verifications) {
      const leaf = v.credential.cert;
      const issuer = leaf ? ctx.issuers.get(leaf.id) : undefined;
      const generation =
        issuer && issuer.id !== leaf?.id ? generationAbove(lineage, issuer, ctx.issuers) : -1;
      if (generation >= 0 && !credentials.has(v.credential.source))
        credentials.set(v.credential.source, {
          source: v.credential.source,
          from: generation === last ? "new" : "old",
          node: nameNode(v.credential.source).root,
          bridged: bridgesToOld(lineage, v.credential.chain),
        });
      const held = holds(lineage, v.bundle.certs);
      const shared = id !== "apiserver-serving" || dialsSharedEndpoint(ctx, v.bundle.source);
      if (held && shared && !bundles.has(v.bundle.source))
        bundles.set(v.bundle.source, { v, holds: held, node: nameNode(v.bundle.source).root });
    }
    for (const credential of credentials.values())
      for (const bundle of bundles.values()) {
        if (credential.node === bundle.node) continue;
        const why =
          credential.from === "new" && bundle.holds === "old" && !credential.bridged
            ? "new-leaf-old-bundle"
            : credential.from === "old" && bundle.holds === "new"
              ? "old-leaf-new-bundle"
              : undefined;
        const key = `${credential.source}|${bundle.v.bundle.source}`;
        if (!why || seen.has(key)) continue;
        seen.add(key);
        found.push({
          relationship: bundle.v.wiring.id,
          ...(bundle.v.wiring.key ? { relationshipKey: bundle.v.wiring.key } : {}),
          credential: credential.source,
          bundle: bundle.v.bundle.source,
          why,
          node: nameNode(bundle.v.bundle.source).node,
          fromNode: nameNode(credential.source).node,
        });
      }
  }
  return found;
}

/** Relationships whose server verifies certificates kube-controller-manager signs (kubelet client certificates). */
const VERIFIES_SIGNED = new Set(["kubelet-client"]);

/** Relationships whose client credential comes from kube-controller-manager's CSR signer. */
const SIGNED_BY_SIGNER = VERIFIES_SIGNED;

/** Stands already computed for a context's verifications: three rules and the report read them. */
const computed = new WeakMap<readonly unknown[], RotationStand[]>();

/** Every rotation under way in the drop (CA names with two keys or more), with each node's step and the hazards. */
export function rotationStands(ctx: Ctx): RotationStand[] {
  const known = computed.get(ctx.verifications);
  if (known) return known;
  const stands = standsOf(ctx);
  computed.set(ctx.verifications, stands);
  return stands;
}

function standsOf(ctx: Ctx): RotationStand[] {
  const stands: RotationStand[] = [];
  const nameNode = nodeNamer(ctx);
  for (const lineage of caLineages(ctx.inventory.certificates)) {
    if (lineage.generations.length < 2) continue;
    const last = lineage.generations.length - 1;
    const nodes = new Map<string, NodeStand>();
    const nodeFor = (path: string) => {
      const where = nameNode(path);
      let stand = nodes.get(where.root);
      if (!stand) {
        stand = { ...where, bundles: [], leaves: [], step: "done" };
        nodes.set(where.root, stand);
      }
      if (where.controlPlane) stand.controlPlane = true;
      return stand;
    };
    const bundles = new Map<string, BundleStand>();
    const leaves = new Map<string, LeafStand>();
    const hazards: RotationHazard[] = [];
    const signedVerifiers = new Map<string, BundleStand>();
    for (const v of ctx.verifications) {
      const held = holds(lineage, v.bundle.certs);
      if (held && !bundles.has(v.bundle.source)) {
        const bundle = {
          source: v.bundle.source,
          holds: held,
          fromKubeconfig: v.bundle.fromKubeconfig ?? false,
        };
        bundles.set(v.bundle.source, bundle);
        nodeFor(v.bundle.source).bundles.push(bundle);
      }
      if (held && VERIFIES_SIGNED.has(v.wiring.id) && v.verifier === "server")
        signedVerifiers.set(v.bundle.source, { source: v.bundle.source, holds: held, fromKubeconfig: false });
      const leaf = v.credential.cert;
      const issuer = leaf ? ctx.issuers.get(leaf.id) : undefined;
      const generation =
        issuer && issuer.id !== leaf?.id ? generationAbove(lineage, issuer, ctx.issuers) : -1;
      if (!leaf || generation < 0) continue;
      const from = generation === last ? "new" : "old";
      const key = `${leaf.id}|${v.credential.source}`;
      if (!leaves.has(key)) {
        const bySigner = SIGNED_BY_SIGNER.has(v.wiring.id) && v.verifier === "server";
        const stand = { cert: leaf, source: v.credential.source, from, bySigner } as const;
        leaves.set(key, stand);
        nodeFor(v.credential.source).leaves.push(stand);
      }
      // A chain Go verified (through a cross-certificate) is no hazard, whatever the keys.
      const mismatch =
        v.outcome.verdict !== "trusted" &&
        ((from === "new" && held === "old") || (from === "old" && held === "new"));
      if (mismatch)
        hazards.push({
          relationship: v.wiring.id,
          ...(v.wiring.key ? { relationshipKey: v.wiring.key } : {}),
          credential: v.credential.source,
          bundle: v.bundle.source,
          why: from === "new" ? "new-leaf-old-bundle" : "old-leaf-new-bundle",
          node: nameNode(v.bundle.source).node,
          fromNode: nameNode(v.credential.source).node,
        });
    }
    pushAll(hazards, crossNodeHazards(ctx, lineage, nameNode, hazards));
    const signerHazards: SignerHazard[] = [];
    let firstSigner: "old" | "new" | undefined;
    for (const bundle of signers(ctx)) {
      const first = bundle.certs[0];
      const generation = first ? generationOf(lineage, first) : -1;
      if (generation < 0) continue;
      const from = generation === last ? "new" : "old";
      firstSigner ??= from;
      const stand = nodeFor(bundle.source);
      stand.signer = { from, source: bundle.source };
      const behind = [...signedVerifiers.values()].filter((b) => b.holds === "old").map((b) => b.source);
      if (from === "new" && behind.length > 0)
        signerHazards.push({ node: stand.node, signer: bundle.source, bundles: behind });
    }
    for (const stand of nodes.values()) stand.step = stepOf(stand);
    const nodeList = [...nodes.values()].sort((a, b) =>
      a.controlPlane === b.controlPlane ? a.root.localeCompare(b.root) : a.controlPlane ? -1 : 1,
    );
    const role = ctx.model.anchors.find(
      (anchor) => anchor.cert && generationOf(lineage, anchor.cert) >= 0,
    )?.role;
    const step = nodeList.reduce<RotationStep>(
      (earliest, node) => (STEP_ORDER[node.step] < STEP_ORDER[earliest] ? node.step : earliest),
      "done",
    );
    stands.push({
      lineage,
      ...(role ? { role } : {}),
      bundles: [...bundles.values()],
      leaves: [...leaves.values()],
      ...(firstSigner ? { signer: firstSigner } : {}),
      step,
      nodes: nodeList,
      hazards,
      signerHazards,
    });
  }
  return stands;
}

/** Whether a stand is a rotation someone started: some bundle trusts both keys. A lone stale CA is the chain rules' to report. */
export function isUnderway(stand: RotationStand): boolean {
  return stand.bundles.some((b) => b.holds === "both");
}

/** The file a bundle or credential source names (the part before `#`), as reports name it. */
export function sourceFile(source: string): string {
  return fileOf(source);
}

/** Where a certificate is, file first (for messages). */
export function certFiles(cert: CertificateRecord): string[] {
  return [...new Set(cert.sources.map(sourceName))];
}
