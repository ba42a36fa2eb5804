/**
 * Array helpers that never spread an array into call arguments. `target.push(...items)` and
 * `Math.max(...items)` put every element on the stack; an input with a hundred thousand flags, PEM
 * blocks or findings overflows it and takes the whole report down. These loop instead.
 */

/** Appends every item to `target` (what `target.push(...items)` does, for any length). */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The smallest number, `Infinity` for none, NaN if any is (as `Math.min(...values)`). */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const value of values) {
    if (Number.isNaN(value)) return NaN;
    if (value < min) min = value;
  }
  return min;
}

/** The largest number, `-Infinity` for none, NaN if any is (as `Math.max(...values)`). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const value of values) {
    if (Number.isNaN(value)) return NaN;
    if (value > max) max = value;
  }
  return max;
}
