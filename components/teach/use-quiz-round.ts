"use client";
/**
 * The quiz round of the address (`#quiz/round?s=…`), held in this page only: a new link starts a new
 * round, and the tab's session keeps the progress of the current one, so a reload mid-round goes on
 * where it was (the question's scenario is regenerated, then its clock resumes). Nothing leaves the
 * page.
 */
import { useCallback, useEffect, useState } from "react";
import {
  currentQuestion,
  formatRoundLink,
  restoreRound,
  roundPhase,
  roundReducer,
  startRound,
  type QuestionState,
  type RoundAction,
  type RoundLink,
  type RoundPhase,
  type RoundState,
} from "@/lib/teach/quiz-round";

const STORAGE_KEY = "k8s-pki-explorer:quiz-round";

export interface QuizRound {
  state?: RoundState;
  question?: QuestionState;
  phase?: RoundPhase;
  dispatch: (action: RoundAction) => void;
}

interface Held {
  link: string;
  state: RoundState;
}

function savedRound(link: string, round: RoundLink): RoundState | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw || raw.length > 100_000) return undefined;
    const saved = JSON.parse(raw) as { link?: unknown; state?: unknown };
    return saved.link === link ? restoreRound(saved.state, round.ids, round.seconds) : undefined;
  } catch (error) {
    console.warn("The saved quiz round could not be read:", error);
    return undefined;
  }
}

/** See the module comment; `round` is the address's round, undefined when none is open. */
export function useQuizRound(round: RoundLink | undefined): QuizRound {
  const link = round ? formatRoundLink(round.ids, round.seconds) : undefined;
  const [held, setHeld] = useState<Held>();
  let state = held?.link === link ? held?.state : undefined;
  if (round && link !== undefined && !state) {
    // A new link (or the first render of one): adjust the state while rendering, as React advises.
    state = savedRound(link, round) ?? startRound(round.ids, round.seconds);
    setHeld({ link, state });
  }

  useEffect(() => {
    if (!held) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(held));
    } catch (error) {
      console.warn("The quiz round could not be saved for a reload:", error);
    }
  }, [held]);

  const dispatch = useCallback(
    (action: RoundAction) =>
      setHeld((current) =>
        current ? { link: current.link, state: roundReducer(current.state, action) } : current,
      ),
    [setHeld],
  );
  if (!state) return { dispatch };
  const question = currentQuestion(state);
  return { state, ...(question ? { question } : {}), phase: roundPhase(state), dispatch };
}
