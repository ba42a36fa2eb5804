"use client";
/**
 * The renewal plan: by date, what expires, what stops working then and what to run before. The core
 * derives the plan from the report (lib/plan); this view lays it out, earliest (and overdue) first,
 * and lets each certificate be selected like everywhere else in the explorer.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { CopyButton } from "@/components/detail/copy-button";
import { StatusIcon } from "@/components/detail/status-icon";
import { daysPhrase } from "./plan-day";
import { RenewalDayCard } from "./renewal-day-card";
import type { RenewalPlan } from "@/lib/plan/types";

export interface RenewalPlanViewProps extends Omit<ExplorerViewProps, "report"> {
  /** Worked out in the analysis engine after the report: undefined while it is. */
  plan: RenewalPlan | undefined;
}

/** The renewal plan: by date, what expires, what stops working, what to run. */
export function RenewalPlanView({ plan, selection, onSelect, highlight, onHover }: RenewalPlanViewProps) {
  if (!plan)
    return (
      <div className="flex flex-col" aria-busy="true">
        <header className="border-line border-b px-3 py-2 sm:px-4">
          <h2 className="text-sm font-semibold">Renewal plan</h2>
        </header>
        <p className="text-muted px-4 py-6 text-sm" role="status">
          Working out the renewal plan…
        </p>
      </div>
    );
  const certificates = plan.days.reduce((sum, day) => sum + day.items.length, 0);
  const next = plan.days.find((day) => day.state !== "expired");
  const overdue = plan.days.filter((day) => day.state === "expired").length;
  return (
    <div className="flex flex-col">
      <header className="border-line flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-2 sm:px-4">
        <h2 className="text-sm font-semibold">Renewal plan</h2>
        <p className="text-muted min-w-0 flex-1 text-xs">
          {plan.days.length === 0
            ? "Nothing to renew"
            : `${certificates} certificate${certificates === 1 ? "" : "s"} on ${plan.days.length} date${plan.days.length === 1 ? "" : "s"}`}
          {overdue > 0 ? (
            <span className="text-error font-medium">
              {" "}
              · {overdue} date{overdue === 1 ? "" : "s"} overdue
            </span>
          ) : null}
          {next ? ` · next ${next.date}, ${daysPhrase(plan.now, next)}` : ""}
        </p>
        {plan.commands.length > 0 ? (
          <span className="text-muted inline-flex items-center gap-1.5 text-xs max-sm:w-full max-sm:justify-between print:hidden">
            All {plan.commands.length} commands, in order
            <CopyButton text={plan.commands.join("\n")} label="every command of the plan, in order" />
          </span>
        ) : null}
      </header>
      {plan.days.length === 0 ? (
        <p className="text-muted inline-flex items-center gap-1.5 px-4 py-6 text-sm">
          <StatusIcon tone="info" className="size-4" />
          The input holds no certificates, so there is nothing to renew.
        </p>
      ) : (
        <ol aria-label="Renewal dates" className="flex flex-col">
          {plan.days.map((day) => (
            <RenewalDayCard
              key={day.date}
              day={day}
              now={plan.now}
              selection={selection}
              highlight={highlight}
              onSelect={onSelect}
              onHover={onHover}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
