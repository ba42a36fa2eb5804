/**
 * A view of a report worked out once per report object. Views re-render on every selection and
 * hover; what they derive from the whole report (an order over every relationship, a sorted list
 * of a fleet's nodes) must not be derived again each time.
 */
import type { Report } from "../report";

/** `derive`, remembered per report (a WeakMap, so it goes when the report goes). */
export function perReport<T>(derive: (report: Report) => T): (report: Report) => T {
  const cache = new WeakMap<Report, T>();
  return (report) => {
    if (cache.has(report)) return cache.get(report) as T;
    const value = derive(report);
    cache.set(report, value);
    return value;
  };
}
