/**
 * Read-only questions the plan formats ask of a renewal plan, kept in one place so the terminal
 * plan and the Markdown report tell the same days and list the same leftover procedures.
 */
import type { RenewalDay, RenewalKind } from "../plan/types";
import type { PlanRow } from "./plan-rows";

/** The earliest expiry instant of a day (what "in 356 days" is told from). */
export function dayEarliest(day: RenewalDay): string {
  return day.items.reduce(
    (soonest, item) => (item.notAfter < soonest ? item.notAfter : soonest),
    day.items[0]?.notAfter ?? day.date,
  );
}

/** Steps that are not shell commands, gathered by kind, so the end of a plan names what is left. */
export interface ProcedureGroup {
  kind: RenewalKind;
  /** "Renew from their own CA (the steps above)", "Plan a CA rotation". */
  title: string;
  /** The certificates it covers, by expiry day: `[{ date: "2036-11-19", labels: ["ca.crt", ...] }]`. */
  days: { date: string; labels: string[] }[];
  docUrl?: string;
}

const PROCEDURES: { kind: RenewalKind; title: string }[] = [
  { kind: "manual", title: "Renew from their own CA (the steps above)" },
  { kind: "ca-rotation", title: "Plan a CA rotation" },
];

/**
 * Group the plan's rows that are not commands (renewals from another CA, CA rotations), each named
 * as its row is (one certificate, or one file on many nodes with their count).
 */
export function procedureGroups(rows: PlanRow[]): ProcedureGroup[] {
  return PROCEDURES.flatMap(({ kind, title }) => {
    const covered = rows.filter(({ item }) => !item.runnable && item.kind === kind);
    if (covered.length === 0) return [];
    const byDate = new Map<string, string[]>();
    for (const { item, name } of covered) {
      const date = item.notAfter.slice(0, 10);
      byDate.set(date, [...(byDate.get(date) ?? []), name]);
    }
    const docUrl = covered.find(({ item }) => item.docUrl !== undefined)?.item.docUrl;
    return [
      {
        kind,
        title,
        days: [...byDate.entries()].map(([date, labels]) => ({ date, labels })),
        ...(docUrl === undefined ? {} : { docUrl }),
      },
    ];
  });
}
