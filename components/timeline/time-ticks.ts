/**
 * Tick labels of the UTC time axis. Certificates are dated in UTC (the report, the CLI and openssl
 * print UTC), so the axis is too: a year boundary reads "2027", a month "Jul", a day "Jul 15". How
 * many ticks fit is decided by the axis width and the widest label, so labels never overlap on a
 * phone.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2027" on the first instant of a year, "Jul" on a month's, "Jul 15" on any other day, in UTC. */
export function formatTick(date: Date): string {
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
  if (!midnight) return `${MONTHS[month]} ${day} ${String(date.getUTCHours()).padStart(2, "0")}:00`;
  if (day === 1 && month === 0) return String(date.getUTCFullYear());
  if (day === 1) return MONTHS[month] ?? "";
  return `${MONTHS[month]} ${day}`;
}

/** How many ticks to ask d3 for on an axis `width` pixels wide: one per ~90 px (70 on phones). */
export function tickCount(width: number, compact: boolean): number {
  return Math.max(2, Math.floor(width / (compact ? 72 : 92)));
}
