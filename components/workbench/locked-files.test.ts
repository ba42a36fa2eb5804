import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import type { LockedInput } from "@/lib/report";
import { nextLockedInput } from "./locked-files";

const lockedReport = (locked: LockedInput[] | undefined) => {
  const report = sampleReport();
  return { ...report, inputs: { ...report.inputs, ...(locked ? { locked } : {}) } };
};

const a: LockedInput = { path: "a.p12", format: "PKCS#12", status: "password-needed" };
const b: LockedInput = { path: "b.pfx", format: "PKCS#12", status: "wrong-password" };
const legacy: LockedInput = { path: "old.p12", format: "PKCS#12", status: "unsupported" };

describe("nextLockedInput", () => {
  it.each([
    { name: "no report", locked: null, skipped: [], want: undefined },
    { name: "nothing locked", locked: undefined, skipped: [], want: undefined },
    { name: "the first locked file", locked: [a, b], skipped: [], want: a },
    { name: "past a skipped one", locked: [a, b], skipped: ["a.p12"], want: b },
    { name: "a wrong password is asked again", locked: [b], skipped: [], want: b },
    { name: "never an unsupported scheme", locked: [legacy], skipped: [], want: undefined },
    { name: "all skipped", locked: [a, b], skipped: ["a.p12", "b.pfx"], want: undefined },
  ])("$name", ({ locked, skipped, want }) => {
    const report = locked === null ? undefined : lockedReport(locked);
    expect(nextLockedInput(report, new Set(skipped))).toEqual(want);
  });
});
