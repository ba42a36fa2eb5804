/**
 * The expiry thresholds the person chose, persisted in localStorage: the absolute warning window,
 * the fraction of lifetime, and the CA renewal horizon. Defaults are the core's. Everything read from
 * the form or from storage goes through the parsers here, so the analysis never gets a negative
 * window or a fraction above one, whatever an old version or a hand edit left behind.
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

/** Ten years: longer than any leaf certificate kubeadm issues and as long as its CAs. */
export const MAX_DAYS = 3650;

export const THRESHOLDS_STORAGE_KEY = "k8s-pki-explorer:thresholds";

/** A form field's value, or why it cannot be used (shown under the field). */
export type FieldResult = { ok: true; value: number } | { ok: false; reason: string };

function parseNumber(input: string): number | undefined {
  const text = input.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

function parseDays(input: string, what: string): FieldResult {
  const days = parseNumber(input);
  if (days === undefined || !Number.isInteger(days))
    return { ok: false, reason: `${what}: a whole number of days` };
  if (days > MAX_DAYS) return { ok: false, reason: `${what}: at most ${MAX_DAYS} days` };
  return { ok: true, value: days };
}

/** The warning window in days: a whole number from 0 (off) to 3650. */
export function parseWarnDays(input: string): FieldResult {
  return parseDays(input, "Warning window");
}

/** The CA horizon in days: a whole number from 0 (off) to 3650. */
export function parseCaHorizonDays(input: string): FieldResult {
  return parseDays(input, "CA horizon");
}

/** The share of lifetime, typed as a percentage (0–100, decimals allowed), returned as a fraction. */
export function parseWarnPercent(input: string): FieldResult {
  const percent = parseNumber(input);
  if (percent === undefined) return { ok: false, reason: "Lifetime share: a percentage from 0 to 100" };
  if (percent > 100) return { ok: false, reason: "Lifetime share: at most 100 %" };
  return { ok: true, value: percent / 100 };
}

/** A fraction as the percentage people type and read: 0.1 → "10", 0.075 → "7.5". */
export function formatPercent(fraction: number): string {
  return String(Number((fraction * 100).toFixed(2)));
}

function isDays(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_DAYS;
}

function isFraction(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
}

/**
 * Thresholds from what localStorage holds (`null` when nothing). Each field is checked on its own: a
 * field that is missing or out of range falls back to its default, the others are kept.
 */
export function parseStoredThresholds(raw: string | null): Thresholds {
  if (raw === null) return DEFAULT_THRESHOLDS;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    // Not JSON (a hand edit, another app's key): the defaults are the honest reading.
    return DEFAULT_THRESHOLDS;
  }
  if (typeof stored !== "object" || stored === null) return DEFAULT_THRESHOLDS;
  const fields = stored as Record<string, unknown>;
  return {
    warnDays: isDays(fields.warnDays) ? fields.warnDays : DEFAULT_THRESHOLDS.warnDays,
    warnFraction: isFraction(fields.warnFraction) ? fields.warnFraction : DEFAULT_THRESHOLDS.warnFraction,
    caHorizonDays: isDays(fields.caHorizonDays) ? fields.caHorizonDays : DEFAULT_THRESHOLDS.caHorizonDays,
  };
}

/** The stored form of `thresholds`: JSON with the three fields in a fixed order. */
export function serializeThresholds(thresholds: Thresholds): string {
  const { warnDays, warnFraction, caHorizonDays } = thresholds;
  return JSON.stringify({ warnDays, warnFraction, caHorizonDays });
}

export function sameThresholds(a: Thresholds, b: Thresholds): boolean {
  return (
    a.warnDays === b.warnDays && a.warnFraction === b.warnFraction && a.caHorizonDays === b.caHorizonDays
  );
}

/** The compact label of the settings button: `Warn: 30 d · 10 % · CA 365 d`. */
export function describeThresholds(thresholds: Thresholds): string {
  return `Warn: ${thresholds.warnDays} d · ${formatPercent(thresholds.warnFraction)} % · CA ${thresholds.caHorizonDays} d`;
}

/** The same in words, for screen readers and the button's tooltip. */
export function explainThresholds(thresholds: Thresholds): string {
  return (
    `Expiry thresholds: warn ${thresholds.warnDays} days before expiry or when less than ` +
    `${formatPercent(thresholds.warnFraction)} % of the lifetime is left; plan CA renewals ` +
    `${thresholds.caHorizonDays} days ahead`
  );
}
