/**
 * The questions teaching mode asks of a report: which instance of a relationship to show, which
 * relationship supplies the other half of its handshake, which certificate an end presents. Pure
 * lookups over the report; nothing here judges anything the analysis has not judged.
 */
import {
  PRIMARY_RELATIONSHIPS,
  SECONDARY_RELATIONSHIPS,
  type Finding,
  type RelationshipId,
  type Report,
  type ReportCertificate,
  type ReportRelationship,
} from "../report";

/** The fifteen relationship ids in the order the tour walks them. */
export const TOUR_ORDER: readonly RelationshipId[] = [...PRIMARY_RELATIONSHIPS, ...SECONDARY_RELATIONSHIPS];

/** Relationships whose client certificate goes to kube-apiserver, so apiserver-serving is their server half. */
export const APISERVER_CLIENTS: ReadonlySet<RelationshipId> = new Set<RelationshipId>([
  "controller-manager-client",
  "scheduler-client",
  "kube-proxy-client",
  "kubelet-client",
  "admin-client",
  "kubelet-bootstrap",
]);

/** Relationships with etcd as the server: no authorizer, any certificate of its CA gets in. */
export const ETCD_RELATIONSHIPS: ReadonlySet<RelationshipId> = new Set<RelationshipId>([
  "etcd-peer",
  "etcd-serving",
  "apiserver-etcd-client",
  "etcd-healthcheck-client",
]);

/** Whether the drop's layout runs kubeadm (kubespray and kind do, underneath), so its conventions apply. */
export function kubeadmFamily(report: Report): boolean {
  return report.layout?.name === "kubeadm" || (report.layout?.also ?? []).includes("kubeadm");
}

/** Every instance of one relationship id, in report order. */
export function instancesOf(report: Report, id: RelationshipId): ReportRelationship[] {
  return report.relationships.filter((relationship) => relationship.id === id);
}

/**
 * The instance a tour step shows: the one whose key is the bare id when there is one (the
 * relationship of the drop's only node or first control plane), else the first in report order.
 */
export function primaryInstance(report: Report, id: RelationshipId): ReportRelationship | undefined {
  const all = instancesOf(report, id);
  return all.find((relationship) => relationship.key === id) ?? all[0];
}

/** The relationship with this key, if the report has it. */
export function relationshipByKey(report: Report, key: string): ReportRelationship | undefined {
  return report.relationships.find((relationship) => relationship.key === key);
}

/** `@<plane>` of an HA drop's per-control-plane keys (`etcd-peer@cp-2`), if any. */
function planeOf(key: string): string | undefined {
  const at = key.indexOf("@");
  return at < 0 ? undefined : key.slice(at + 1).split(":")[0];
}

/**
 * The instance of `pairId` that belongs with `relationship`: the same per-node suffix
 * (`kubelet-serving:worker-1` ↔ `apiserver-kubelet-client:worker-1`), else the same control plane
 * (`…@cp-2`), else one whose control plane the key names, else the first one.
 */
export function pairedInstance(
  report: Report,
  relationship: ReportRelationship,
  pairId: RelationshipId,
): ReportRelationship | undefined {
  const candidates = instancesOf(report, pairId);
  const suffix = relationship.key.slice(relationship.id.length);
  const plane = planeOf(relationship.key);
  return (
    candidates.find((candidate) => candidate.key.slice(pairId.length) === suffix) ??
    candidates.find((candidate) => plane !== undefined && planeOf(candidate.key) === plane) ??
    candidates.find((candidate) => {
      const other = planeOf(candidate.key);
      return other !== undefined && relationship.key.includes(`${other}/`);
    }) ??
    candidates[0]
  );
}

/** A certificate of the report by id. */
export function certificateById(report: Report, id: string | undefined): ReportCertificate | undefined {
  return id === undefined ? undefined : report.certificates.find((certificate) => certificate.id === id);
}

/** The file part of a report source (`admin.conf#users/kubernetes-admin` → `admin.conf`). */
export function fileOf(source: string): string {
  const hash = source.indexOf("#");
  return hash < 0 ? source : source.slice(0, hash);
}

/** The component of the report with this id. */
export function componentOf(report: Report, id: string) {
  return report.components.find((component) => component.id === id);
}

/** A finding with its index, as `findingRefs` point at it. */
export interface IndexedFinding {
  index: number;
  finding: Finding;
}

/** The findings `refs` point at, skipping refs that point nowhere. */
export function findingsAt(report: Report, refs: readonly number[]): IndexedFinding[] {
  const out: IndexedFinding[] = [];
  for (const index of refs) {
    const finding = report.findings[index];
    if (finding) out.push({ index, finding });
  }
  return out;
}

/** Distinct values, first occurrence first. */
export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
