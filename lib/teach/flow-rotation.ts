/**
 * Renewal and CA rotation: why a leaf is renewed and a CA rotated, then the five steps of the
 * rotation plan (rotation/rotation-plan.ts) for the loaded cluster's CA — its own files per step,
 * what breaks when the step is skipped — and, on a drop taken mid-rotation, how far each step got
 * (done, on some nodes, not started) and the step a mistake broke.
 */
import type { Report } from "../report";
import { rotationPlan, type RotationPlanStep } from "../rotation/rotation-plan";
import { renewalPlan } from "../plan/renewal-plan";
import { flowStep, type Flow, type FlowStep } from "./flow-support";
import type { StepState } from "./handshake";
import { FLOWS } from "./lessons";
import { missing, pathValue } from "./quote";
import { fill, joinSegments, value, type Paragraph } from "./segments";

const TEXT = FLOWS["ca-rotation"];

const STATE: Record<NonNullable<RotationPlanStep["state"]>, StepState> = {
  done: "ok",
  partly: "warning",
  todo: "skipped",
};

function renewStep(report: Report): FlowStep {
  const { renew } = TEXT.steps;
  const ca = report.trustAnchors.find((anchor) => anchor.role === "cluster-ca" && anchor.certificateId);
  const cert = ca ? report.certificates.find((c) => c.id === ca.certificateId) : undefined;
  const first = renewalPlan(report)
    .days.flatMap((day) => day.items)
    .find((item) => item.kind === "kubeadm");
  const body: Paragraph[] = [fill(renew.body)];
  if (cert)
    body.push(
      fill(renew.here, {
        ca: value(cert.subject, cert.paths[0]),
        caDate: value(cert.notAfter.slice(0, 10)),
      }),
    );
  else body.push([missing(renew.noCa)]);
  if (first)
    body.push(
      fill(renew.leaf, {
        leaf: value(first.label, first.paths[0]),
        leafDate: value(first.notAfter.slice(0, 10)),
      }),
    );
  return flowStep(renew.title, body, cert?.paths ?? []);
}

function planStep(step: RotationPlanStep, hazard: boolean): FlowStep {
  const body: Paragraph[] = [fill(step.purpose), fill(TEXT.steps.skipped, { why: step.ifSkipped })];
  for (const action of step.actions.filter((a) => a.files.length > 0 && a.node !== "cluster").slice(0, 2)) {
    body.push(
      fill(TEXT.steps.files, {
        node: value(action.node || "this node"),
        files: joinSegments(action.files.slice(0, 4).map(pathValue)),
      }),
    );
  }
  const state = hazard ? "error" : step.state ? STATE[step.state] : undefined;
  return flowStep(step.title, body, [], state);
}

/** The renewal and CA rotation flow for a report: its cluster CA's plan, stand and mistakes. */
export function rotationFlow(report: Report): Flow {
  const root = (report.rotations ?? []).find((r) => r.root)?.root ?? "cluster-ca";
  const plan = rotationPlan(report, root) ?? rotationPlan(report, "cluster-ca");
  const broken = (plan?.stand?.hazards.length ?? 0) > 0;
  const steps = plan?.steps ?? [];
  return {
    id: "ca-rotation",
    title: TEXT.title,
    steps: [
      renewStep(report),
      // A mistake shows on the step that removes or distributes the CA the broken edge lacks.
      ...steps.map((step) =>
        planStep(
          step,
          broken &&
            (plan?.stand?.hazards.some((h) => (h.why === "new-leaf-old-bundle" ? 1 : 5) === step.step) ??
              false),
        ),
      ),
    ],
  };
}
