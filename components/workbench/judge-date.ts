/**
 * The instant certificates are judged at. By default: the demo's own date for the demo (its sample data
 * is fixed in time), the clock for a person's files. A date the person picks (or `?at=2026-12-01` in
 * the URL) holds for every analysis until they reset it — auditors ask "what is broken on that day?".
 */

export interface JudgeDateState {
  /** A date the person chose (YYYY-MM-DD), or undefined for the automatic choice. */
  chosen?: string;
}

/** `2026-12-01` → `2026-12-01T00:00:00.000Z`; undefined for anything that is not a calendar date. */
export function dayToIso(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day
    ? undefined
    : date.toISOString();
}

/** The judge instant for a run: the chosen day, else the demo's date for the demo, else `now`. */
export function effectiveJudgeAt(state: JudgeDateState, demoJudgeAt: string | undefined, now: Date): string {
  const chosen = state.chosen ? dayToIso(state.chosen) : undefined;
  return chosen ?? demoJudgeAt ?? now.toISOString();
}

/** The `at` query parameter of a URL search string, when it is a valid day. */
export function judgeDayFromSearch(search: string): string | undefined {
  const day = new URLSearchParams(search).get("at") ?? undefined;
  return day && dayToIso(day) ? day : undefined;
}

/** Where the judge instant came from, as "Judged at" says it. */
export type JudgeDateSource = "chosen" | "demo" | "today";

/** The words "Judged at" puts after the instant, so it is never a mystery which date is in force. */
export const JUDGE_SOURCE_LABEL: Record<JudgeDateSource, string> = {
  chosen: "chosen day",
  demo: "the demo's fixed date",
  today: "today",
};

/** Which of the three rules of `effectiveJudgeAt` gave the instant (an invalid chosen day falls through). */
export function judgeDateSource(state: JudgeDateState, demoJudgeAt: string | undefined): JudgeDateSource {
  if (state.chosen && dayToIso(state.chosen)) return "chosen";
  return demoJudgeAt ? "demo" : "today";
}

/**
 * A URL search string with `at` set to `day` (or removed for undefined), every other parameter kept:
 * a chosen day lives in the address so a shared link asks the same question.
 */
export function searchWithJudgeDay(search: string, day: string | undefined): string {
  const params = new URLSearchParams(search);
  if (day && dayToIso(day)) params.set("at", day);
  else params.delete("at");
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
