/**
 * Human wording for "how far is this date from now", used by the table and Markdown formatters for
 * certificate expiry. Units are truncated, never rounded up, so a certificate that expires in 364.9
 * days reads "in 364 days" — the same convention as `kubeadm certs check-expiration`, and never
 * sooner-sounding-than-true for the one that expires in 29.9 days inside a 30-day warning window.
 */

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
/** Below this a distance is told in hours: "in 30 hours" is clearer than "in 1 day". */
const HOURS_UNTIL = 2 * MS_PER_DAY;
/** From this many whole calendar years on, a distance is told in years; below, in days (leaves live a year). */
const YEARS_FROM = 2;

/** Whole calendar years from `earlier` to `later` (both epoch ms, earlier <= later), as a person counts them. */
function wholeYears(earlier: number, later: number): number {
  const start = new Date(earlier);
  const end = new Date(later);
  let years = end.getUTCFullYear() - start.getUTCFullYear();
  const anniversary = new Date(earlier);
  anniversary.setUTCFullYear(start.getUTCFullYear() + years);
  if (anniversary.getTime() > later) years -= 1;
  return years;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * Describe the distance from `fromIso` (usually the report's `now`) to `toIso` (usually a
 * certificate's notAfter) in words: "in 41 days", "3 days ago", "in 5 hours", "in 9 years", and
 * "today" when the two are less than an hour apart (the exact timestamp is always printed nearby).
 * Thresholds: under 1 hour → "today"; under 48 hours → hours; under two whole calendar years →
 * days; then whole calendar years.
 * An unparseable date yields "unknown date" rather than a wrong distance.
 */
export function formatRelative(fromIso: string, toIso: string): string {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (Number.isNaN(from) || Number.isNaN(to)) return "unknown date";
  const delta = to - from;
  const distance = Math.abs(delta);
  if (distance < MS_PER_HOUR) return "today";
  let amount: string;
  if (distance < HOURS_UNTIL) amount = plural(Math.floor(distance / MS_PER_HOUR), "hour");
  else {
    const years = wholeYears(Math.min(from, to), Math.max(from, to));
    amount = years >= YEARS_FROM ? plural(years, "year") : plural(Math.floor(distance / MS_PER_DAY), "day");
  }
  return delta > 0 ? `in ${amount}` : `${amount} ago`;
}
