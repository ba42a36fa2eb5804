"use client";
/**
 * The TLS handshake of one relationship, step by step, on the loaded files: the server presents its
 * certificate, the client verifies it with its CA, checks the name it dialled, presents its own, the
 * server verifies it with its CA, and the authorizer maps CN and O. The presenter reveals one step at
 * a time (Next, or the right arrow); each revealed step turns green or red on the report's evidence
 * and names the files it read, so a broken edge shows exactly where its handshake fails. On the
 * presenter's stage only the step being told shows its text, a page at a time (handshake-stage.tsx),
 * so it and the graph share one screen; past the last step → goes on in the workshop's order
 * (session-order.ts).
 */
import { useCallback, useMemo, useState } from "react";
import { componentName } from "@/lib/format/report-view";
import type { Report } from "@/lib/report";
import { handshake } from "@/lib/teach/handshake";
import { testIds } from "../test-ids";
import { PanelHeader, STEP_BUTTON, useStepKeys } from "./panel-chrome";
import { usePresenterStage } from "./presenter-mode";
import { sessionBack, sessionFacts, sessionNext } from "./session-order";
import { HandshakeStage } from "./handshake-stage";
import { PAGE_BUDGET, stagePages } from "./stage-pages";
import { ParagraphsView } from "./paragraph-view";
import { StateBadge } from "./state-badge";
import type { TeachRoute } from "./teach-route";
import { InputText } from "@/components/shared/input-text";
import { InputList } from "@/components/shared/input-list";

export interface HandshakePanelProps {
  report: Report;
  relationshipKey: string;
  navigate: (route: TeachRoute | undefined) => void;
}

export function HandshakePanel({ report, relationshipKey, navigate }: HandshakePanelProps) {
  const steps = useMemo(() => handshake(report, relationshipKey), [report, relationshipKey]);
  const relationship = report.relationships.find((candidate) => candidate.key === relationshipKey);
  // How many steps are shown; a new relationship starts from the first. Keyed by the caller.
  const [shown, setShown] = useState(1);
  const total = steps?.length ?? 0;

  const stage = usePresenterStage();
  const onward = useCallback(
    (by: 1 | -1) => {
      const to = (by > 0 ? sessionNext : sessionBack)(
        { kind: "handshake", key: relationshipKey },
        sessionFacts(report),
      );
      if (to) navigate(to);
    },
    [navigate, relationshipKey, report],
  );
  // On the stage a long step is told a page at a time: which page, of which step.
  const [page, setPage] = useState({ step: 0, index: 0 });
  const shownStep = steps?.[Math.min(shown, total) - 1];
  const pages = useMemo(
    () =>
      shownStep ? stagePages([{ heading: shownStep.title, body: shownStep.body }], PAGE_BUDGET * 0.6) : [],
    [shownStep],
  );
  const pageIndex = page.step === shown ? Math.min(page.index, Math.max(0, pages.length - 1)) : 0;
  useStepKeys({
    next: useCallback(() => {
      if (stage && pageIndex + 1 < pages.length) setPage({ step: shown, index: pageIndex + 1 });
      else if (shown >= total) onward(1);
      else setShown(shown + 1);
    }, [stage, pageIndex, pages.length, shown, total, onward, setShown]),
    back: useCallback(() => {
      if (stage && pageIndex > 0) setPage({ step: shown, index: pageIndex - 1 });
      else if (shown <= 1) onward(-1);
      else setShown(shown - 1);
    }, [stage, pageIndex, shown, onward, setShown]),
    leave: useCallback(() => navigate(undefined), [navigate]),
  });

  if (!steps || !relationship) {
    return (
      <div data-testid={testIds.handshake} className="flex flex-col gap-2 p-4 text-sm">
        <h2 className="text-lg font-semibold">No such relationship here</h2>
        <p>
          These files have no relationship{" "}
          <code className="font-mono">
            <InputText text={relationshipKey} dir="ltr" />
          </code>{" "}
          to step through.
        </p>
        <button type="button" className={STEP_BUTTON} onClick={() => navigate(undefined)}>
          Leave
        </button>
      </div>
    );
  }
  const failed = steps.findIndex((step) => step.state === "error");
  return (
    <div
      data-testid={testIds.handshake}
      data-relationship={relationshipKey}
      className="flex flex-col gap-3 p-4"
    >
      <PanelHeader
        label={`Handshake · step ${Math.min(shown, total)} of ${total}`}
        onLeave={() => navigate(undefined)}
      />
      <h2 className="text-lg leading-snug font-semibold">
        <InputText text={componentName(report, relationship.client)} /> →{" "}
        <InputText text={componentName(report, relationship.server)} />
      </h2>
      <p className={stage ? "text-muted line-clamp-2 text-sm" : "text-muted text-sm"}>
        <code className="font-mono">
          <InputText text={relationship.key} dir="ltr" />
        </code>{" "}
        · <InputText text={relationship.summary} dir="ltr" />
      </p>
      {stage ? (
        <HandshakeStage
          steps={steps}
          shown={Math.min(shown, total)}
          page={pages[pageIndex]}
          pageIndex={pageIndex}
          pageCount={pages.length}
        />
      ) : (
        <ol className="flex flex-col gap-2">
          {steps.map((step, index) => {
            const revealed = index < shown;
            return (
              <li
                key={step.id}
                data-step={step.id}
                data-state={revealed ? step.state : "hidden"}
                aria-hidden={revealed ? undefined : true}
                className={`border-line rounded-lg border p-3 text-sm transition-opacity duration-300 ${
                  revealed ? "opacity-100" : "pointer-events-none opacity-25"
                } ${revealed && step.state === "error" ? "border-error bg-error-soft/40" : ""}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-muted font-mono text-xs tabular-nums">{index + 1}</span>
                  <h3 className="font-semibold">
                    <InputText text={step.title} dir="ltr" />
                  </h3>
                  {revealed ? <StateBadge state={step.state} /> : null}
                </div>
                {revealed ? (
                  <div className="mt-2 flex flex-col gap-2">
                    <ParagraphsView paragraphs={step.body} />
                    {step.files.length > 0 ? (
                      <p className="text-muted font-mono text-xs break-all">
                        <InputList items={step.files} />
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className="border-line flex flex-wrap items-center gap-2 border-t pt-3">
        <button
          type="button"
          className={STEP_BUTTON}
          disabled={shown <= 1}
          onClick={() => setShown(shown - 1)}
        >
          ← Back
        </button>
        <button
          type="button"
          className={STEP_BUTTON}
          onClick={() => (shown >= total ? onward(1) : setShown(shown + 1))}
          data-testid={testIds.handshakeNext}
        >
          {shown >= total ? "On to the scenarios →" : "Next step →"}
        </button>
        <button
          type="button"
          className={STEP_BUTTON}
          disabled={shown >= total}
          onClick={() => setShown(total)}
        >
          Show all
        </button>
        {failed >= 0 && shown > failed ? (
          <p role="status" className="text-error w-full text-sm font-medium">
            The handshake fails at step {failed + 1}:{" "}
            <InputText text={steps[failed]?.title ?? ""} dir="ltr" />.
          </p>
        ) : null}
      </div>
    </div>
  );
}
