/**
 * The expiry thresholds the person chose, persisted in localStorage: the absolute warning window,
 * the fraction of lifetime, and the CA renewal horizon. Defaults are the core's.
 */
import { DEFAULT_CA_HORIZON_DAYS, DEFAULT_WARN_DAYS, DEFAULT_WARN_FRACTION } from "@/lib/expiry";

export interface Thresholds {
  warnDays: number;
  warnFraction: number;
  caHorizonDays: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  warnDays: DEFAULT_WARN_DAYS,
  warnFraction: DEFAULT_WARN_FRACTION,
  caHorizonDays: DEFAULT_CA_HORIZON_DAYS,
};
