"use client";
/**
 * One of the three flows — kubelet TLS bootstrap, the kubelet's serving certificate, service-account
 * tokens — as numbered steps naming the file and flag of each, with the loaded cluster's values, and
 * the steps the report judged marked as such.
 */
import { useCallback, useMemo } from "react";
import type { Report } from "@/lib/report";
import { flows } from "@/lib/teach/flows";
import { testIds } from "../test-ids";
import { PanelHeader, useStepKeys } from "./panel-chrome";
import { ParagraphsView } from "./paragraph-view";
import { StateBadge } from "./state-badge";
import type { TeachRoute } from "./teach-route";
import { InputText } from "@/components/shared/input-text";
import { InputList } from "@/components/shared/input-list";

export interface FlowPanelProps {
  report: Report;
  flowId: string;
  navigate: (route: TeachRoute | undefined) => void;
}

export function FlowPanel({ report, flowId, navigate }: FlowPanelProps) {
  const all = useMemo(() => flows(report), [report]);
  const flow = all.find((candidate) => candidate.id === flowId) ?? all[0];
  const stepBy = useCallback(
    (by: number) => {
      const next = all[all.findIndex((candidate) => candidate.id === flow?.id) + by];
      if (next) navigate({ kind: "flow", id: next.id });
    },
    [all, flow, navigate],
  );
  useStepKeys({
    next: useCallback(() => stepBy(1), [stepBy]),
    back: useCallback(() => stepBy(-1), [stepBy]),
    leave: useCallback(() => navigate(undefined), [navigate]),
  });
  if (!flow) return null;
  return (
    <div data-testid={testIds.flow} data-flow={flow.id} className="flex flex-col gap-3 p-4">
      <PanelHeader label="Flow" onLeave={() => navigate(undefined)} />
      <nav aria-label="Flows" className="flex flex-wrap gap-1.5">
        {all.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            aria-current={candidate.id === flow.id ? "true" : undefined}
            onClick={() => navigate({ kind: "flow", id: candidate.id })}
            className={`rounded-md border px-2 py-1 text-xs font-medium ${
              candidate.id === flow.id
                ? "border-accent bg-accent-soft text-accent"
                : "border-line hover:bg-raised"
            }`}
          >
            <InputText text={candidate.title} dir="ltr" />
          </button>
        ))}
      </nav>
      <h2 className="text-lg leading-snug font-semibold">
        <InputText text={flow.title} dir="ltr" />
      </h2>
      <ol className="flex flex-col gap-2">
        {flow.steps.map((step, index) => (
          <li key={index} className="border-line rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-muted font-mono text-xs tabular-nums">{index + 1}</span>
              <h3 className="font-semibold">
                <InputText text={step.title} dir="ltr" />
              </h3>
              {step.state ? <StateBadge state={step.state} /> : null}
            </div>
            <div className="mt-2">
              <ParagraphsView paragraphs={step.body} />
            </div>
            {step.files.length > 0 ? (
              <p className="text-muted mt-1 font-mono text-xs break-all">
                <InputList items={step.files} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
