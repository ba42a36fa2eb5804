/**
 * Which stretch of time the timeline shows. Kubernetes PKIs mix one-year leaves with ten-year CAs:
 * drawn to one scale, every leaf shrinks to a sliver at the left. So the timeline opens on what an
 * audit acts on — the leaves' validity, the judge date and the CA horizon after it — and CAs that run
 * on past it are clipped with an arrow and their date; "All" shows every certificate end to end.
 */
import { DAY_MS } from "@/lib/expiry";
import type { TimelineModel } from "./timeline-model";
import { maxOf, minOf } from "@/lib/shared/collections";

export interface TimeDomain {
  start: number;
  end: number;
}

const YEAR_MS = 365.25 * DAY_MS;
/** How far back and ahead of `now` the opening view reaches at most; anything further is clipped. */
const LOOKBACK = 2 * YEAR_MS;
const LOOKAHEAD = 3 * YEAR_MS;
/** Narrowest opening view, so a drop of brand-new short-lived certificates is not a blur of days. */
const MIN_SPAN = 60 * DAY_MS;

function padded(start: number, end: number, share: number): TimeDomain {
  let from = start;
  let to = end;
  if (to - from < MIN_SPAN) {
    const middle = (from + to) / 2;
    from = middle - MIN_SPAN / 2;
    to = middle + MIN_SPAN / 2;
  }
  const pad = Math.max((to - from) * share, 7 * DAY_MS);
  return { start: from - pad, end: to + pad };
}

/**
 * The opening view: the judge date and the CA horizon after it, every leaf's notBefore and notAfter
 * (the renewals to plan) and every CA that ends inside that window, each clamped to two years before
 * and three years after `now`, plus a margin. CAs are not stretched across their ten years: they are
 * what "All" is for.
 */
export function focusDomain(model: Pick<TimelineModel, "bars" | "now" | "horizonEnd">): TimeDomain {
  const { now, horizonEnd } = model;
  const leaves = model.bars.filter((bar) => !bar.heading);
  const instants = [now, horizonEnd];
  for (const bar of leaves) instants.push(bar.notBefore, bar.notAfter);
  for (const bar of model.bars) if (bar.heading && bar.notAfter <= horizonEnd) instants.push(bar.notAfter);
  if (leaves.length === 0) for (const bar of model.bars) instants.push(bar.notBefore);
  const clamped = instants
    .filter(Number.isFinite)
    .map((t) => Math.min(now + LOOKAHEAD, Math.max(now - LOOKBACK, t)));
  return padded(minOf(clamped), maxOf(clamped), 0.03);
}

/** Every certificate end to end, with the judge date and the horizon, plus a margin. */
export function fullDomain(model: Pick<TimelineModel, "bars" | "now" | "horizonEnd">): TimeDomain {
  const instants = [model.now, model.horizonEnd];
  for (const bar of model.bars) instants.push(bar.notBefore, bar.notAfter);
  const finite = instants.filter(Number.isFinite);
  return padded(minOf(finite), maxOf(finite), 0.02);
}

/** The smallest domain holding both. */
export function unionDomain(a: TimeDomain, b: TimeDomain): TimeDomain {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}
