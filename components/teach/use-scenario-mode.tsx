"use client";
/**
 * Break-it scenarios in the workbench: the address names a scenario, it is generated on the demo's
 * files and loaded, its panel replaces the detail panel, and in a quiz the answer (colours, findings,
 * the scenario's name) stays hidden until the student clicks the broken edge. `data-scenario` on the
 * page says which scenario the shown report is of, only once that report is the one on screen.
 */
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { Report, ReportRelationship } from "@/lib/report";
import { SCENARIO_IDS, type Scenario, type ScenarioChoice } from "@/lib/scenarios/scenario";
import { lazyModule, useLazyModule } from "@/components/explorer/use-lazy-module";
import type { Selection } from "../explorer/selection";
import { downloadLab } from "./lab-download";
import { ScenarioList } from "./scenario-list";
import { ScenarioPanel } from "./scenario-panel";
import type { TeachRoute } from "./teach-route";
import { useScenarioLoader } from "./use-scenario";
import { useQuizRound } from "./use-quiz-round";
import { InputText } from "@/components/shared/input-text";

export interface ScenarioModeOptions {
  route: TeachRoute | undefined;
  navigate: (route: TeachRoute | undefined) => void;
  report: Report | undefined;
  /** The loaded files and which scenario they were generated for. */
  files: AnalysisFile[];
  loadedScenario: string | undefined;
  /** Reports rendered so far and whether an analysis or a read is under way. */
  run: number;
  running: boolean;
  generate: (choice: string, keyFiles: AnalysisFile[]) => Promise<AnalysisFile[] | string>;
  load: (files: AnalysisFile[], judgeAt: string, label: string, choice: ScenarioChoice) => void;
  onProblem: (message: string) => void;
}

export interface ScenarioMode {
  /** The panel to show in the detail panel's place, when a scenario route is open. */
  panel?: ReactNode;
  /** `data-scenario` of the page: set once the shown report is the scenario's. */
  shownScenario?: string;
  /** Colours and findings are hidden: a quiz not yet answered. */
  quizHidden: boolean;
  /** A selection goes here first; true when the quiz took it as a guess. */
  guess: (selection: Selection) => boolean;
}

/** Whether the clicked relationship is the one the scenario breaks (and it is judged broken). */
function isBrokenEdge(scenario: Scenario, relationship: ReportRelationship): boolean {
  const broken = scenario.relationshipKey
    ? relationship.key === scenario.relationshipKey
    : relationship.id === scenario.relationship;
  return broken && relationship.status !== "ok";
}

/**
 * The scenarios' catalogue carries each scenario's changes to the generator's model, and with them
 * the certificate generator: loaded only when the address opens a scenario or the list of them, so
 * a first visit's page does not load, parse and run it before the demo's graph.
 */
const CATALOGUE = lazyModule(() => import("@/lib/scenarios/catalogue"));
/** The quiz round's panel, review and clock: only a round's link needs them. */
const ROUND_PANEL = lazyModule(() => import("./quiz-round-panel"));

/** See the module comment. */
export function useScenarioMode(options: ScenarioModeOptions): ScenarioMode {
  const { route, navigate, report, files, loadedScenario, run, running, generate, load, onProblem } = options;
  const catalogue = useLazyModule(
    CATALOGUE,
    route?.kind === "scenario" || route?.kind === "scenarios" || route?.kind === "round",
  );
  // A quiz round asks its questions' scenarios one after another, without a reload.
  const roundRoute = route?.kind === "round" ? route : undefined;
  const round = useQuizRound(roundRoute);
  const roundPanel = useLazyModule(ROUND_PANEL, roundRoute !== undefined);
  const asked = route?.kind === "scenario" ? route.id : round.question?.id;
  const scenario = asked !== undefined ? catalogue?.scenarioById(asked) : undefined;
  const quiz = route?.kind === "scenario" && route.quiz;
  // The scenario whose fix was asked for, the one whose quiz was answered, the last wrong guess.
  const [fixed, setFixed] = useState<string>();
  const [revealed, setRevealed] = useState<string>();
  const [wrongGuess, setWrongGuess] = useState<string>();
  // The report count when the current scenario's files were loaded: its own report comes after it.
  const [loadedAtRun, setLoadedAtRun] = useState(0);

  const wanted: ScenarioChoice | undefined = scenario
    ? fixed === scenario.id && !roundRoute
      ? "healthy"
      : scenario.id
    : undefined;
  const loadChoice = useCallback(
    (generated: AnalysisFile[], judgeAt: string, choice: ScenarioChoice) => {
      const title = choice === "healthy" ? "Demo cluster, healthy" : `Scenario: ${choice}`;
      setLoadedAtRun(run);
      load(generated, judgeAt, title, choice);
    },
    [load, run],
  );
  // The round's following question, made ahead while the student thinks about this one; outside a
  // round, the scenario a presenter's → reaches next (components/teach/session-order.ts).
  const following = roundRoute
    ? round.state?.questions[round.state.index + 1]?.id
    : scenario
      ? SCENARIO_IDS[SCENARIO_IDS.indexOf(scenario.id) + 1]
      : undefined;
  const loader = useScenarioLoader({
    wanted,
    loaded: loadedScenario,
    generate,
    load: loadChoice,
    onProblem,
    analysing: running,
    ...(following ? { next: following } : {}),
  });

  const settled = !running && !loader.busy && run > loadedAtRun && loadedScenario === wanted;
  const roundAsking = round.phase === "loading" || round.phase === "open";
  const quizHidden = roundRoute ? roundAsking : Boolean(scenario && quiz && revealed !== scenario.id);
  // The question's clock starts once its own scenario is the report on screen.
  const { dispatch: roundDispatch } = round;
  useEffect(() => {
    if (roundRoute && settled && round.phase === "loading" && wanted === round.question?.id)
      roundDispatch({ type: "open" });
  }, [roundRoute, settled, round.phase, wanted, round.question?.id, roundDispatch]);

  const roundOpen = round.phase === "open" && settled;
  const guess = useCallback(
    (selection: Selection) => {
      if (!quizHidden || !scenario || !report || selection?.kind !== "relationship") return false;
      const relationship = report.relationships.find((candidate) => candidate.key === selection.key);
      if (!relationship) return false;
      if (roundRoute) {
        // While the next question is prepared the old report is on screen: a click there is no guess.
        if (roundOpen)
          roundDispatch({
            type: "guess",
            key: relationship.key,
            right: isBrokenEdge(scenario, relationship),
          });
        return true;
      }
      if (isBrokenEdge(scenario, relationship)) {
        setRevealed(scenario.id);
        setWrongGuess(undefined);
      } else setWrongGuess(relationship.key);
      return true;
    },
    [quizHidden, scenario, report, roundRoute, roundOpen, roundDispatch, setRevealed, setWrongGuess],
  );
  const roundElapse = useCallback((ms: number) => roundDispatch({ type: "elapse", ms }), [roundDispatch]);
  const roundNext = useCallback(() => roundDispatch({ type: "next" }), [roundDispatch]);
  const roundRestart = useCallback(() => roundDispatch({ type: "restart" }), [roundDispatch]);
  const leave = useCallback(() => navigate(undefined), [navigate]);

  let panel: ReactNode;
  // The catalogue is on its way (the page says "running" meanwhile).
  if (
    (route?.kind === "scenarios" || route?.kind === "scenario" || roundRoute) &&
    !(catalogue && (roundPanel || !roundRoute))
  )
    panel = (
      <p role="status" aria-busy="true" className="text-muted p-4 text-sm">
        Loading the scenarios…
      </p>
    );
  else if (roundRoute && catalogue && roundPanel && round.state)
    panel = (
      <roundPanel.QuizRoundPanel
        state={round.state}
        {...(roundRoute.unknown ? { unknown: roundRoute.unknown } : {})}
        scenarioById={catalogue.scenarioById}
        onElapse={roundElapse}
        onNext={roundNext}
        onRestart={roundRestart}
        onLeave={leave}
      />
    );
  else if (route?.kind === "scenarios" && catalogue)
    panel = <ScenarioList scenarios={catalogue.SCENARIOS} navigate={navigate} />;
  else if (route?.kind === "scenario" && !scenario)
    panel = (
      <div className="flex flex-col gap-2 p-4 text-sm">
        <h2 className="text-lg font-semibold">No such scenario</h2>
        <p>
          There is no scenario{" "}
          <code className="font-mono">
            <InputText text={route.id} dir="ltr" />
          </code>
          .{" "}
          <a href="#scenarios" className="text-accent underline">
            See the list
          </a>
          .
        </p>
      </div>
    );
  else if (scenario && !roundRoute)
    panel = (
      <ScenarioPanel
        scenario={scenario}
        busy={!settled}
        hidden={quizHidden}
        fixed={fixed === scenario.id}
        {...(wrongGuess ? { wrongGuess } : {})}
        onFix={() => setFixed(scenario.id)}
        onBreak={() => setFixed(undefined)}
        onQuiz={() => {
          setRevealed(undefined);
          setFixed(undefined);
          navigate({ kind: "scenario", id: scenario.id, quiz: true });
        }}
        onReveal={() => setRevealed(scenario.id)}
        onDownload={() => downloadLab(files, scenario, wanted ?? scenario.id)}
        onLeave={() => navigate(undefined)}
      />
    );

  return {
    ...(panel ? { panel } : {}),
    ...(settled && wanted ? { shownScenario: wanted } : {}),
    quizHidden,
    guess,
  };
}
