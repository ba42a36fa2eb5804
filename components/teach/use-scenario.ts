"use client";
/**
 * Applies a break-it scenario when the address asks for one (`#scenario/<id>`): the demo's own files
 * are fetched (the same archive the first visit loads), the scenario is generated on them in the
 * analysis Worker with real crypto, and the result is loaded as the demo is. "Fix it" generates the
 * healthy demo the same way. Which scenario is loaded lives in the sources (so a drop of the person's
 * own files ends it); what is being generated lives here.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { ScenarioChoice } from "@/lib/scenarios/scenario";
import { loadDemo } from "../input/load-demo";

export interface ScenarioLoaderOptions {
  /** The scenario the address asks for (undefined: none). */
  wanted: ScenarioChoice | undefined;
  /** The scenario (or "healthy") whose files are loaded now. */
  loaded: string | undefined;
  generate: (choice: string, keyFiles: AnalysisFile[]) => Promise<AnalysisFile[] | string>;
  load: (files: AnalysisFile[], judgeAt: string, choice: ScenarioChoice) => void;
  onProblem: (message: string) => void;
}

export interface ScenarioLoader {
  /** Generating files (before the analysis of them starts). */
  busy: boolean;
}

/** Loads the wanted scenario whenever it differs from what is loaded; see the module comment. */
export function useScenarioLoader(options: ScenarioLoaderOptions): ScenarioLoader {
  const { wanted, loaded, generate, load, onProblem } = options;
  const [busy, setBusy] = useState(false);
  // The choice being made now: a second request for it waits for the first instead of repeating it.
  const making = useRef<ScenarioChoice | undefined>(undefined);

  const apply = useCallback(
    (choice: ScenarioChoice) => {
      if (making.current === choice) return;
      making.current = choice;
      setBusy(true);
      void (async () => {
        const demo = await loadDemo();
        if (!demo.ok) return `the demo's files could not be loaded: ${demo.reason}`;
        const files = await generate(choice, demo.demo.files);
        if (typeof files === "string") return `the scenario could not be generated: ${files}`;
        // A newer choice superseded this one while it was made.
        if (making.current === choice) load(files, demo.demo.judgeAt, choice);
        return undefined;
      })().then((problem) => {
        if (problem) onProblem(problem);
        if (making.current === choice) {
          making.current = undefined;
          setBusy(false);
        }
      });
    },
    [generate, load, onProblem],
  );

  useEffect(() => {
    if (wanted !== undefined && wanted !== loaded && making.current === undefined) apply(wanted);
  }, [wanted, loaded, apply]);

  return { busy };
}
