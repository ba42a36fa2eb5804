/**
 * Human wording for "how far is this date from now": the one phrase every view tells a certificate's
 * expiry with (table, Markdown, renewal plan, findings, the explorer's inventory, panels and plan).
 * Whole days come from `daysLeft` (lib/expiry.ts), counted toward zero, so the words and the number
 * never disagree: a certificate that expires in 364.9 days reads "in 364 days" (the convention of
 * `kubeadm certs check-expiration`, never sooner-sounding-than-true inside a warning window), and one
 * that expired 15.3 days ago reads "15 days ago" where its `daysLeft` is -15. Every unit is a count
 * of elapsed time, never a calendar day, so the phrase is the same in every time zone.
 */
import { DAY_MS, daysLeft } from "../expiry";

const MS_PER_HOUR = 3_600_000;
/** From this many whole calendar years on, a distance is told in years; below, in days (leaves live a year). */
const YEARS_FROM = 2;

/** Whole calendar years from `earlier` to `later` (both epoch ms, earlier <= later), counted in UTC. */
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
 * certificate's notAfter) in words: "in 41 days", "3 days ago", "in 5 hours", "in 9 years", "in less
 * than an hour". Thresholds: under 1 hour → "less than an hour"; under a day → whole hours; under two
 * whole calendar years → whole days, exactly `Math.abs(daysLeft(to, from))`; then whole calendar years.
 * There is no "today" or "tomorrow": those name a calendar day, which depends on the reader's time zone.
 * An unparseable date yields "unknown date" rather than a wrong distance.
 */
export function formatRelative(fromIso: string, toIso: string): string {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (Number.isNaN(from) || Number.isNaN(to)) return "unknown date";
  const delta = to - from;
  const distance = Math.abs(delta);
  let amount: string;
  if (distance < MS_PER_HOUR) amount = "less than an hour";
  else if (distance < DAY_MS) amount = plural(Math.trunc(distance / MS_PER_HOUR), "hour");
  else {
    const years = wholeYears(Math.min(from, to), Math.max(from, to));
    amount = years >= YEARS_FROM ? plural(years, "year") : plural(Math.abs(daysLeft(to, from)), "day");
  }
  return delta >= 0 ? `in ${amount}` : `${amount} ago`;
}

/**
 * "expires in 356 days", "expired 3 days ago", "expires in 5 hours": a notAfter told from `now`. The
 * one expiry phrase of every view and finding (its days are the report's `daysLeft`).
 */
export function expiryPhrase(now: string, notAfter: string): string {
  const relative = formatRelative(now, notAfter);
  return Date.parse(notAfter) < Date.parse(now) ? `expired ${relative}` : `expires ${relative}`;
}

/**
 * A `daysLeft` alone (no instants at hand) in the days form of `formatRelative`: "356 days left",
 * "expired 15 days ago", "0 days left" — the same number and words the phrase gives from a day on.
 */
export function daysLeftWords(days: number): string {
  const count = `${Math.abs(days)} day${Math.abs(days) === 1 ? "" : "s"}`;
  return days < 0 ? `expired ${count} ago` : `${count} left`;
}
