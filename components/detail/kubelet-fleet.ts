/**
 * The kubelets the graph draws as one group node, as a view of their own: how many there are, how
 * each relationship they take part in came out across them, and every kubelet that is not ok with
 * the findings that make it so. Worked out once per report (a fleet has tens of thousands of
 * relationships); filtering by node name and status then only walks a precomputed list.
 */
import type {
  RelationshipId,
  RelationshipStatus,
  Report,
  ReportComponent,
  ReportRelationship,
} from "@/lib/report";
import { STATUS_ORDER } from "@/lib/report";
import { perReport } from "@/lib/view/per-report";
import { naturalOrder } from "@/lib/shared/natural-order";
import { worstStatus } from "@/components/graph/status";

/** A kubelet the graph may collapse into its group node: one with a node name. */
export function isFleetKubelet(component: ReportComponent): boolean {
  return component.kind === "kubelet" && component.node !== undefined && component.node !== "";
}

/** One kubelet of the group, as its row in the view. */
export interface FleetKubelet {
  /** Component id (`kubelet:node-7`). */
  id: string;
  node: string;
  /** The node name lower-cased once, for the filter. */
  search: string;
  /**
   * The worst status of its relationships in scope (an unchecked secondary one left out, see
   * `judges`); `unknown` when none is left to judge it by.
   */
  status: RelationshipStatus;
  /** The key of its first relationship at that status, the one a click opens; absent when none. */
  worstKey?: string;
  /** Titles of the warnings and errors on its relationships that are not ok, each once. */
  findings: string[];
}

/** How one relationship came out across the group. */
export interface FleetRelationship {
  id: RelationshipId;
  /** The kubelets' end: they are the relationship's clients, or its servers. */
  kubeletEnd: "client" | "server";
  /** The other end's component ids, each once, in report order. */
  peers: string[];
  counts: Record<RelationshipStatus, number>;
  total: number;
}

export interface KubeletFleet {
  /** Every kubelet, worst first, then by node name as people count ("node-9" before "node-10"). */
  kubelets: FleetKubelet[];
  /** Kubelets per worst status. */
  counts: Record<RelationshipStatus, number>;
  /** Each relationship the kubelets take part in, in the report's order of first appearance. */
  relationships: FleetRelationship[];
}

const RANK: Record<RelationshipStatus, number> = { error: 0, warning: 1, unknown: 2, ok: 3 };

/**
 * Whether a relationship bears on its kubelet's status across the group: a primary one always; a
 * secondary one (the bootstrap) when it is a warning or an error. An unchecked bootstrap is normal
 * after joining (kubeadm removes bootstrap-kubelet.conf) and is counted under its relationship only.
 */
function judges(r: ReportRelationship): boolean {
  return r.primary || r.status === "warning" || r.status === "error";
}

function emptyCounts(): Record<RelationshipStatus, number> {
  return { ok: 0, warning: 0, error: 0, unknown: 0 };
}

/**
 * The relationships of the group's kubelets (those of one relationship id when `scope` is given), in
 * report order, in one pass over the report.
 */
export function fleetRelationships(report: Report, scope?: RelationshipId): ReportRelationship[] {
  const kubelets = fleetIdsOf(report);
  return report.relationships.filter(
    (r) => (scope === undefined || r.id === scope) && (kubelets.has(r.client) || kubelets.has(r.server)),
  );
}

const fleetIdsOf = perReport(
  (report) => new Set(report.components.filter(isFleetKubelet).map((component) => component.id)),
);

/** A kubelet's row while the relationships are walked: no array per kubelet. */
interface Tally {
  component: ReportComponent;
  /** Relationships in scope seen; the worst of them and the first at that status. */
  seen: number;
  status: RelationshipStatus;
  worstKey?: string;
  /** Its relationships in scope that are not ok (few: only broken kubelets have any). */
  broken?: ReportRelationship[];
}

/** The kubelets in the order people read them: worst first, then as people count node names. */
const byNodeName = perReport((report) =>
  report.components
    .filter(isFleetKubelet)
    .map((component) => component.node ?? component.id)
    .sort(naturalOrder),
);

function buildFleet(report: Report, scope: RelationshipId | undefined): KubeletFleet {
  const ids = fleetIdsOf(report);
  const tallies = new Map<string, Tally>();
  for (const component of report.components)
    if (ids.has(component.id)) tallies.set(component.id, { component, seen: 0, status: "ok" });
  const relationships = new Map<RelationshipId, FleetRelationship>();
  for (const r of report.relationships) {
    const kubelet = ids.has(r.client) ? r.client : ids.has(r.server) ? r.server : undefined;
    if (kubelet === undefined) continue;
    let summary = relationships.get(r.id);
    if (!summary) {
      const kubeletEnd = kubelet === r.client ? "client" : "server";
      summary = { id: r.id, kubeletEnd, peers: [], counts: emptyCounts(), total: 0 };
      relationships.set(r.id, summary);
    }
    summary.counts[r.status] += 1;
    summary.total += 1;
    const peer = kubelet === r.client ? r.server : r.client;
    // A handful of peers (one apiserver, or one per control plane): a linear look is cheap.
    if (!summary.peers.includes(peer)) summary.peers.push(peer);
    const tally = tallies.get(kubelet);
    if (!tally || !(scope === r.id || (scope === undefined && judges(r)))) continue;
    if (tally.seen === 0 || worstStatus([tally.status, r.status]) !== tally.status) {
      tally.status = r.status;
      tally.worstKey = r.key;
    }
    tally.seen += 1;
    if (r.status !== "ok") (tally.broken ??= []).push(r);
  }

  const kubelets: FleetKubelet[] = [];
  for (const tally of tallies.values()) {
    // On one relationship (a group's edge), the kubelets that take part in it; else every one.
    if (scope !== undefined && tally.seen === 0) continue;
    const titles = new Set<string>();
    for (const r of tally.broken ?? [])
      for (const index of r.findingRefs) {
        const finding = report.findings[index];
        if (finding && finding.severity !== "info") titles.add(finding.title);
      }
    const node = tally.component.node ?? tally.component.id;
    kubelets.push({
      id: tally.component.id,
      node,
      search: node.toLowerCase(),
      status: tally.seen === 0 ? "unknown" : tally.status,
      worstKey: tally.worstKey,
      findings: [...titles],
    });
  }
  // One sort by name per report; each fleet then orders by status with a lookup, not a collator.
  const position = new Map(byNodeName(report).map((node, i) => [node, i]));
  const at = (kubelet: FleetKubelet) => position.get(kubelet.node) ?? 0;
  kubelets.sort((a, b) => RANK[a.status] - RANK[b.status] || at(a) - at(b));

  const counts = emptyCounts();
  for (const kubelet of kubelets) counts[kubelet.status] += 1;
  return { kubelets, counts, relationships: [...relationships.values()] };
}

const wholeFleet = perReport((report) => buildFleet(report, undefined));
const scopedFleets = perReport(() => new Map<RelationshipId, KubeletFleet>());

/**
 * The group's kubelets and counts, judged on every relationship they take part in, or only on
 * `scope` (a group edge: `kubelet-client` across the fleet, and only the kubelets that take part in
 * it). Remembered per report and scope.
 */
export function kubeletFleet(report: Report, scope?: RelationshipId): KubeletFleet {
  if (scope === undefined) return wholeFleet(report);
  const cache = scopedFleets(report);
  let fleet = cache.get(scope);
  if (!fleet) cache.set(scope, (fleet = buildFleet(report, scope)));
  return fleet;
}

/** The statuses a person may toggle, worst first; the exceptions (all but ok) are on at first. */
export const FILTER_STATUSES: readonly RelationshipStatus[] = STATUS_ORDER;
export const EXCEPTION_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["error", "warning", "unknown"]);

/**
 * The kubelets whose node name contains `query` (case-insensitive, surrounding spaces ignored) and
 * whose status is one of `statuses`, in the fleet's order. One pass over precomputed names.
 */
export function filterKubelets(
  kubelets: readonly FleetKubelet[],
  query: string,
  statuses: ReadonlySet<RelationshipStatus>,
): FleetKubelet[] {
  const needle = query.trim().toLowerCase();
  return kubelets.filter(
    (kubelet) => statuses.has(kubelet.status) && (needle === "" || kubelet.search.includes(needle)),
  );
}
