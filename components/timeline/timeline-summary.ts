/**
 * The timeline's one-line summary, for the header and the drawing's accessible name: how many
 * certificates in how many trust domains, what is wrong, and which certificate expires next — the
 * first question an auditor asks of a timeline.
 */
import type { TimelineModel } from "./timeline-model";

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export interface TimelineSummary {
  /** "14 certificates in 3 trust domains". */
  scope: string;
  /** "1 expired · 2 due for renewal · 1 outlives its CA"; empty when nothing is. */
  problems: string;
  /** "next: apiserver.crt, in 356 days"; empty when every certificate has expired. */
  next: string;
}

export function summarizeTimeline(model: TimelineModel): TimelineSummary {
  const { bars } = model;
  const domains = bars.filter((bar) => bar.heading && bar.depth === 0).length;
  const by = (state: string) => bars.filter((bar) => bar.state === state).length;
  const outliving = bars.filter((bar) => bar.flags.some((flag) => flag.tone === "error")).length;
  const caDue = bars.filter((bar) => bar.heading && bar.flags.some((flag) => flag.tone === "warning")).length;
  const problems = [
    by("expired") > 0 ? `${by("expired")} expired` : "",
    by("not-yet-valid") > 0 ? `${by("not-yet-valid")} not yet valid` : "",
    by("soon") > 0 ? `${by("soon")} due for renewal` : "",
    outliving > 0 ? `${outliving} outlive${outliving === 1 ? "s" : ""} its CA` : "",
    caDue > 0 ? `${count(caDue, "CA")} inside the horizon` : "",
  ].filter(Boolean);
  // The soonest, by one pass: sorting a fleet's ten thousand bars for their first is too slow.
  let upcoming: TimelineModel["bars"][number] | undefined;
  for (const bar of bars) {
    if (bar.state !== "ok" && bar.state !== "soon") continue;
    if (
      !upcoming ||
      bar.notAfter - upcoming.notAfter < 0 ||
      (bar.notAfter === upcoming.notAfter && bar.name.localeCompare(upcoming.name) < 0)
    )
      upcoming = bar;
  }
  return {
    scope: `${count(bars.length, "certificate")}${domains > 0 ? ` in ${count(domains, "trust domain")}` : ""}`,
    problems: problems.join(" · "),
    next: upcoming ? `next to expire: ${upcoming.name}, ${upcoming.phrase}` : "",
  };
}
