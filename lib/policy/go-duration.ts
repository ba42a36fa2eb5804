/**
 * Go's `time.ParseDuration` grammar, as kubeadm reads `certificateValidityPeriod` (`8760h0m0s`,
 * `2160h`, `1.5h`): a sequence of decimal numbers, each with a unit (ns, us, µs, ms, s, m, h), or a
 * lone `0`. Bounded: a duration is a few dozen characters.
 */

const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;

/** Milliseconds of a Go duration string, or undefined when it is not one. */
export function parseGoDuration(text: string): number | undefined {
  if (text.length === 0 || text.length > 64) return undefined;
  let rest = text;
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    sign = rest.startsWith("-") ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === "0") return 0;
  if (rest === "") return undefined;
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < rest.length) {
    const match = PART.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? Number.NaN);
  }
  return Number.isFinite(total) ? sign * total : undefined;
}

/** A duration in hours as Go prints one kubeadm compares with (`8760h0m0s`), for messages. */
export function formatGoHours(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${hours}h${minutes}m${seconds}s`;
}
