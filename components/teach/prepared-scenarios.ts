/**
 * Scenario files made ahead of the click: the last few choices made (or being made), so that the
 * next question of a round, "Fix it" and a scenario shown a moment ago load at once. A made choice is
 * kept as its promise, so asking again while it is still being made waits for that one making; a
 * making that fails is forgotten (the next ask tries again). Bounded: the least recently asked choice
 * goes first.
 */
import type { ScenarioChoice } from "@/lib/scenarios/scenario";

/** What one making gives: the files to load, or why there are none. */
export type Made<T> = { ok: true; value: T } | { ok: false; problem: string };

/** How many choices are kept: the shown one, its healthy fix, the next one and the one before. */
export const PREPARED_CHOICES = 4;

export class PreparedScenarios<T> {
  private readonly made = new Map<ScenarioChoice, Promise<Made<T>>>();

  constructor(private readonly capacity = PREPARED_CHOICES) {
    if (!(capacity >= 1)) throw new RangeError("a cache of prepared scenarios keeps at least one");
  }

  /** Whether the choice is made or being made. */
  has(choice: ScenarioChoice): boolean {
    return this.made.has(choice);
  }

  /** The choices kept, least recently asked first. */
  choices(): ScenarioChoice[] {
    return [...this.made.keys()];
  }

  /**
   * The choice's files: the kept ones, or `make` called now and its promise kept. Either way the
   * choice becomes the most recently asked, and the oldest beyond the capacity are dropped.
   */
  get(choice: ScenarioChoice, make: () => Promise<Made<T>>): Promise<Made<T>> {
    let making = this.made.get(choice);
    if (making) this.made.delete(choice);
    else {
      making = make().catch((error: unknown) => ({
        ok: false as const,
        problem: error instanceof Error ? error.message : String(error),
      }));
      const mine = making;
      void mine.then((result) => {
        // A failure is not kept; a newer making of the same choice is left alone.
        if (!result.ok && this.made.get(choice) === mine) this.made.delete(choice);
      });
    }
    this.made.set(choice, making);
    for (const oldest of this.made.keys()) {
      if (this.made.size <= this.capacity) break;
      this.made.delete(oldest);
    }
    return making;
  }
}

/**
 * What to make ahead while nothing is being made: the next choice (a round's next question), then
 * "healthy" while a scenario is shown (its "Fix it"), each only when not kept already. Nothing while
 * the wanted choice is still to be loaded: it comes first.
 */
export function choicesToPrepare(
  wanted: ScenarioChoice | undefined,
  loaded: string | undefined,
  next: ScenarioChoice | undefined,
  kept: (choice: ScenarioChoice) => boolean,
): ScenarioChoice[] {
  if (wanted !== undefined && wanted !== loaded) return [];
  const todo: ScenarioChoice[] = [];
  if (next !== undefined && next !== wanted) todo.push(next);
  if (wanted !== undefined && wanted !== "healthy" && next !== "healthy") todo.push("healthy");
  return todo.filter((choice) => !kept(choice));
}
