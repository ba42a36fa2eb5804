"use client";
/**
 * A quiz round beside the graph: which question this is, the time left, the question, what each guess
 * earned, the answer once the question has ended, and at the end the score with a review of every
 * question — the broken edge, the message people meet and the fix. Enter, → and PageDown (a
 * clicker's key) go to the next question once the current one has ended; Escape leaves.
 */
import { useEffect, type ReactNode } from "react";
import type { Scenario, ScenarioId } from "@/lib/scenarios/scenario";
import {
  formatCountdown,
  POINTS_FIRST_TRY,
  POINTS_SECOND_TRY,
  remainingMs,
  roundPhase,
  roundScore,
  type QuestionState,
  type RoundState,
} from "@/lib/teach/quiz-round";
import { InputPieces, InputText } from "@/components/shared/input-text";
import { testIds } from "../test-ids";
import { PanelHeader, STEP_BUTTON } from "./panel-chrome";
import { QuizRoundReview } from "./quiz-round-review";
import { useQuestionClock } from "./quiz-round-clock";

export interface QuizRoundPanelProps {
  state: RoundState;
  /** Entries of the link that name no scenario. */
  unknown?: readonly string[];
  scenarioById: (id: ScenarioId) => Scenario | undefined;
  onElapse: (ms: number) => void;
  onNext: () => void;
  onRestart: () => void;
  onLeave: () => void;
}

const PRIMARY =
  "bg-accent rounded-lg px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:text-[#0b1020]";

/** Whether a key press is for a field or a control that handles it itself. */
function handledByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  // A focused control (a button, a graph edge) takes Enter and the arrows itself; a clicker's PageDown goes on.
  return key !== "PageDown" && key !== "Escape" && target.closest("button, a, [role=button]") !== null;
}

function usePresenterKeys(ended: boolean, onNext: () => void, onLeave: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (handledByTarget(event.target, event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ended && (event.key === "Enter" || event.key === "ArrowRight" || event.key === "PageDown"))
        onNext();
      else if (event.key === "Escape") onLeave();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ended, onNext, onLeave]);
}

function Edge({ text }: { text: string }) {
  return (
    <bdi className="font-mono">
      <InputPieces text={text} />
    </bdi>
  );
}

/** What the last guess (or the clock) did to this question. */
function Feedback({ question }: { question: QuestionState }) {
  const lastWrong = question.wrong[question.wrong.length - 1];
  let words: ReactNode;
  let tone = "text-warning";
  switch (question.outcome) {
    case "first-try":
      words = `Right, at the first try: +${POINTS_FIRST_TRY} points.`;
      tone = "text-ok";
      break;
    case "second-try":
      words = `Right, at the second try: +${POINTS_SECOND_TRY} point.`;
      tone = "text-ok";
      break;
    case "missed":
      words = (
        <>
          Not <Edge text={lastWrong ?? ""} /> either. No points this time — the answer is below.
        </>
      );
      tone = "text-error";
      break;
    case "timeout":
      words = "Time is up. No points this time — the answer is below.";
      tone = "text-error";
      break;
    case undefined:
      if (!lastWrong) return null;
      words = (
        <>
          Not <Edge text={lastWrong} /> — its handshake works. Not this one: one more try.
        </>
      );
  }
  return (
    <p
      role="status"
      data-testid={testIds.quizRoundFeedback}
      data-outcome={question.outcome ?? "retry"}
      className={`text-sm font-medium ${tone}`}
    >
      {words}
    </p>
  );
}

/** The answer of an ended question: what was broken, on which edge, and what people see. */
function Answer({ scenario }: { scenario: Scenario }) {
  return (
    <section aria-label="The answer" className="border-line flex flex-col gap-1.5 rounded-lg border p-3">
      <h3 className="text-base leading-snug font-semibold">{scenario.title}</h3>
      <p className="text-sm">
        The broken edge: <Edge text={scenario.relationshipKey ?? scenario.relationship} />
      </p>
      <pre className="bg-code text-code-fg rounded-md px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap">
        {scenario.userSees}
      </pre>
      <p className="text-muted text-xs">{scenario.where}</p>
    </section>
  );
}

function Countdown({ ms, limitMs }: { ms: number; limitMs: number }) {
  const low = ms <= Math.min(10_000, limitMs / 3);
  return (
    <p
      role="timer"
      aria-label={`Time left: ${formatCountdown(ms)}`}
      data-testid={testIds.quizRoundCountdown}
      className={`font-mono text-2xl font-semibold tabular-nums ${low ? "text-error" : ""}`}
    >
      {formatCountdown(ms)}
    </p>
  );
}

export function QuizRoundPanel(props: QuizRoundPanelProps) {
  const { state, unknown, scenarioById, onElapse, onNext, onRestart, onLeave } = props;
  const phase = roundPhase(state);
  const question = state.questions[state.index];
  const scenario = question ? scenarioById(question.id) : undefined;
  const left = remainingMs(state);
  const pending = useQuestionClock(phase === "open", left, onElapse);
  usePresenterKeys(phase === "ended", onNext, onLeave);
  const score = roundScore(state);
  const total = state.questions.length;
  const last = state.index === total - 1;

  return (
    <div
      data-testid={testIds.quizRound}
      data-round-state={phase}
      data-question={Math.min(state.index + 1, total)}
      data-score={score.points}
      className="flex flex-col gap-3 p-4"
    >
      <PanelHeader
        label={
          phase === "done" ? "Quiz round · the end" : `Quiz round · Question ${state.index + 1} of ${total}`
        }
        onLeave={onLeave}
      />
      {unknown && unknown.length > 0 ? (
        <p className="text-muted text-xs">
          Left out, not scenarios:{" "}
          {unknown.map((entry, index) => (
            <span key={index}>
              {index > 0 ? ", " : ""}
              <code className="font-mono">
                <InputText text={entry} dir="ltr" />
              </code>
            </span>
          ))}
          .
        </p>
      ) : null}
      {total === 0 ? (
        <p className="text-sm">
          This round has no scenarios.{" "}
          <a href="#scenarios" className="text-accent underline">
            Pick some from the list
          </a>
          .
        </p>
      ) : phase === "done" ? (
        <>
          <p data-testid={testIds.quizRoundScore} className="text-2xl font-semibold">
            {score.points} of {score.max} points
          </p>
          <QuizRoundReview state={state} scenarioById={scenarioById} />
          <div className="border-line flex flex-wrap gap-2 border-t pt-3">
            <button
              type="button"
              data-testid={testIds.quizRoundAgain}
              className={PRIMARY}
              onClick={onRestart}
            >
              Play again
            </button>
            <button type="button" className={STEP_BUTTON} onClick={onLeave}>
              Back to the explorer
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="flex items-end justify-between gap-3">
            {phase === "loading" ? (
              <p role="status" aria-busy="true" className="text-muted text-sm">
                Preparing the question…
              </p>
            ) : (
              <h2 className="text-lg leading-snug font-semibold">
                {phase === "open" ? "Something is broken. Where? Click the edge." : "The answer"}
              </h2>
            )}
            {phase === "ended" ? null : (
              <Countdown ms={Math.max(0, left - pending)} limitMs={state.seconds * 1000} />
            )}
          </div>
          {question ? <Feedback question={question} /> : null}
          {phase === "ended" && scenario ? <Answer scenario={scenario} /> : null}
          {phase === "ended" ? (
            <div className="flex flex-wrap items-center gap-2">
              <button type="button" data-testid={testIds.quizRoundNext} className={PRIMARY} onClick={onNext}>
                {last ? "See the score" : "Next question"}
              </button>
              <span className="text-muted text-xs">or Enter, →, PageDown</span>
            </div>
          ) : null}
          <p className="text-muted border-line border-t pt-2 text-xs">
            Score so far: {score.points} of {score.max}. A question gives {POINTS_FIRST_TRY} points at the
            first try, {POINTS_SECOND_TRY} at the second, none after two wrong edges or when time is up.
          </p>
        </>
      )}
    </div>
  );
}
