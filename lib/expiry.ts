/**
 * When a certificate should be renewed: the one place that judges remaining validity, shared by the
 * rules, the report, the formats and the explorer's timeline, so every view agrees on "soon".
 *
 * A certificate is due when either threshold is crossed: the absolute window (`warnDays`, default 30)
 * or the relative one (less than `warnFraction` of its lifetime left, default 10 %). The absolute
 * window alone cries wolf on short-lived certificates and lets ten-year CAs sneak up (10 % of ten
 * years is a year of notice). So that a 24-hour certificate is not "expiring soon" all its life, the
 * absolute window counts only while it is at most a third of the lifetime (cert-manager renews at two
 * thirds by default); shorter-lived certificates are judged by the fraction alone. Certificates the
 * kubelet rotates itself have a rotation window at 70–90 % of their lifetime (client-go's certificate
 * manager picks a random point in it).
 */

export const DAY_MS = 86_400_000;

/**
 * Whole days from `now` to `notAfter` (both epoch ms), counted toward zero: 15.9 days ahead is 15,
 * 15.3 days ago is -15, and anything under a day either way is 0 (never -0). This is the one
 * number every view tells — the report's `daysLeft`, the findings, the tables, the Markdown, the
 * renewal plan — so a certificate reads "15 days ago" everywhere. Counting elapsed 24-hour periods,
 * not calendar days, keeps it the same in every time zone and on either side of midnight.
 */
export function daysLeft(notAfter: number, now: number): number {
  const days = Math.trunc((notAfter - now) / DAY_MS);
  return days === 0 ? 0 : days;
}

export const DEFAULT_WARN_DAYS = 30;
export const DEFAULT_WARN_FRACTION = 0.1;
/** How far ahead a CA's expiry must be planned for: a CA rotation is a project, not a command. */
export const DEFAULT_CA_HORIZON_DAYS = 365;

/** The absolute window applies only while it is at most this share of the certificate's lifetime. */
export const ABSOLUTE_WINDOW_MAX_SHARE = 1 / 3;

/** Where client-go's certificate manager rotates: between 70 % and 90 % of the lifetime. */
export const ROTATION_START = 0.7;
export const ROTATION_END = 0.9;

export interface ExpiryThresholds {
  /** Warn when the certificate expires within this many days. */
  warnDays: number;
  /** Warn when less than this fraction (0..1) of its lifetime is left. */
  warnFraction: number;
}

export type ExpiryState = "not-yet-valid" | "expired" | "soon" | "ok";

export interface ExpiryJudgement {
  state: ExpiryState;
  /** Whole days from `now` to notAfter, toward zero (negative once a full day expired): `daysLeft`. */
  daysLeft: number;
  /** Fraction of the validity period elapsed at `now`, clamped to 0..1. */
  lifetimeUsed: number;
  /** Inside the absolute window (which applies only to certificates living at least three times as long). */
  byDays: boolean;
  /** Less than `warnFraction` of the lifetime left (always, for a certificate without a lifetime). */
  byFraction: boolean;
  /** The instant the warning starts: the earlier of the two thresholds (ISO 8601). */
  warnFrom: string;
}

interface Validity {
  notBefore: string;
  notAfter: string;
}

/** Judge one certificate's validity at `now` against both thresholds. */
export function judgeExpiry(validity: Validity, now: Date, thresholds: ExpiryThresholds): ExpiryJudgement {
  const notBefore = Date.parse(validity.notBefore);
  const notAfter = Date.parse(validity.notAfter);
  const at = now.getTime();
  const lifetime = notAfter - notBefore;
  const left = notAfter - at;
  const window = thresholds.warnDays * DAY_MS;
  const absolute = window <= lifetime * ABSOLUTE_WINDOW_MAX_SHARE ? window : 0;
  const lead = Math.max(absolute, lifetime > 0 ? thresholds.warnFraction * lifetime : 0);
  const inside = at >= notBefore && at <= notAfter;
  const byDays = inside && absolute > 0 && left <= absolute;
  // A certificate with no lifetime has nothing left at its one valid instant: due, not "ok".
  const byFraction = inside && (lifetime <= 0 || left / lifetime < thresholds.warnFraction);
  const state: ExpiryState =
    at < notBefore ? "not-yet-valid" : at > notAfter ? "expired" : byDays || byFraction ? "soon" : "ok";
  return {
    state,
    daysLeft: daysLeft(notAfter, at),
    lifetimeUsed: lifetime > 0 ? Math.min(1, Math.max(0, (at - notBefore) / lifetime)) : 1,
    byDays,
    byFraction,
    warnFrom: new Date(notAfter - lead).toISOString(),
  };
}

/** The kubelet's rotation window for a certificate it rotates itself (70–90 % of the lifetime). */
export function rotationWindow(validity: Validity): { start: string; end: string } {
  const notBefore = Date.parse(validity.notBefore);
  const lifetime = Date.parse(validity.notAfter) - notBefore;
  return {
    start: new Date(notBefore + ROTATION_START * lifetime).toISOString(),
    end: new Date(notBefore + ROTATION_END * lifetime).toISOString(),
  };
}

/**
 * Whether the kubelet rotates this certificate itself: it was found as the kubelet's rotated pair
 * (`kubelet-client-current.pem`, `kubelet-server-current.pem` or their dated files), which only
 * exists when rotation (or serverTLSBootstrap) is on.
 */
export function isKubeletRotated(paths: readonly string[]): boolean {
  return paths.some((path) =>
    /(^|\/)kubelet-(client|server)-(current|\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2})\.pem$/.test(path),
  );
}
