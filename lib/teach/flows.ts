/**
 * The three flows teaching mode walks through — kubelet TLS bootstrap, the kubelet's choice of
 * serving certificate, service-account tokens — each a list of steps that pairs the lesson with the
 * loaded cluster's values and, where the report judged it, the step's state.
 */
import type { Report } from "../report";
import { bootstrapFlow } from "./flow-bootstrap";
import { servingFlow } from "./flow-serving";
import { serviceAccountFlow } from "./flow-service-account";
import { rotationFlow } from "./flow-rotation";
import type { Flow } from "./flow-support";

export type { Flow, FlowId, FlowStep } from "./flow-support";

/**
 * The four flows for a report, in a fixed order: kubelet TLS bootstrap, the kubelet's serving
 * certificate, service-account tokens, renewal and CA rotation. Every step explains itself from the lesson content; steps
 * the report can judge carry a state and quote the files, and a value the drop lacks is a
 * `missing` segment.
 */
export function flows(report: Report): Flow[] {
  return [bootstrapFlow(report), servingFlow(report), serviceAccountFlow(report), rotationFlow(report)];
}
