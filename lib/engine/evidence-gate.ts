/**
 * Evidence before verdict: a warning or an error about a relationship rests only on configured and
 * convention facts (cluster/provenance.ts). A rule's finding that rests on a guess — a file taken by
 * its name or by what its certificate says, a kubeconfig given its role by a word in its name —
 * is lowered to info, saying which guess it rests on; the relationship is already unknown for it.
 * Findings about a certificate alone (expiry, its own key, its signature) need no role and pass.
 */
import type { ClusterModel, RelationshipWiring } from "../cluster/model";
import type { Evidence, Finding } from "../report";

function touches(wiring: RelationshipWiring, ids: ReadonlySet<string>): boolean {
  if (wiring.subjectCertIds.some((id) => ids.has(id))) return true;
  for (const credential of [wiring.clientCredential, wiring.serverCredential]) {
    if (credential?.cert && ids.has(credential.cert.id)) return true;
  }
  return [...wiring.clientVerifiers, ...wiring.serverVerifiers].some((b) =>
    b.certs.some((c) => ids.has(c.id)),
  );
}

/** The wirings a finding speaks about: its instance, else every instance of its relationship it touches. */
function wiringsOf(finding: Finding, model: ClusterModel): RelationshipWiring[] {
  if (finding.relationshipKey) {
    const own = model.wirings.filter((w) => w.key === finding.relationshipKey);
    if (own.length > 0) return own;
  }
  if (!finding.relationship) return [];
  const all = model.wirings.filter((w) => w.id === finding.relationship);
  const ids = new Set(finding.certificateIds ?? []);
  const touched = ids.size > 0 ? all.filter((w) => touches(w, ids)) : [];
  return touched.length > 0 ? touched : all;
}

/** The facts a finding rests on: its own, when its rule said, else its relationship's. */
export function findingEvidence(finding: Finding, model: ClusterModel): Evidence[] {
  if (finding.evidence) return finding.evidence;
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const wiring of wiringsOf(finding, model)) {
    for (const evidence of wiring.evidence ?? []) {
      const key = `${evidence.fact}|${evidence.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(evidence);
    }
  }
  return out;
}

/**
 * Lower every loud finding that rests on a guess to info; give every loud one its evidence. A
 * finding about a certificate alone (`roleFree`: expiry, validity, its signature) is attributed to
 * relationships only to colour them, and rests on no role: it passes unless its rule named the
 * facts it rests on (a key paired with a certificate).
 */
export function gateOnEvidence(
  findings: Finding[],
  model: ClusterModel,
  roleFree: (finding: Finding) => boolean,
): Finding[] {
  return findings.map((finding) => {
    if (finding.severity === "info") return finding;
    if (!finding.evidence && (roleFree(finding) || (!finding.relationship && !finding.relationshipKey)))
      return finding;
    const evidence = findingEvidence(finding, model);
    const guess = evidence.find((e) => e.source === "guess");
    if (!guess) return evidence.length > 0 ? { ...finding, evidence } : finding;
    return {
      ...finding,
      severity: "info",
      detail: `Not judged as a fault: it rests on a guess (${guess.fact}: ${guess.from}). ${finding.detail}`,
      evidence,
    };
  });
}
