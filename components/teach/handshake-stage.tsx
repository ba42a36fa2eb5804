"use client";
/**
 * A handshake on the presenter's stage: a strip of the steps with their states (the ones not yet told
 * are numbers only), then the step being told, one page of its text at a time (stage-pages.ts), so
 * the card and the graph share one screen at projector size. A failed step is red, with the sentence
 * that says so beside it.
 */
import type { HandshakeStep } from "@/lib/teach/handshake";
import { InputList } from "@/components/shared/input-list";
import { InputText } from "@/components/shared/input-text";
import { ParagraphsView } from "./paragraph-view";
import type { StagePage } from "./stage-pages";
import { StateBadge } from "./state-badge";

const MARK: Record<HandshakeStep["state"], string> = {
  ok: "✓",
  error: "✗",
  warning: "!",
  unknown: "?",
  skipped: "–",
};

const TONE: Record<HandshakeStep["state"], string> = {
  ok: "border-ok text-ok",
  error: "border-error bg-error-soft text-error",
  warning: "border-warning text-warning",
  unknown: "border-line text-muted",
  skipped: "border-line text-muted",
};

export interface HandshakeStageProps {
  steps: readonly HandshakeStep[];
  /** How many steps are told (the last of them is the one shown). */
  shown: number;
  /** The shown step's page, and how many it has. */
  page: StagePage | undefined;
  pageIndex: number;
  pageCount: number;
}

export function HandshakeStage({ steps, shown, page, pageIndex, pageCount }: HandshakeStageProps) {
  const current = steps[shown - 1];
  return (
    <>
      <ol className="flex flex-wrap gap-1.5" aria-label="Steps">
        {steps.map((step, index) => {
          const told = index < shown;
          return (
            <li
              key={step.id}
              data-step={step.id}
              data-state={told ? step.state : "hidden"}
              aria-current={index === shown - 1 ? "step" : undefined}
              title={told ? step.title : undefined}
              className={`flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border-2 px-1.5 font-mono text-sm font-semibold tabular-nums ${
                told ? TONE[step.state] : "border-line text-muted opacity-50"
              } ${index === shown - 1 ? "ring-accent ring-2 ring-offset-1" : ""}`}
            >
              {index + 1}
              {told ? <span aria-label={step.state}>{MARK[step.state]}</span> : null}
            </li>
          );
        })}
      </ol>
      {current ? (
        <section
          data-stage-step={current.id}
          data-state={current.state}
          className={`border-line flex flex-col gap-2 rounded-lg border p-3 text-sm ${
            current.state === "error" ? "border-error bg-error-soft/40" : ""
          }`}
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-muted font-mono text-xs tabular-nums">{shown}</span>
            <h3 className="font-semibold">
              <InputText text={current.title} dir="ltr" />
            </h3>
            <StateBadge state={current.state} />
            {pageCount > 1 ? (
              <span className="text-muted ml-auto text-xs">
                {pageIndex + 1}/{pageCount}
              </span>
            ) : null}
          </div>
          {page ? <ParagraphsView paragraphs={page.body} /> : null}
          {pageIndex === pageCount - 1 && current.files.length > 0 ? (
            <p className="text-muted font-mono text-xs break-all">
              <InputList items={current.files} />
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
