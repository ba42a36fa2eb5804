/**
 * Table-driven tests of the POLICY_* rules: a fixture (plus extra files written in the test, such
 * as a kubeadm configuration), a policy (a file's data, or none for the built-in one) and the
 * finding the rule must produce, or none.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { policyFromData } from "../policy/parse-policy";
import type { Policy } from "../policy/policy";
import type { FindingCode, Report } from "../report";
import { FIXTURE_NOW, fixtureDir, readTree } from "./fixtures";

export interface PolicyRuleCase {
  name: string;
  fixture: string;
  /** The policy file's data; absent: the built-in kubeadm default. */
  policy?: Record<string, unknown>;
  /** Files added to the fixture's, as text. */
  extra?: Record<string, string>;
  now?: string;
  want?: { file?: string; detail?: RegExp; count?: number };
}

const cache = new Map<string, Promise<Report>>();

/** The report of a fixture (with extra files) under a policy, cached per case's inputs. */
export function policyReport(
  fixture: string,
  policy?: Policy,
  extra: Record<string, string> = {},
  now = FIXTURE_NOW,
) {
  const key = JSON.stringify([fixture, policy, extra, now]);
  let report = cache.get(key);
  if (!report) {
    const files: InputFile[] = [
      ...readTree(fixtureDir(fixture)),
      ...Object.entries(extra).map(([path, text]) => ({ path, bytes: new TextEncoder().encode(text) })),
    ];
    report = analyze(files, { now, ...(policy ? { policy } : {}) });
    cache.set(key, report);
  }
  return report;
}

/** A policy file's data as the policy it reads as; a bad one fails the test. */
export function policyOf(data: Record<string, unknown>): Policy {
  const read = policyFromData(data);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}

/** Declare the table of cases of one policy finding code. */
export function describePolicyRule(code: FindingCode, cases: PolicyRuleCase[]): void {
  describe(code, () => {
    it.each(cases)("$name", async ({ fixture, policy, extra, now, want }) => {
      const report = await policyReport(fixture, policy ? policyOf(policy) : undefined, extra, now);
      const found = report.findings.filter((f) => f.code === code);
      if (!want) {
        expect(found, JSON.stringify(found, null, 2)).toEqual([]);
        return;
      }
      expect(found.length, `no ${code} in ${fixture}`).toBeGreaterThan(0);
      if (want.count !== undefined) expect(found).toHaveLength(want.count);
      const match = found.find(
        (f) => !want.file || f.files.some((p) => p === want.file || p.startsWith(`${want.file}#`)),
      );
      expect(match, JSON.stringify(found, null, 2)).toBeDefined();
      expect(match?.severity).toBe("warning");
      if (want.detail) expect(match?.detail).toMatch(want.detail);
      expect(match?.fix, "every finding names a fix").toBeTruthy();
    });
  });
}

/** A kubeadm v1beta4 ClusterConfiguration with the given validity periods. */
export function kubeadmConfig(periods: { leaf?: string; ca?: string }): string {
  return [
    "apiVersion: kubeadm.k8s.io/v1beta4",
    "kind: ClusterConfiguration",
    "kubernetesVersion: v1.31.0",
    ...(periods.leaf ? [`certificateValidityPeriod: ${periods.leaf}`] : []),
    ...(periods.ca ? [`caCertificateValidityPeriod: ${periods.ca}`] : []),
    "",
  ].join("\n");
}
