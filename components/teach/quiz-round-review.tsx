/**
 * The review at the end of a quiz round: for each question the broken edge, how the student did, the
 * exact message people meet with that fault (and where), and the fix — the part of a workshop people
 * take home.
 */
import type { Scenario, ScenarioId } from "@/lib/scenarios/scenario";
import { reviewRound, type QuestionOutcome, type RoundState } from "@/lib/teach/quiz-round";
import { InputPieces } from "@/components/shared/input-text";
import { testIds } from "../test-ids";

const OUTCOME: Record<QuestionOutcome | "none", { words: string; tone: string }> = {
  "first-try": { words: "first try", tone: "text-ok" },
  "second-try": { words: "second try", tone: "text-ok" },
  missed: { words: "two wrong edges", tone: "text-error" },
  timeout: { words: "time ran out", tone: "text-error" },
  none: { words: "not asked", tone: "text-muted" },
};

export function QuizRoundReview({
  state,
  scenarioById,
}: {
  state: RoundState;
  scenarioById: (id: ScenarioId) => Scenario | undefined;
}) {
  const items = reviewRound(state, scenarioById);
  return (
    <ol data-testid={testIds.quizRoundReview} aria-label="Review" className="flex flex-col gap-2">
      {items.map((item, index) => {
        const outcome = OUTCOME[item.outcome ?? "none"];
        return (
          <li
            key={item.id}
            data-scenario={item.id}
            data-outcome={item.outcome ?? "none"}
            className="border-line flex flex-col gap-1.5 rounded-lg border p-3 text-sm"
          >
            <div className="flex items-baseline gap-2">
              <h3 className="font-semibold">
                {index + 1}. {item.title}
              </h3>
              <span className={`ml-auto shrink-0 text-xs font-medium ${outcome.tone}`}>
                {outcome.words} · {item.points} pt{item.points === 1 ? "" : "s"}
              </span>
            </div>
            <p className="text-xs">
              Edge:{" "}
              <bdi data-review="edge" className="font-mono">
                <InputPieces text={item.edge} />
              </bdi>
            </p>
            <pre
              data-review="user-sees"
              className="bg-code text-code-fg rounded-md px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap"
            >
              {item.userSees}
            </pre>
            <p className="text-muted text-xs">{item.where}</p>
            <p data-review="fix" className="text-sm leading-relaxed">
              <span className="font-semibold">Fix: </span>
              {item.fix}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
