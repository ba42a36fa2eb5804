/**
 * A quiz round: break-it scenarios asked one after another on the demo cluster, each with a time
 * limit and a second chance, scored, and reviewed at the end. Pure: the page passes in what happened
 * (the question's scenario is on screen, a guess, time used) and renders what comes out; the clock
 * stays in the page, so a hidden tab can pause it and a test can drive it.
 */
import { SCENARIO_IDS, type Scenario, type ScenarioId } from "../scenarios/scenario";

/** The time limit of a question when the link does not say (`t=`), and the bounds a link may set. */
export const ROUND_DEFAULT_SECONDS = 90;
export const ROUND_MIN_SECONDS = 5;
export const ROUND_MAX_SECONDS = 600;

/** Points for a right answer at the first try, at the second; a question missed or timed out scores 0. */
export const POINTS_FIRST_TRY = 2;
export const POINTS_SECOND_TRY = 1;

/** Wrong guesses a question allows: the first gets "one more try", the second ends it. */
const TRIES = 2;

/** Longest query a link may carry, and how many entries of `s=` are read: the rest is ignored. */
const MAX_QUERY = 2_000;
const MAX_ENTRIES = 64;
/** How many unknown ids are reported back (each at most this long). */
const MAX_UNKNOWN = 8;
const MAX_UNKNOWN_LENGTH = 60;

/** How a question ended. */
export type QuestionOutcome = "first-try" | "second-try" | "missed" | "timeout";

export interface QuestionState {
  id: ScenarioId;
  /** The question's scenario is on screen and its clock runs (until it ends). */
  opened: boolean;
  /** Milliseconds of the time limit used so far. */
  usedMs: number;
  /** The relationship keys guessed wrong, in order. */
  wrong: string[];
  outcome?: QuestionOutcome;
}

export interface RoundState {
  seconds: number;
  questions: QuestionState[];
  /** The current question; `questions.length` once the round is over. */
  index: number;
}

/** Where the round is: a question being prepared, asked, answered (or not), or the round over. */
export type RoundPhase = "loading" | "open" | "ended" | "done";

export type RoundAction =
  /** The current question's scenario is the one on screen: its clock may start. */
  | { type: "open" }
  /** Time passed while the question was open (the page's clock, paused while the tab is hidden). */
  | { type: "elapse"; ms: number }
  /** The student clicked an edge; `right` says whether it is the scenario's broken one. */
  | { type: "guess"; key: string; right: boolean }
  | { type: "next" }
  | { type: "restart" };

/** A new round on these scenarios, every question still to come. */
export function startRound(ids: readonly ScenarioId[], seconds: number): RoundState {
  return {
    seconds: clampSeconds(seconds),
    questions: ids.map((id) => ({ id, opened: false, usedMs: 0, wrong: [] })),
    index: 0,
  };
}

/** The question being asked now, if the round is not over. */
export function currentQuestion(state: RoundState): QuestionState | undefined {
  return state.questions[state.index];
}

/** See RoundPhase. */
export function roundPhase(state: RoundState): RoundPhase {
  const question = currentQuestion(state);
  if (!question) return "done";
  if (question.outcome) return "ended";
  return question.opened ? "open" : "loading";
}

/** Milliseconds left on the current question (the full limit before it opens, 0 once it ends). */
export function remainingMs(state: RoundState, question = currentQuestion(state)): number {
  if (!question || question.outcome) return 0;
  return Math.max(0, state.seconds * 1000 - question.usedMs);
}

function withQuestion(state: RoundState, change: (question: QuestionState) => QuestionState): RoundState {
  const question = currentQuestion(state);
  if (!question) return state;
  const questions = state.questions.slice();
  questions[state.index] = change(question);
  return { ...state, questions };
}

/**
 * The round after one thing happened; anything that does not apply now (a guess before the
 * question opened or after it ended, "next" while it is still open) leaves it as it was.
 */
export function roundReducer(state: RoundState, action: RoundAction): RoundState {
  const phase = roundPhase(state);
  switch (action.type) {
    case "open":
      return phase === "loading" ? withQuestion(state, (q) => ({ ...q, opened: true })) : state;
    case "elapse": {
      if (phase !== "open" || !(action.ms > 0)) return state;
      const limit = state.seconds * 1000;
      return withQuestion(state, (q) => {
        const usedMs = Math.min(limit, q.usedMs + action.ms);
        return usedMs >= limit ? { ...q, usedMs, outcome: "timeout" } : { ...q, usedMs };
      });
    }
    case "guess":
      if (phase !== "open") return state;
      return withQuestion(state, (q) => {
        if (action.right) return { ...q, outcome: q.wrong.length === 0 ? "first-try" : "second-try" };
        // The same wrong edge twice is one wrong guess: a double click costs no second chance.
        if (q.wrong.includes(action.key)) return q;
        const wrong = [...q.wrong, action.key];
        return wrong.length >= TRIES ? { ...q, wrong, outcome: "missed" } : { ...q, wrong };
      });
    case "next":
      return phase === "ended" ? { ...state, index: state.index + 1 } : state;
    case "restart":
      return startRound(
        state.questions.map((q) => q.id),
        state.seconds,
      );
  }
}

/** The points a question earned. */
export function questionPoints(question: QuestionState): number {
  if (question.outcome === "first-try") return POINTS_FIRST_TRY;
  if (question.outcome === "second-try") return POINTS_SECOND_TRY;
  return 0;
}

/** The points so far and the most the round can give. */
export function roundScore(state: RoundState): { points: number; max: number } {
  let points = 0;
  for (const question of state.questions) points += questionPoints(question);
  return { points, max: state.questions.length * POINTS_FIRST_TRY };
}

/** One question of the review at the end: what was broken, what people see, how it is fixed. */
export interface RoundReviewItem {
  id: ScenarioId;
  title: string;
  /** The broken edge: its instance key when the scenario names one, else the relationship. */
  edge: string;
  userSees: string;
  where: string;
  fix: string;
  outcome: QuestionOutcome | undefined;
  points: number;
  /** The edges guessed wrong. */
  wrong: string[];
}

/** The review of a round, question by question, from the scenarios' catalogue. */
export function reviewRound(
  state: RoundState,
  scenarioById: (id: ScenarioId) => Scenario | undefined,
): RoundReviewItem[] {
  const items: RoundReviewItem[] = [];
  for (const question of state.questions) {
    const scenario = scenarioById(question.id);
    if (!scenario) continue;
    items.push({
      id: question.id,
      title: scenario.title,
      edge: scenario.relationshipKey ?? scenario.relationship,
      userSees: scenario.userSees,
      where: scenario.where,
      fix: scenario.fix,
      outcome: question.outcome,
      points: questionPoints(question),
      wrong: question.wrong,
    });
  }
  return items;
}

/** A round's link, read: the scenarios in order, the time limit, and what could not be used. */
export interface RoundLink {
  ids: ScenarioId[];
  seconds: number;
  /** Entries of `s=` that name no scenario (shortened, at most a few), for the page to say so. */
  unknown?: string[];
}

function clampSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return ROUND_DEFAULT_SECONDS;
  return Math.min(ROUND_MAX_SECONDS, Math.max(ROUND_MIN_SECONDS, Math.round(seconds)));
}

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    // A malformed %-escape reads as nothing rather than throwing.
    return undefined;
  }
}

const KNOWN: ReadonlySet<string> = new Set(SCENARIO_IDS);
const isScenarioId = (id: string): id is ScenarioId => KNOWN.has(id);

/**
 * Reads the query of a round's link (`s=a,b,c&t=60`, without `round?`): `s=all` is every scenario in
 * the catalogue's order, duplicates are asked once, unknown entries are reported rather than fatal,
 * `t=` is clamped to 5–600 s (90 when absent or not a number). Undefined when there is no `s=` at all
 * or the query is too long to be a link anyone typed.
 */
export function parseRoundLink(query: string): RoundLink | undefined {
  if (query.length > MAX_QUERY) return undefined;
  let list: string | undefined;
  let seconds = ROUND_DEFAULT_SECONDS;
  for (const pair of query.split("&", MAX_ENTRIES)) {
    const equals = pair.indexOf("=");
    const key = equals < 0 ? pair : pair.slice(0, equals);
    const value = decode(equals < 0 ? "" : pair.slice(equals + 1));
    if (key === "s" && value !== undefined) list = value;
    else if (key === "t" && value !== undefined && /^\d{1,6}$/.test(value.trim()))
      seconds = clampSeconds(Number(value.trim()));
  }
  if (list === undefined) return undefined;
  const ids: ScenarioId[] = [];
  const unknown: string[] = [];
  for (const raw of list.split(",", MAX_ENTRIES)) {
    const entry = raw.trim();
    if (entry === "") continue;
    if (entry === "all") {
      for (const id of SCENARIO_IDS) if (!ids.includes(id)) ids.push(id);
    } else if (isScenarioId(entry)) {
      if (!ids.includes(entry)) ids.push(entry);
    } else if (unknown.length < MAX_UNKNOWN) {
      const shown = entry.length > MAX_UNKNOWN_LENGTH ? `${entry.slice(0, MAX_UNKNOWN_LENGTH)}…` : entry;
      if (!unknown.includes(shown)) unknown.push(shown);
    }
  }
  return { ids, seconds, ...(unknown.length > 0 ? { unknown } : {}) };
}

/** The query of a round's link (`s=a,b,c&t=60`): `all` when it is every scenario in order, `t=` only when not the default. */
export function formatRoundLink(ids: readonly ScenarioId[], seconds: number): string {
  const every = ids.length === SCENARIO_IDS.length && ids.every((id, i) => id === SCENARIO_IDS[i]);
  const list = every ? "all" : ids.join(",");
  const limit = clampSeconds(seconds);
  return `s=${list}${limit === ROUND_DEFAULT_SECONDS ? "" : `&t=${limit}`}`;
}

/** "1:05" for a countdown: whole seconds, rounded up so it shows 0:00 only when time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * A round saved in the tab's session, read back: undefined unless it is a round of exactly these
 * scenarios and this limit (another link starts afresh) with every field sane.
 */
export function restoreRound(
  saved: unknown,
  ids: readonly ScenarioId[],
  seconds: number,
): RoundState | undefined {
  if (typeof saved !== "object" || saved === null) return undefined;
  const round = saved as Partial<RoundState>;
  if (round.seconds !== clampSeconds(seconds) || !Array.isArray(round.questions)) return undefined;
  if (round.questions.length !== ids.length) return undefined;
  const index = round.index;
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > ids.length)
    return undefined;
  const outcomes: readonly unknown[] = ["first-try", "second-try", "missed", "timeout", undefined];
  const questions: QuestionState[] = [];
  for (const [i, raw] of (round.questions as unknown[]).entries()) {
    if (typeof raw !== "object" || raw === null) return undefined;
    const q = raw as Partial<QuestionState>;
    const wrong = Array.isArray(q.wrong)
      ? q.wrong.filter((key): key is string => typeof key === "string")
      : [];
    const id = ids[i];
    if (id === undefined || q.id !== id || !outcomes.includes(q.outcome)) return undefined;
    if (typeof q.usedMs !== "number" || !(q.usedMs >= 0) || wrong.length > TRIES) return undefined;
    questions.push({
      id,
      // A question restored mid-way waits for its scenario to be on screen again.
      opened: false,
      usedMs: Math.min(q.usedMs, round.seconds * 1000),
      wrong: wrong.slice(),
      ...(q.outcome ? { outcome: q.outcome } : {}),
    });
  }
  return { seconds: round.seconds, questions, index };
}
