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
