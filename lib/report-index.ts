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
