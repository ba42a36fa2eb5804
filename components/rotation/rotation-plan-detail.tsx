/**
 * A CA rotation plan in the detail panel: the trust root and its CA, where the drop stands on each
 * node (mid-rotation), then the five steps — what each is for, what breaks without it, and per node
 * the files and the commands, ticked where the files show the node has done it. The plan downloads
 * as a Markdown runbook. Everything comes from lib/rotation, so the page and `k8s-pki
 * plan-rotation` say the same.
 */
import { useState } from "react";
import type { Report } from "@/lib/report";
import {
  rotationPlan,
  rotationRoots,
  type RotationPlan,
  type RotationPlanStep,
} from "@/lib/rotation/rotation-plan";
import { rootNameOf } from "@/lib/rotation/rotation-roots";
import { formatRotationPlanMarkdown } from "@/lib/format/rotation-plan";
import { daysLeftWords } from "@/lib/format/relative-time";
import { ROTATION_STEPS, STEP_TITLES, stepNumber } from "@/lib/rotation/rotation-words";
import { CommandBlock } from "@/components/plan/command-block";
import { DetailSection } from "@/components/detail/detail-section";
import { downloadBlob } from "@/components/export/download";
import { InputText } from "@/components/shared/input-text";
import { BreakText } from "@/components/detail/break-text";
import { testIds } from "@/components/test-ids";

const STATE_LABEL: Record<NonNullable<RotationPlanStep["state"]>, { text: string; tone: string }> = {
  done: { text: "done", tone: "bg-ok-soft text-ok" },
  partly: { text: "in progress", tone: "bg-warning-soft text-warning" },
  todo: { text: "to do", tone: "bg-raised text-muted" },
};

function nodeName(node: string): string {
  return node === "cluster" ? "cluster (kubectl)" : node === "" ? "this node" : node;
}

function Stand({ plan }: { plan: RotationPlan }) {
  const stand = plan.stand;
  if (!stand) return null;
  return (
    <DetailSection title="Where the files stand">
      <div data-testid={testIds.rotationStand} className="flex flex-col gap-2 text-sm">
        <p>
          Step {stepNumber(stand.step)} of {ROTATION_STEPS}: {STEP_TITLES[stand.step]}.
        </p>
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-1.5">
          {stand.nodes.map((node) => (
            <li
              key={node.root}
              data-rotation-node={node.node}
              className="border-line flex items-center justify-between gap-2 rounded-md border px-2 py-1 text-xs"
            >
              <span className="truncate font-mono" title={node.node}>
                <InputText text={nodeName(node.node)} />
              </span>
              <span className="text-muted tabular-nums" aria-label={`step ${stepNumber(node.step)}`}>
                {node.step === "done" ? "done" : `step ${node.step}`}
              </span>
            </li>
          ))}
        </ul>
        {stand.hazards.length > 0 && (
          <ul className="text-error flex flex-col gap-1 text-xs">
            {stand.hazards.map((hazard) => (
              <li key={`${hazard.credential}|${hazard.bundle}`}>
                Broken now: {hazard.relationship} <InputText text={hazard.fromNode} /> →{" "}
                <InputText text={hazard.node} /> (<BreakText text={hazard.credential} /> against{" "}
                <BreakText text={hazard.bundle} />)
              </li>
            ))}
          </ul>
        )}
      </div>
    </DetailSection>
  );
}

function Step({ step }: { step: RotationPlanStep }) {
  const state = step.state ? STATE_LABEL[step.state] : undefined;
  return (
    <details className="border-line group rounded-md border" open={step.state !== "done"}>
      <summary className="flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm font-medium">
        <span className="tabular-nums">{step.step}.</span>
        <span className="min-w-0 flex-1">{step.title}</span>
        {state && (
          <span className={`rounded px-1.5 py-0.5 text-[0.6875rem] ${state.tone}`}>{state.text}</span>
        )}
      </summary>
      <div className="flex flex-col gap-3 px-3 pb-3 text-sm">
        <p>{step.purpose}</p>
        <p className="text-muted text-xs">
          <span className="font-semibold">If skipped or out of order: </span>
          {step.ifSkipped}
        </p>
        {step.actions.map((action, index) => (
          <div key={`${action.node}-${index}`} className="flex flex-col gap-1.5">
            <p className="text-xs font-semibold">
              <InputText text={nodeName(action.node)} />
              {action.done === true && <span className="text-ok ml-2 font-normal">✓ done</span>}
              {action.done === false && <span className="text-muted ml-2 font-normal">to do</span>}
            </p>
            {action.files.length > 0 && (
              <p className="text-muted font-mono text-xs wrap-anywhere">
                {action.files.map((file) => (
                  <span key={file} className="mr-2 inline-block">
                    <BreakText text={file} />
                  </span>
                ))}
              </p>
            )}
            {action.commands.length > 0 && (
              <CommandBlock
                commands={action.commands}
                title={`Run on ${nodeName(action.node)}`}
                label={`Copy step ${step.step} commands for ${nodeName(action.node)}`}
              />
            )}
            {action.note && (
              <p className="text-muted text-xs">
                <InputText text={action.note} />
              </p>
            )}
          </div>
        ))}
      </div>
    </details>
  );
}

export function RotationPlanDetail({ report, root }: { report: Report; root: string }) {
  const [plan] = useState(() => rotationPlan(report, root));
  if (!plan) return <p className="text-muted text-sm">No trust root “{root}” in this report.</p>;
  const download = () =>
    downloadBlob(
      new Blob([formatRotationPlanMarkdown(plan)], { type: "text/markdown;charset=utf-8" }),
      `rotation-plan-${plan.root}.md`,
    );
  const planes = plan.nodes.filter((n) => n.controlPlane).length;
  return (
    <div data-testid={testIds.rotationPlan} className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">Rotation plan: {plan.words}</h2>
        <p className="text-muted text-xs">
          {plan.ca && (
            <>
              <InputText text={plan.ca.subject} /> · expires {plan.ca.notAfter.slice(0, 10)} (
              {daysLeftWords(plan.ca.daysLeft)}) ·{" "}
            </>
          )}
          {planes} control plane{planes === 1 ? "" : "s"}, {plan.nodes.length - planes} other node
          {plan.nodes.length - planes === 1 ? "" : "s"}
          {plan.endpoints.length > 0 && (
            <>
              {" "}
              · endpoint <InputText text={plan.endpoints.join(", ")} />
            </>
          )}
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={download}
            data-testid={testIds.rotationRunbook}
            className="border-line hover:bg-raised rounded-md border px-2.5 py-1 text-xs font-medium"
          >
            Download runbook (.md)
          </button>
          {plan.docs.map((url) => (
            <a
              key={url}
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              className="text-accent self-center text-xs underline"
            >
              The documented procedure
            </a>
          ))}
        </div>
      </header>
      <Stand plan={plan} />
      <DetailSection title="Steps" count={plan.steps.length}>
        <div className="flex flex-col gap-2">
          {plan.steps.map((step) => (
            <Step key={step.step} step={step} />
          ))}
        </div>
      </DetailSection>
      {plan.notes.length > 0 && (
        <DetailSection title="How this plan reads the procedure">
          <ul className="text-muted flex list-disc flex-col gap-1 pl-4 text-xs">
            {plan.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </DetailSection>
      )}
    </div>
  );
}

/** The plan-rotation root a set of certificates belongs to (a CA's own, or one of a rotation's generations). */
export function rotationRootOf(report: Report, certificateIds: readonly string[]): string | undefined {
  const ids = new Set(certificateIds);
  const rotation = (report.rotations ?? []).find((r) =>
    r.generations.some((g) => g.certificateIds.some((id) => ids.has(id))),
  );
  if (rotation?.root) return rotation.root;
  const roots = new Set(rotationRoots(report));
  for (const anchor of report.trustAnchors) {
    if (!anchor.certificateId || !ids.has(anchor.certificateId)) continue;
    const cert = report.certificates.find((c) => c.id === anchor.certificateId);
    const root = rootNameOf(anchor.role, cert?.subject ?? "");
    if (root && roots.has(root)) return root;
  }
  return undefined;
}

/** The button that opens a root's plan, where one can be made. */
export function RotationPlanButton({
  root,
  onSelect,
  label = "Plan a rotation of this CA",
}: {
  root: string;
  onSelect: (selection: { kind: "rotation"; root: string }) => void;
  label?: string;
}) {
  return (
    <button
      type="button"
      data-testid={testIds.rotationPlanOpen}
      onClick={() => onSelect({ kind: "rotation", root })}
      className="border-line hover:bg-raised self-start rounded-md border px-2.5 py-1 text-xs font-medium"
    >
      {label}
    </button>
  );
}
