/**
 * From inventory to findings: the cluster model, the chain verdicts and every rule. A drop with
 * several control planes is judged one control plane at a time (control-plane-groups.ts) and the
 * parts merged; the checks that compare control planes with each other then run once on the whole.
 */
import { trackStage } from "./analysis-progress";
import { buildClusterModel } from "./cluster/build-model";
import { controlPlaneGroups } from "./cluster/control-plane-groups";
import { buildGenericModel } from "./cluster/generic-model";
import { UNWIRED_NOTE } from "./cluster/detect-layout";
import { keyWiringsByNode, mergeModels } from "./cluster/merge-models";
import type { ClusterModel, RelationshipWiring } from "./cluster/model";
import { buildCheckContext, wiredVerifications, type ContextOptions } from "./engine/context";
import { CODE_SCOPE, CROSS_NODE_RULES, DROP_RULES, RULES } from "./checks/index";
import type { CheckContext } from "./engine/rule";
import { gateOnEvidence } from "./engine/evidence-gate";
import type { CertificateRecord, Inventory } from "./inventory";
import type { Finding, ReportLayout } from "./report";
import { pushAll } from "./shared/collections";

export interface Judgement {
  model: ClusterModel;
  ctx: CheckContext;
  findings: Finding[];
  /** The report stage's progress, one unit left for building the report itself. */
  tracker: Tracker;
}

type Tracker = ReturnType<typeof trackStage>;

/** Certificate findings (expiry, validity, signatures) need no role: the evidence gate passes them. */
const roleFree = (finding: Finding) => CODE_SCOPE.get(finding.code) !== "relationship";

/** Every rule on one model, each loud finding then held to its evidence (evidence-gate.ts). */
async function runRules(ctx: CheckContext, tracker: Tracker): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    await tracker.checkpoint();
    pushAll(findings, rule.run(ctx));
    tracker.advance();
  }
  return gateOnEvidence(findings, ctx.model, roleFree);
}

/** The rules about the whole drop (a rotation across nodes), once. */
function runDropRules(ctx: CheckContext): Finding[] {
  return DROP_RULES.flatMap((rule) => rule.run(ctx));
}

/**
 * The same finding reached from two control planes (a shared CA expiring, seen from each) is one
 * finding: certificate findings are compared without the relationship they were attributed to.
 */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const scope = CODE_SCOPE.get(finding.code);
    const where =
      scope === "certificate" ? "" : `${finding.relationship ?? ""} ${finding.relationshipKey ?? ""}`;
    const key = JSON.stringify([
      finding.code,
      finding.severity,
      finding.title,
      finding.detail,
      finding.files,
      where,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function mergeContexts(inventory: Inventory, model: ClusterModel, parts: CheckContext[]): CheckContext {
  const [first] = parts;
  if (!first) throw new Error("mergeContexts: no parts");
  const issuers = new Map<string, CertificateRecord>();
  const usage = new Map<string, RelationshipWiring[]>();
  for (const part of parts) {
    for (const [id, issuer] of part.issuers) if (!issuers.has(id)) issuers.set(id, issuer);
    for (const [id, wirings] of part.usage) usage.set(id, [...(usage.get(id) ?? []), ...wirings]);
  }
  const served = parts.flatMap((p) => p.served ?? []);
  return {
    ...first,
    inventory,
    model,
    verifications: parts.flatMap((p) => p.verifications),
    issuers,
    usage,
    ...(served.length > 0 ? { served } : {}),
  };
}

/**
 * The cluster model, unless the layout was not recognised and nothing in the drop names a file
 * for any component: then every role would be a guess, and the drop is judged as a plain PKI.
 */
function wiredOrGeneric(inventory: Inventory, layout: ReportLayout): ClusterModel {
  const model = buildClusterModel(inventory, layout);
  if (layout.recognised !== false) return model;
  const grounded = model.wirings.some((w) => (w.evidence ?? []).some((e) => e.source !== "guess"));
  if (grounded) return model;
  return buildGenericModel(inventory, { ...layout, note: UNWIRED_NOTE });
}

/** Judge an inventory: one model, one context, the findings (unsorted). */
export async function judge(
  inventory: Inventory,
  layout: ReportLayout,
  options: ContextOptions,
): Promise<Judgement> {
  // Nothing Kubernetes to wire: a plain PKI, or no PKI material at all.
  const generic = layout.name === "generic-mtls" || layout.name === "none";
  const groups = generic ? undefined : controlPlaneGroups(inventory);
  if (!groups) {
    // Kubernetes roles only on Kubernetes evidence: a plain mTLS folder gets the generic picture.
    const model = generic ? buildGenericModel(inventory, layout) : wiredOrGeneric(inventory, layout);
    const ctx = await buildCheckContext(inventory, model, options);
    const tracker = trackStage("report", RULES.length + 1, options);
    const findings = await runRules(ctx, tracker);
    pushAll(findings, gateOnEvidence(runDropRules(ctx), model, roleFree));
    return { model, ctx, findings, tracker };
  }
  const seen = new Set<string>();
  const usedKeys = new Set<string>();
  const models = groups.map((group) => {
    const model = buildClusterModel(group.inventory, layout);
    model.wirings = keyWiringsByNode(model.wirings, group.node, seen, usedKeys);
    return model;
  });
  // One verify stage over every group's chains, counted up front like a single model's.
  const total = models.reduce((sum, model) => sum + wiredVerifications(model).length, 0);
  const verifyTracker = trackStage("verify", total, options);
  const parts: { node: string; root: string; model: ClusterModel; ctx: CheckContext; findings: Finding[] }[] =
    [];
  for (const [index, group] of groups.entries()) {
    const model = models[index];
    if (!model) continue;
    const ctx = await buildCheckContext(group.inventory, model, { ...options, verifyTracker });
    parts.push({ ...group, model, ctx, findings: [] });
  }
  const tracker = trackStage("report", RULES.length * groups.length + 1, options);
  for (const part of parts) part.findings = await runRules(part.ctx, tracker);
  const model = mergeModels(parts, layout);
  const ctx = mergeContexts(
    inventory,
    model,
    parts.map((p) => p.ctx),
  );
  const crossNode = gateOnEvidence(
    [...CROSS_NODE_RULES.flatMap((rule) => rule.run(ctx)), ...runDropRules(ctx)],
    model,
    roleFree,
  );
  return { model, ctx, findings: dedupe([...parts.flatMap((p) => p.findings), ...crossNode]), tracker };
}
