/**
 * The renewal plan of the report on screen, derived once per report: the core computes it, the view
 * only lays it out.
 */
import { useMemo } from "react";
import type { RenewalPlan } from "@/lib/plan/types";
import type { Report } from "@/lib/report";
import { renewalPlan } from "@/lib/plan/renewal-plan";

export function useRenewalPlan(report: Report): RenewalPlan {
  return useMemo(() => renewalPlan(report), [report]);
}
