/**
 * Table-driven rule tests on real fixtures: each case names a fixture (and optionally a `now`) and
 * the finding the rule must produce there — or `undefined` when it must stay silent.
 */
import { describe, expect, it } from "vitest";
import { reportFor, type ThresholdOptions } from "./fixtures";
import type { FindingCode } from "../report";

export interface RuleCase extends ThresholdOptions {
  name: string;
  fixture: string;
  now?: string;
  want?: {
    severity: "error" | "warning" | "info";
    file?: string;
    relationship?: string;
    detail?: RegExp;
    count?: number;
  };
}

/** Declare the table of cases of one finding code. */
export function describeRule(code: FindingCode, cases: RuleCase[]): void {
  describe(code, () => {
    it.each(cases)("$name", async ({ fixture, now, warnDays, warnFraction, caHorizonDays, want }) => {
      const report = await reportFor(fixture, now, { warnDays, warnFraction, caHorizonDays });
      const found = report.findings.filter((f) => f.code === code);
      if (!want) {
        expect(found, JSON.stringify(found, null, 2)).toEqual([]);
        return;
      }
      expect(found.length, `no ${code} in ${fixture}`).toBeGreaterThan(0);
      if (want.count !== undefined) expect(found).toHaveLength(want.count);
      const match = found.find(
        (f) =>
          f.severity === want.severity &&
          (!want.file || f.files.some((p) => p === want.file || p.startsWith(`${want.file}#`))) &&
          (!want.relationship || f.relationship === want.relationship),
      );
      expect(match, JSON.stringify(found, null, 2)).toBeDefined();
      if (want.detail) expect(match?.detail).toMatch(want.detail);
      expect(match?.fix, "every finding names a fix").toBeTruthy();
    });
  });
}
