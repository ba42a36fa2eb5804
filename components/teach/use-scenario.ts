"use client";
/**
 * Applies a break-it scenario when the address asks for one (`#scenario/<id>`): the demo's own files
 * (the archive the first visit loaded, kept by load-demo) are the base, the scenario is generated on
 * them in the analysis Worker with real crypto, and the result is loaded as the demo is. "Fix it"
 * generates the healthy demo the same way. Which scenario is loaded lives in the sources (so a drop of
 * the person's own files ends it); what is being generated lives here.
 *
 * Made files are kept for the last few choices (prepared-scenarios.ts), and while the page is idle
 * the next choice (`next`, a round's next question) and, while a scenario is shown, the healthy demo
 * of its "Fix it" are made ahead, so that those clicks load at once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { ScenarioChoice } from "@/lib/scenarios/scenario";
import { loadDemo } from "../input/load-demo";
import { choicesToPrepare, PreparedScenarios, type Made } from "./prepared-scenarios";

export interface ScenarioLoaderOptions {
  /** The scenario the address asks for (undefined: none). */
  wanted: ScenarioChoice | undefined;
  /** The scenario (or "healthy") whose files are loaded now. */
  loaded: string | undefined;
  /**
   * The choice likely to be wanted next (a round's next question): made in the background while the
   * loader is idle, and kept, so that it loads at once when it is wanted.
   */
  next?: ScenarioChoice;
  /**
   * The page is analysing (the loaded files' report is on its way): nothing is made ahead meanwhile,
   * so the Worker's time goes to that report first. Absent: made ahead as soon as the loader is idle.
   */
  analysing?: boolean;
  generate: (choice: string, keyFiles: AnalysisFile[]) => Promise<AnalysisFile[] | string>;
  load: (files: AnalysisFile[], judgeAt: string, choice: ScenarioChoice) => void;
  onProblem: (message: string) => void;
}

export interface ScenarioLoader {
  /** Generating files (before the analysis of them starts). */
  busy: boolean;
}

/** A choice's files and the instant they are judged at (the demo's). */
interface ScenarioFiles {
  files: AnalysisFile[];
  judgeAt: string;
}

/** Loads the wanted scenario whenever it differs from what is loaded; see the module comment. */
export function useScenarioLoader(options: ScenarioLoaderOptions): ScenarioLoader {
  const { wanted, loaded, next, analysing, generate, load, onProblem } = options;
  const [busy, setBusy] = useState(false);
  // The choice being made now: a second request for it waits for the first instead of repeating it.
  const making = useRef<ScenarioChoice | undefined>(undefined);
  const prepared = useRef(new PreparedScenarios<ScenarioFiles>());
  const watchesAnalysis = analysing !== undefined;
  // Files were just loaded and the page has not yet said it analyses them: nothing is made ahead yet.
  const toBeAnalysed = useRef(false);

  const make = useCallback(
    (choice: ScenarioChoice): Promise<Made<ScenarioFiles>> =>
      prepared.current.get(choice, async () => {
        const demo = await loadDemo();
        if (!demo.ok) return { ok: false, problem: `the demo's files could not be loaded: ${demo.reason}` };
        const files = await generate(choice, demo.demo.files);
        if (typeof files === "string")
          return { ok: false, problem: `the scenario could not be generated: ${files}` };
        return { ok: true, value: { files, judgeAt: demo.demo.judgeAt } };
      }),
    [generate],
  );

  const apply = useCallback(
    (choice: ScenarioChoice) => {
      if (making.current === choice) return;
      making.current = choice;
      setBusy(true);
      void make(choice).then((made) => {
        // A newer choice superseded this one while it was made.
        if (made.ok && making.current === choice) {
          toBeAnalysed.current = watchesAnalysis;
          load(made.value.files, made.value.judgeAt, choice);
        }
        if (!made.ok) onProblem(made.problem);
        if (making.current === choice) {
          making.current = undefined;
          setBusy(false);
        }
      });
    },
    [make, load, onProblem, watchesAnalysis],
  );

  useEffect(() => {
    if (wanted !== undefined && wanted !== loaded && making.current === undefined) apply(wanted);
  }, [wanted, loaded, apply]);

  // Made ahead one at a time while idle; a failure here is not shown (it is again when wanted).
  useEffect(() => {
    if (analysing) toBeAnalysed.current = false;
    if (busy || analysing || toBeAnalysed.current) return;
    const todo = choicesToPrepare(wanted, loaded, next, (choice) => prepared.current.has(choice));
    if (todo.length === 0) return;
    let stopped = false;
    void (async () => {
      for (const choice of todo) {
        if (stopped) return;
        await make(choice);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [busy, analysing, wanted, loaded, next, make]);

  return { busy };
}
