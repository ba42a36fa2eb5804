/**
 * The order of a workshop, for a keyboard or a clicker: the guided tour, then the handshake of the
 * broken edge, then the break-it scenarios, each shown and then asked as a quiz. → (PageDown) at the
 * end of one part opens the next; ← (PageUp) at its start goes back. Each panel steps through its own
 * steps first; this says where its last step leads.
 */
import type { Report } from "@/lib/report";
import { SCENARIO_IDS } from "@/lib/scenarios/scenario";
import { TOUR_ORDER } from "@/lib/teach/report-facts";
import type { TeachRoute } from "./teach-route";

/** What the order needs from the loaded report: the tour's last step and the edge to shake hands on. */
export interface SessionFacts {
  /** The tour's last step (a relationship id). */
  lastTourStep: string;
  /** The handshake the tour leads to: the first broken relationship's key, else the first's. */
  handshakeKey: string | undefined;
}

/** The facts of a report: the tour's last step, and its first broken relationship (else its first). */
export function sessionFacts(report: Report): SessionFacts {
  const broken = report.relationships.find((relationship) => relationship.status === "error");
  const first = broken ?? report.relationships.find((relationship) => relationship.primary);
  return { lastTourStep: TOUR_ORDER[TOUR_ORDER.length - 1] ?? "", handshakeKey: first?.key };
}

/** Where → goes from the end of `route` (its last step, or an answered quiz); undefined: nowhere. */
export function sessionNext(route: TeachRoute | undefined, facts: SessionFacts): TeachRoute | undefined {
  switch (route?.kind) {
    case "tour":
      return facts.handshakeKey ? { kind: "handshake", key: facts.handshakeKey } : { kind: "scenarios" };
    case "handshake":
      return { kind: "scenarios" };
    case "scenarios":
      return { kind: "scenario", id: SCENARIO_IDS[0], quiz: false };
    case "scenario": {
      if (!route.quiz) return { ...route, quiz: true };
      const next = SCENARIO_IDS[SCENARIO_IDS.indexOf(route.id as (typeof SCENARIO_IDS)[number]) + 1];
      return next ? { kind: "scenario", id: next, quiz: false } : { kind: "scenarios" };
    }
    default:
      return undefined;
  }
}

/** Where ← goes from the start of `route`; undefined: nowhere. */
export function sessionBack(route: TeachRoute | undefined, facts: SessionFacts): TeachRoute | undefined {
  switch (route?.kind) {
    case "handshake":
      return { kind: "tour", step: facts.lastTourStep };
    case "scenarios":
      return facts.handshakeKey
        ? { kind: "handshake", key: facts.handshakeKey }
        : { kind: "tour", step: facts.lastTourStep };
    case "scenario": {
      if (route.quiz) return { ...route, quiz: false };
      const previous = SCENARIO_IDS[SCENARIO_IDS.indexOf(route.id as (typeof SCENARIO_IDS)[number]) - 1];
      return previous ? { kind: "scenario", id: previous, quiz: true } : { kind: "scenarios" };
    }
    default:
      return undefined;
  }
}
