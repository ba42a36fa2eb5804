"use client";
/**
 * The guided tour: one step per trust relationship (the twelve, then front-proxy, etcd healthcheck
 * and kubelet bootstrap), each about the loaded cluster's own files. Next and Back (or the arrow
 * keys), a progress bar, a link to the step's handshake, and Escape to leave. The step lives in the
 * address (`#tour/<id>`), so a reload or a link on a slide opens it again. On the presenter's stage
 * the card shows one page of a step at a time (a section, or part of a long one: stage-pages.ts; →
 * goes through them, then to the next step), so a room reads it at projector size without a scroll bar. Past the last step → goes on in the
 * workshop's order (session-order.ts): the handshake of the broken edge.
 */
import { useCallback, useMemo, useState } from "react";
import type { Report } from "@/lib/report";
import { tourSteps } from "@/lib/teach/tour";
import { testIds } from "../test-ids";
import { PanelHeader, STEP_BUTTON, useStepKeys } from "./panel-chrome";
import { usePresenterStage } from "./presenter-mode";
import { sessionBack, sessionFacts, sessionNext } from "./session-order";
import { stagePages } from "./stage-pages";
import { ParagraphsView } from "./paragraph-view";
import { StateBadge } from "./state-badge";
import type { TeachRoute } from "./teach-route";
import { InputText } from "@/components/shared/input-text";

export interface TourPanelProps {
  report: Report;
  step: string;
  navigate: (route: TeachRoute | undefined) => void;
}

export function TourPanel({ report, step, navigate }: TourPanelProps) {
  const steps = useMemo(() => tourSteps(report), [report]);
  const found = steps.findIndex((candidate) => candidate.relationship === step);
  const index = Math.max(0, found);
  const current = steps[index];

  const stage = usePresenterStage();
  // The section shown on the stage, of the step it was chosen for (a new step starts at its first,
  // or at its last when the presenter came back to it).
  const [section, setSection] = useState<{ step: string; index: number }>({ step, index: 0 });
  const pages = useMemo(() => (current ? stagePages(current.sections) : []), [current]);
  const sectionCount = pages.length;
  const shownSection = section.step === step ? Math.min(section.index, Math.max(0, sectionCount - 1)) : 0;

  const stepBy = useCallback(
    (by: number, toLastSection = false) => {
      const at = steps.findIndex((candidate) => candidate.relationship === step);
      const next = steps[at + by];
      if (next) {
        setSection({ step: next.relationship, index: toLastSection ? Number.MAX_SAFE_INTEGER : 0 });
        navigate({ kind: "tour", step: next.relationship });
        return;
      }
      const onward = (by > 0 ? sessionNext : sessionBack)({ kind: "tour", step }, sessionFacts(report));
      if (by > 0 && onward) navigate(onward);
    },
    [steps, step, navigate, report],
  );
  const next = useCallback(() => {
    if (stage && shownSection + 1 < sectionCount) setSection({ step, index: shownSection + 1 });
    else stepBy(1);
  }, [stage, shownSection, sectionCount, step, stepBy]);
  const back = useCallback(() => {
    if (stage && shownSection > 0) setSection({ step, index: shownSection - 1 });
    else stepBy(-1, stage);
  }, [stage, shownSection, step, stepBy]);
  useStepKeys({ next, back, leave: useCallback(() => navigate(undefined), [navigate]) });

  if (!current) return null;
  const progress = `${index + 1} of ${steps.length}`;
  return (
    <div data-testid={testIds.tour} data-step={current.relationship} className="flex flex-col gap-3 p-4">
      <PanelHeader
        label={`Guided tour · ${progress}${stage && sectionCount > 1 ? ` · part ${shownSection + 1} of ${sectionCount}` : ""}`}
        onLeave={() => navigate(undefined)}
      />
      <div
        role="progressbar"
        aria-label="Tour progress"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${progress}`}
        className="bg-raised h-1.5 overflow-hidden rounded-full"
      >
        <div
          className="bg-accent h-full rounded-full"
          style={{ width: `${((index + 1) / steps.length) * 100}%` }}
        />
      </div>
      <h2 className="text-lg leading-snug font-semibold" aria-live="polite">
        <InputText text={current.title} dir="ltr" />
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StateBadge state={current.status === "absent" ? "unknown" : current.status} />
        {current.status === "absent" ? (
          <span className="text-muted">not in these files</span>
        ) : (
          <code className="text-muted font-mono text-xs">
            <InputText text={current.key ?? current.relationship} dir="ltr" />
          </code>
        )}
      </div>
      {(stage ? pages.slice(shownSection, shownSection + 1) : current.sections).map((section) => (
        <section
          key={section.heading}
          data-section={section.heading}
          className="flex flex-col gap-1.5 text-sm"
        >
          <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">
            <InputText text={section.heading} dir="ltr" />
          </h3>
          <ParagraphsView paragraphs={section.body} />
        </section>
      ))}
      <div className="border-line flex flex-wrap items-center gap-2 border-t pt-3">
        <button
          type="button"
          className={STEP_BUTTON}
          disabled={index === 0 && shownSection === 0}
          onClick={back}
        >
          ← Back
        </button>
        <button type="button" className={STEP_BUTTON} onClick={next} data-testid={testIds.tourNext}>
          {index === steps.length - 1 && shownSection + 1 >= sectionCount
            ? "On to the handshake →"
            : "Next →"}
        </button>
        {stage && shownSection + 1 < sectionCount ? (
          <button type="button" className="text-muted text-sm hover:underline" onClick={() => stepBy(1)}>
            Skip to the next step
          </button>
        ) : null}
        {current.key ? (
          <button
            type="button"
            className="text-accent ml-auto text-sm font-medium hover:underline"
            onClick={() => current.key && navigate({ kind: "handshake", key: current.key })}
          >
            Step through its handshake
          </button>
        ) : null}
      </div>
    </div>
  );
}
