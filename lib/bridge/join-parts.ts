/**
 * The page's end of sending in parts: the Worker posts a report (and then its plan) as slices, and
 * this joins them, so everything past the engine sees one `result` and one `plan` as before.
 */
import type { AnalysisResponse } from "./protocol";
import { PlanAssembler } from "./plan-parts";
import { ReportAssembler } from "./report-parts";

/** Takes every response in arrival order; answers what to deliver, or undefined while parts arrive. */
export type PartJoiner = (response: AnalysisResponse) => AnalysisResponse | undefined;

/**
 * A joiner for one engine. A report's parts of a request that is then cancelled or fails are dropped
 * with that answer; a report whose head never came answers as an error, since it cannot be shown.
 */
export function createPartJoiner(): PartJoiner {
  const reports = new Map<number, ReportAssembler>();
  const plans = new Map<number, PlanAssembler>();
  return (response) => {
    const { id } = response;
    switch (response.type) {
      case "report-part": {
        const assembler = reports.get(id) ?? new ReportAssembler();
        reports.set(id, assembler);
        assembler.add(response.part);
        return undefined;
      }
      case "result-end": {
        const report = reports.get(id)?.report();
        reports.delete(id);
        return report
          ? { type: "result", id, report, millis: response.millis }
          : { type: "error", id, message: "the report arrived without its head" };
      }
      case "plan-part": {
        const assembler = plans.get(id) ?? new PlanAssembler();
        plans.set(id, assembler);
        assembler.add(response.part);
        return undefined;
      }
      case "plan-end": {
        const plan = plans.get(id)?.plan();
        plans.delete(id);
        // A plan without its head cannot be shown; the view keeps saying it is being worked out.
        return plan ? { type: "plan", id, plan } : undefined;
      }
      case "cancelled":
      case "error":
        reports.delete(id);
        plans.delete(id);
        return response;
      default:
        return response;
    }
  };
}
