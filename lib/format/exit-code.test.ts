import { describe, expect, it } from "vitest";
import type { Finding, Report } from "../report";
import { exitCodeFor, missingInput, type ExitCode, type FailOn } from "./exit-code";
import { sampleReport } from "./sample-report";

const base = sampleReport();
const withoutErrors = base.findings.filter((finding) => finding.severity !== "error");
const skipped = (severity: Finding["severity"]): Finding => ({
  code: "INPUT_SKIPPED",
  severity,
  title: "pki/sa.key could not be read",
  detail: "pki/sa.key could not be read: permission denied.",
  files: ["pki/sa.key"],
});
const empty: Report = {
  ...sampleReport({ findings: [] }),
  inputs: { files: 0, certificates: 0, keys: 0, kubeconfigs: 0, manifests: 0, skipped: [] },
};

describe("exitCodeFor", () => {
  const cases: {
    name: string;
    report: Report;
    failOn?: FailOn;
    allowMissing?: boolean;
    want: ExitCode;
    missing?: string;
  }[] = [
    { name: "an error finding", report: base, want: 1 },
    { name: "warnings only", report: sampleReport({ findings: withoutErrors }), want: 0 },
    {
      name: "warnings with --fail-on warning",
      report: sampleReport({ findings: withoutErrors }),
      failOn: "warning",
      want: 1,
    },
    {
      name: "an input not read",
      report: sampleReport({ findings: [...withoutErrors, skipped("warning")] }),
      want: 2,
      missing: "1 input not read (INPUT_SKIPPED)",
    },
    {
      name: "an input not read beside an error: the audit is incomplete first",
      report: sampleReport({ findings: [...base.findings, skipped("warning")] }),
      want: 2,
      missing: "1 input not read (INPUT_SKIPPED)",
    },
    {
      name: "an input not read, with --allow-missing",
      report: sampleReport({ findings: [...withoutErrors, skipped("warning")] }),
      allowMissing: true,
      want: 0,
      missing: "1 input not read (INPUT_SKIPPED)",
    },
    {
      name: "a link out of the folder (info) is no missing input",
      report: sampleReport({ findings: [...withoutErrors, skipped("info")] }),
      want: 0,
    },
    { name: "nothing to judge", report: empty, want: 2, missing: "nothing to judge" },
    {
      name: "nothing to judge, with --allow-missing",
      report: empty,
      allowMissing: true,
      want: 0,
      missing: "nothing to judge",
    },
  ];
  it.each(cases)("$name: exit $want", ({ report, failOn, allowMissing, want, missing }) => {
    expect(exitCodeFor(report, failOn, allowMissing)).toBe(want);
    expect(missingInput(report)).toBe(missing);
  });
});
