"use client";
/**
 * Break-it scenarios in the workbench: the address names a scenario, it is generated on the demo's
 * files and loaded, its panel replaces the detail panel, and in a quiz the answer (colours, findings,
 * the scenario's name) stays hidden until the student clicks the broken edge. `data-scenario` on the
 * page says which scenario the shown report is of, only once that report is the one on screen.
 */
import { useCallback, useState, type ReactNode } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { Report } from "@/lib/report";
import { packTarGz } from "@/lib/archive/pack-tar-gz";
import type { ScenarioChoice } from "@/lib/scenarios/scenario";
import { lazyModule, useLazyModule } from "@/components/explorer/use-lazy-module";
import type { Selection } from "../explorer/selection";
import { downloadBlob } from "../export/download";
import { ScenarioList } from "./scenario-list";
import { ScenarioPanel } from "./scenario-panel";
import type { TeachRoute } from "./teach-route";
import { useScenarioLoader } from "./use-scenario";
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

/** The loaded files as a .tar.gz, for students to inspect with openssl and drop back in. */
function downloadLab(files: readonly AnalysisFile[], name: string): void {
  const archive = packTarGz(files.map((file) => ({ path: file.path, bytes: new Uint8Array(file.bytes) })));
  downloadBlob(new Blob([new Uint8Array(archive)], { type: "application/gzip" }), name);
}

/**
 * The scenarios' catalogue carries each scenario's changes to the generator's model, and with them
 * the certificate generator: loaded only when the address opens a scenario or the list of them, so
 * a first visit's page does not load, parse and run it before the demo's graph.
 */
const CATALOGUE = lazyModule(() => import("@/lib/scenarios/catalogue"));

/** See the module comment. */
export function useScenarioMode(options: ScenarioModeOptions): ScenarioMode {
  const { route, navigate, report, files, loadedScenario, run, running, generate, load, onProblem } = options;
  const catalogue = useLazyModule(CATALOGUE, route?.kind === "scenario" || route?.kind === "scenarios");
  const scenario = route?.kind === "scenario" ? catalogue?.scenarioById(route.id) : undefined;
  const quiz = route?.kind === "scenario" && route.quiz;
  // The scenario whose fix was asked for, the one whose quiz was answered, the last wrong guess.
  const [fixed, setFixed] = useState<string>();
  const [revealed, setRevealed] = useState<string>();
  const [wrongGuess, setWrongGuess] = useState<string>();
  // The report count when the current scenario's files were loaded: its own report comes after it.
  const [loadedAtRun, setLoadedAtRun] = useState(0);

  const wanted: ScenarioChoice | undefined = scenario
    ? fixed === scenario.id
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
  const loader = useScenarioLoader({ wanted, loaded: loadedScenario, generate, load: loadChoice, onProblem });

  const settled = !running && !loader.busy && run > loadedAtRun && loadedScenario === wanted;
  const quizHidden = Boolean(scenario && quiz && revealed !== scenario.id);

  const guess = useCallback(
    (selection: Selection) => {
      if (!quizHidden || !scenario || !report || selection?.kind !== "relationship") return false;
      const relationship = report.relationships.find((candidate) => candidate.key === selection.key);
      if (!relationship) return false;
      const broken = scenario.relationshipKey
        ? relationship.key === scenario.relationshipKey
        : relationship.id === scenario.relationship;
      if (broken && relationship.status !== "ok") {
        setRevealed(scenario.id);
        setWrongGuess(undefined);
      } else setWrongGuess(relationship.key);
      return true;
    },
    [quizHidden, scenario, report],
  );

  let panel: ReactNode;
  // The catalogue is on its way (the page says "running" meanwhile).
  if ((route?.kind === "scenarios" || route?.kind === "scenario") && !catalogue)
    panel = (
      <p role="status" aria-busy="true" className="text-muted p-4 text-sm">
        Loading the scenarios…
      </p>
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
  else if (scenario)
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
        onDownload={() => downloadLab(files, `k8s-pki-${wanted ?? scenario.id}.tar.gz`)}
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
