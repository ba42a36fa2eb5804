/**
 * Lookups by id over a finished report, built once per report object and shared by every view of
 * it (text formats, the renewal plan): with ten thousand certificates, a `find` per relationship or
 * per certificate makes a view quadratic.
 */
import type { Report, ReportCertificate, ReportComponent } from "./report";

const certificateIndexes = new WeakMap<Report, ReadonlyMap<string, ReportCertificate>>();
const componentIndexes = new WeakMap<Report, ReadonlyMap<string, ReportComponent>>();

/** The report's certificates by id. */
export function certificatesById(report: Report): ReadonlyMap<string, ReportCertificate> {
  let index = certificateIndexes.get(report);
  if (!index) {
    index = new Map(report.certificates.map((certificate) => [certificate.id, certificate]));
    certificateIndexes.set(report, index);
  }
  return index;
}

/** The report's components by id; the first of any repeated id, as `find` would give. */
export function componentsById(report: Report): ReadonlyMap<string, ReportComponent> {
  let index = componentIndexes.get(report);
  if (!index) {
    const byId = new Map<string, ReportComponent>();
    for (const component of report.components) if (!byId.has(component.id)) byId.set(component.id, component);
    index = byId;
    componentIndexes.set(report, index);
  }
  return index;
}

const relationshipPositions = new WeakMap<Report, ReadonlyMap<string, readonly number[]>>();

/** Where each relationship key occurs in `report.relationships`, in report order. */
export function relationshipPositionsByKey(report: Report): ReadonlyMap<string, readonly number[]> {
  let index = relationshipPositions.get(report);
  if (!index) {
    const byKey = new Map<string, number[]>();
    report.relationships.forEach((relationship, position) => {
      const positions = byKey.get(relationship.key);
      if (positions) positions.push(position);
      else byKey.set(relationship.key, [position]);
    });
    index = byKey;
    relationshipPositions.set(report, index);
  }
  return index;
}
