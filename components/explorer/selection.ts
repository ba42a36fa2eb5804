/**
 * What the person has selected in the explorer, shared by the graph, the panels and the tables.
 * Selecting is the one way views talk to each other: a view calls `onSelect`, the workbench keeps the
 * state, every view re-renders with the new selection and the highlight derived from it.
 */
import type { RelationshipId, Report } from "@/lib/report";
import { rotationPlan } from "@/lib/rotation/rotation-plan";
import { explainAnswerFor } from "@/components/explain/explain-answer";
import { fleetRelationships, kubeletFleet } from "@/components/detail/kubelet-fleet";

export type Selection =
  | { kind: "relationship"; key: string }
  | { kind: "component"; id: string }
  | { kind: "anchor"; id: string }
  | { kind: "certificate"; id: string }
  | { kind: "finding"; index: number }
  /** The CA rotation plan of one trust root (`cluster-ca`, `etcd-ca`, …). */
  | { kind: "rotation"; root: string }
  /** The what-if simulator. */
  | { kind: "what-if" }
  /** "Paste an error": the text explained against the report (lib/explain), "" before one is given. */
  | { kind: "explain"; text: string }
  /** The kubelets drawn as one group node, or one relationship of theirs (a group's edge). */
  | { kind: "kubelet-group"; relationship?: RelationshipId }
  | null;

/** A string naming the selection, unique per selectable thing ("" for none): a React key. */
export function selectionKey(selection: Selection): string {
  if (!selection) return "";
  switch (selection.kind) {
    case "relationship":
      return `relationship:${selection.key}`;
    case "finding":
      return `finding:${selection.index}`;
    case "rotation":
      return `rotation:${selection.root}`;
    case "what-if":
      return "what-if";
    case "explain":
      return "explain";
    case "kubelet-group":
      return `kubelet-group:${selection.relationship ?? ""}`;
    default:
      return `${selection.kind}:${selection.id}`;
  }
}

/** Everything that lights up for a selection (or a hover). */
export interface Highlight {
  relationships: ReadonlySet<string>;
  components: ReadonlySet<string>;
  certificates: ReadonlySet<string>;
  files: ReadonlySet<string>;
  findings: ReadonlySet<number>;
}

/** Props every explorer view takes. */
export interface ExplorerViewProps {
  report: Report;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** What is highlighted (selection, or hover when hovering). */
  highlight: Highlight;
  /** Hover preview: views report what the pointer or focus is on; null when it leaves. */
  onHover?: (selection: Selection) => void;
}

export const EMPTY_HIGHLIGHT: Highlight = {
  relationships: new Set(),
  components: new Set(),
  certificates: new Set(),
  files: new Set(),
  findings: new Set(),
};

function certificatesOf(report: Report, key: string): string[] {
  const relationship = report.relationships.find((r) => r.key === key);
  if (!relationship) return [];
  const ids = new Set<string>();
  for (const end of [relationship.clientEnd, relationship.serverEnd]) {
    if (end.presents?.certificateId) ids.add(end.presents.certificateId);
    for (const id of end.verifiesWith?.certificateIds ?? []) ids.add(id);
  }
  return [...ids];
}

/** Derive the highlight of a selection: the path through the graph, the files, the findings. */
export function highlightFor(report: Report, selection: Selection): Highlight {
  if (!selection) return EMPTY_HIGHLIGHT;
  const relationships = new Set<string>();
  const components = new Set<string>();
  const certificates = new Set<string>();
  const findings = new Set<number>();
  const addRelationship = (key: string) => {
    const relationship = report.relationships.find((r) => r.key === key);
    if (!relationship) return;
    relationships.add(key);
    components.add(relationship.client);
    components.add(relationship.server);
    for (const id of certificatesOf(report, key)) certificates.add(id);
    for (const index of relationship.findingRefs) findings.add(index);
  };
  switch (selection.kind) {
    case "relationship":
      addRelationship(selection.key);
      break;
    case "component":
      components.add(selection.id);
      for (const r of report.relationships)
        if (r.client === selection.id || r.server === selection.id) addRelationship(r.key);
      break;
    case "anchor": {
      const anchor = report.trustAnchors.find((a) => a.id === selection.id);
      if (anchor?.certificateId) certificates.add(anchor.certificateId);
      for (const r of report.relationships) {
        const trusts = [r.clientEnd.verifiesWith, r.serverEnd.verifiesWith].some(
          (t) => anchor?.certificateId && t?.certificateIds.includes(anchor.certificateId),
        );
        if (trusts) addRelationship(r.key);
      }
      break;
    }
    case "certificate":
      certificates.add(selection.id);
      for (const r of report.relationships)
        if (certificatesOf(report, r.key).includes(selection.id)) addRelationship(r.key);
      report.findings.forEach((f, i) => {
        if (f.certificateIds?.includes(selection.id)) findings.add(i);
      });
      break;
    case "what-if":
      break;
    case "kubelet-group":
      // Every kubelet of the group and their relationships (of one kind, for a group's edge), in one
      // pass: a fleet's thousands must not each look their relationship up again.
      for (const kubelet of kubeletFleet(report).kubelets) components.add(kubelet.id);
      for (const r of fleetRelationships(report, selection.relationship)) {
        relationships.add(r.key);
        components.add(r.client).add(r.server);
        for (const end of [r.clientEnd, r.serverEnd]) {
          if (end.presents?.certificateId) certificates.add(end.presents.certificateId);
          for (const id of end.verifiesWith?.certificateIds ?? []) certificates.add(id);
        }
        for (const index of r.findingRefs) findings.add(index);
      }
      break;
    case "explain": {
      // The edges and certificates the answer names, not everything those edges touch.
      const answer = explainAnswerFor(report, selection.text);
      for (const key of answer?.relationships ?? []) {
        const relationship = report.relationships.find((r) => r.key === key);
        if (!relationship) continue;
        relationships.add(key);
        components.add(relationship.client);
        components.add(relationship.server);
      }
      for (const candidate of answer?.certificates ?? []) certificates.add(candidate.certificateId);
      break;
    }
    case "rotation": {
      // The relationships a rotation of this root touches: every one that verifies with its CA.
      const plan = rotationPlan(report, selection.root);
      const ids = new Set(plan?.stand?.generations.flatMap((g) => g.certificateIds) ?? []);
      if (plan?.ca) ids.add(plan.ca.certificateId);
      for (const id of ids) certificates.add(id);
      for (const r of report.relationships)
        if (
          [r.clientEnd.verifiesWith, r.serverEnd.verifiesWith].some((t) =>
            t?.certificateIds.some((id) => ids.has(id)),
          )
        )
          addRelationship(r.key);
      break;
    }
    case "finding": {
      const finding = report.findings[selection.index];
      if (!finding) break;
      findings.add(selection.index);
      for (const id of finding.certificateIds ?? []) certificates.add(id);
      for (const r of report.relationships)
        if (r.findingRefs.includes(selection.index)) addRelationship(r.key);
      break;
    }
  }
  const files = new Set<string>();
  for (const cert of report.certificates)
    if (certificates.has(cert.id)) for (const p of cert.paths) files.add(p);
  for (const index of findings) for (const f of report.findings[index]?.files ?? []) files.add(f);
  return { relationships, components, certificates, files, findings };
}
