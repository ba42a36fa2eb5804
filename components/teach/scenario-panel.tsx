"use client";
/**
 * One break-it scenario, beside the graph: what was broken and what it teaches, the exact message a
 * person meets on a real cluster with this fault (and where), then the actions — fix it (the healthy
 * demo, regenerated), take the files home as a .tar.gz with its LAB.md, or try it as a quiz — and
 * the lab's commands to try on those files, each with a Copy button. In a quiz the answer stays
 * hidden until the student has clicked the broken edge; the commands show, as they answer nothing.
 */
import { labCommands } from "@/lib/scenarios/lab";
import type { Scenario } from "@/lib/scenarios/scenario";
import { testIds } from "../test-ids";
import { InputPieces } from "@/components/shared/input-text";
import { LabCommands } from "./lab-commands";

export interface ScenarioPanelProps {
  scenario: Scenario;
  /** The scenario is being generated or analysed. */
  busy: boolean;
  /** A quiz whose answer is not shown yet. */
  hidden: boolean;
  /** The student's last wrong guess, to say so. */
  wrongGuess?: string;
  /** "Fix it" was pressed: the healthy demo is shown. */
  fixed: boolean;
  onFix: () => void;
  onBreak: () => void;
  onDownload: () => void;
  onQuiz: () => void;
  onReveal: () => void;
  onLeave: () => void;
}

/** What to do with the commands, for the panel's state. */
function labNote(hidden: boolean, fixed: boolean): string {
  if (fixed)
    return "These files are the healthy cluster: download them and run the same commands, to compare with the broken ones.";
  return (
    `${hidden ? "Or find it from the files alone: d" : "D"}ownload the files (above), unpack the archive and run these ` +
    "from its folder. Its LAB.md has the same commands, and the answer folded at the end."
  );
}

const BUTTON = "border-line bg-surface hover:bg-raised rounded-lg border px-3 py-1.5 text-sm font-medium";

/** The lab archive's button: the files to inspect with the commands below, and to drop back in. */
function Download({ busy, onDownload }: Pick<ScenarioPanelProps, "busy" | "onDownload">) {
  return (
    <button
      type="button"
      className={BUTTON}
      disabled={busy}
      data-testid={testIds.scenarioDownload}
      onClick={onDownload}
    >
      Download the files (.tar.gz)
    </button>
  );
}

export function ScenarioPanel(props: ScenarioPanelProps) {
  const { scenario, busy, hidden, wrongGuess } = props;
  return (
    <div data-testid={testIds.scenarioPanel} data-scenario={scenario.id} className="flex flex-col gap-3 p-4">
      <p className="text-muted text-xs font-semibold tracking-wider uppercase">
        Break-it scenario{hidden ? " · quiz" : ""}
      </p>
      {hidden ? (
        <>
          <h2 className="text-lg leading-snug font-semibold">Something is broken in this cluster. Where?</h2>
          <p className="text-sm">
            Colours and findings are hidden. Click the edge you think is broken; the answer appears when you
            find it.
          </p>
          {wrongGuess ? (
            <p role="status" className="text-warning text-sm">
              Not{" "}
              <bdi className="font-mono">
                <InputPieces text={wrongGuess} />
              </bdi>{" "}
              — its handshake works. Try another edge.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON} onClick={props.onReveal}>
              Show the answer
            </button>
            <Download {...props} />
            <button type="button" className={BUTTON} onClick={props.onLeave}>
              Leave
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 className="text-lg leading-snug font-semibold">{scenario.title}</h2>
          {props.fixed ? (
            <p role="status" className="text-ok text-sm font-medium">
              Fixed: the healthy demo cluster, regenerated — every relationship it has is judged ok.
            </p>
          ) : null}
          <p className="text-sm leading-relaxed">{scenario.teaches}</p>
          <section aria-label="What the user sees" className="flex flex-col gap-1.5">
            <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">What the user sees</h3>
            <pre
              data-testid={testIds.scenarioUserSees}
              className="bg-code text-code-fg rounded-md px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap"
            >
              {scenario.userSees}
            </pre>
            <p className="text-muted text-xs">{scenario.where}</p>
          </section>
          <section aria-label="The fix" className="flex flex-col gap-1.5">
            <h3 className="text-muted text-xs font-semibold tracking-wider uppercase">The fix</h3>
            <p className="text-sm leading-relaxed">{scenario.fix}</p>
          </section>
        </>
      )}
      {hidden ? null : (
        <div className="border-line flex flex-wrap gap-2 border-t pt-3">
          <button
            type="button"
            disabled={busy}
            data-testid={testIds.scenarioFix}
            onClick={props.fixed ? props.onBreak : props.onFix}
            className="bg-accent rounded-lg px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:text-[#0b1020]"
          >
            {props.fixed ? "Break it again" : "Fix it"}
          </button>
          <button type="button" className={BUTTON} disabled={busy} onClick={props.onQuiz}>
            Try it as a quiz
          </button>
          <Download {...props} />
          <button type="button" className={BUTTON} onClick={props.onLeave}>
            Leave
          </button>
        </div>
      )}
      <LabCommands commands={labCommands(scenario)} note={labNote(hidden, props.fixed)} />
    </div>
  );
}
