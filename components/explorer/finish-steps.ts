/**
 * Work over a whole report written as a generator that yields every few milliseconds, so a caller
 * can spread a fleet's worth over several tasks (see use-steps.ts); this runs it all at once.
 */
export function finishSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
