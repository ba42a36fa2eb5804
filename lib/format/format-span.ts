/**
 * A length of time in words, exact to the unit it is told in and never rounded up: "19 seconds",
 * "5 minutes", "3 hours", "154 days". A finding that says how much longer a certificate lives than
 * its CA must not turn 19 seconds into "1 day".
 */
const UNITS: [number, string][] = [
  [86_400_000, "day"],
  [3_600_000, "hour"],
  [60_000, "minute"],
  [1000, "second"],
];

/** `ms` (≥ 0) in the largest unit it fills at least once, truncated: 90 000 ms → "1 minute". */
export function formatSpan(ms: number): string {
  for (const [size, unit] of UNITS) {
    const count = Math.floor(ms / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? "" : "s"}`;
  }
  return "less than a second";
}
