/** One collator for every comparison: `localeCompare` with options builds a new one per call. */
const NUMERIC = new Intl.Collator("en", { numeric: true });

/** "node-9" before "node-10": names with numbers in the order people count them. */
export function naturalOrder(a: string, b: string): number {
  return NUMERIC.compare(a, b);
}
