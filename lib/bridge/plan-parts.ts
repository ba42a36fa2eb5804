/**
 * The renewal plan crosses from the Worker to the page in slices, for the reason reports do
 * (see report-parts.ts): a 5,000-node cluster's plan lists ten thousand certificates, most of them on
 * one day, so a day's items are sliced too.
 */
import type { RenewalDay, RenewalItem, RenewalPlan } from "../plan/types";
import { ITEMS_PER_PART } from "./report-parts";

/** One message's worth of a plan. */
export type PlanPart =
  | { kind: "plan-head"; now: string }
  /** A day with its first items; `plan-items` parts that follow append to it. */
  | { kind: "plan-day"; day: RenewalDay }
  | { kind: "plan-items"; items: RenewalItem[] }
  | { kind: "plan-commands"; commands: string[] };

/** Cut a plan into parts in its own order; {@link PlanAssembler} puts them back together. */
export function splitPlan(plan: RenewalPlan, size = ITEMS_PER_PART): PlanPart[] {
  const parts: PlanPart[] = [{ kind: "plan-head", now: plan.now }];
  for (const day of plan.days) {
    parts.push({ kind: "plan-day", day: { ...day, items: day.items.slice(0, size) } });
    for (let at = size; at < day.items.length; at += size)
      parts.push({ kind: "plan-items", items: day.items.slice(at, at + size) });
  }
  for (let at = 0; at < plan.commands.length; at += size)
    parts.push({ kind: "plan-commands", commands: plan.commands.slice(at, at + size) });
  return parts;
}

/** Collects the parts of one plan as they arrive, in the order they were posted. */
export class PlanAssembler {
  private now: string | undefined;
  private readonly days: RenewalDay[] = [];
  private readonly commands: string[] = [];

  /** Adds one part; items go to the day before them. */
  add(part: PlanPart): void {
    switch (part.kind) {
      case "plan-head":
        this.now = part.now;
        return;
      case "plan-day":
        this.days.push(part.day);
        return;
      case "plan-items": {
        const day = this.days.at(-1);
        if (day) for (const item of part.items) day.items.push(item);
        return;
      }
      case "plan-commands":
        for (const command of part.commands) this.commands.push(command);
        return;
    }
  }

  /** The whole plan, or undefined when no head arrived. */
  plan(): RenewalPlan | undefined {
    return this.now === undefined ? undefined : { now: this.now, days: this.days, commands: this.commands };
  }
}

/** The plan the parts make up, in one call. */
export function assemblePlan(parts: readonly PlanPart[]): RenewalPlan | undefined {
  const assembler = new PlanAssembler();
  for (const part of parts) assembler.add(part);
  return assembler.plan();
}
