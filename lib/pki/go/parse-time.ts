/**
 * Validity times as Go's cryptobyte reads them: UTCTime `YYMMDDHHMMSS` (or without seconds) and
 * GeneralizedTime `YYYYMMDDHHMMSS`, each ending in `Z` or a `±hhmm` offset, and only when Go's
 * own formatting of the parsed time gives back the same text (no fractions, no `+0000`).
 */
import type { DerReader } from "./der-reader";
import { charCodes, goRfc3339 } from "./go-text";

export interface GoTime {
  ms: number;
  /** As Go prints it in an expiry error (RFC 3339, in the time's own offset). */
  text: string;
}

/** Go's error for a time it cannot read; `parse-certificate.ts` reports it as the parse error. */
export class TimeError extends Error {}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function leap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** `time.Parse` of digits-then-zone, with Go's range checks; undefined where it fails. */
function parseDigits(text: string, yearDigits: 2 | 4, withSeconds: boolean): GoTime | undefined {
  const fields = yearDigits + (withSeconds ? 10 : 8);
  const digits = text.slice(0, fields);
  if (!/^\d+$/.test(digits) || digits.length !== fields) return undefined;
  const zone = text.slice(fields);
  let offset = 0;
  if (zone !== "Z") {
    const match = /^([+-])(\d\d)(\d\d)$/.exec(zone);
    if (!match?.[2] || !match[3]) return undefined;
    const hours = Number(match[2]);
    const minutes = Number(match[3]);
    if (hours > 24 || minutes > 59) return undefined;
    offset = (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
    // Go formats a zero offset as "Z", so "+0000" does not round-trip.
    if (offset === 0) return undefined;
  }
  let at = 0;
  const take = (n: number) => {
    const value = Number(digits.slice(at, at + n));
    at += n;
    return value;
  };
  let year = take(yearDigits);
  if (yearDigits === 2) year += year >= 69 ? 1900 : 2000;
  const month = take(2);
  const day = take(2);
  const hour = take(2);
  const minute = take(2);
  const second = withSeconds ? take(2) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const monthDays = month === 2 && leap(year) ? 29 : (DAYS[month - 1] ?? 31);
  if (day > monthDays) return undefined;
  if (yearDigits === 2 && year >= 2050) year -= 100;
  // setUTCFullYear, unlike Date.UTC, keeps the years 0–99 as they are.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  const ms = utc.getTime() - offset * 60_000;
  return { ms, text: goRfc3339(ms, offset) };
}

/** Reads one time from `der`, or throws Go's error for it. */
export function readGoTime(der: DerReader): GoTime {
  if (der.peekTag(0x17)) {
    const contents = der.read(0x17);
    const text = contents ? charCodes(contents.rest()) : "";
    const parsed = contents && (parseDigits(text, 2, true) ?? parseDigits(text, 2, false));
    if (!parsed) throw new TimeError("x509: malformed UTCTime");
    return parsed;
  }
  if (der.peekTag(0x18)) {
    const contents = der.read(0x18);
    const text = contents ? charCodes(contents.rest()) : "";
    const parsed = contents && parseDigits(text, 4, true);
    if (!parsed) throw new TimeError("x509: malformed GeneralizedTime");
    return parsed;
  }
  throw new TimeError("x509: unsupported time format");
}
