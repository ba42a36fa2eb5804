import { describe, expect, it } from "vitest";
import type { ReportDiff } from "../diff/diff-types";
import { formatDiffMarkdown } from "./diff-markdown";
import { formatDiffTable } from "./diff-table";

// The diff's text formats: sections in order, and the input's own text (paths, subjects) inert.

const HOSTILE = "evil\u001b[2J\u202e.crt";

function sample(): ReportDiff {
  const cert = (subject: string, notAfter: string) => ({
    id: "c-1",
    sha256: "ab",
    subject,
    issuer: "CN=kubernetes",
    serial: "01",
    notBefore: "2026-01-01T00:00:00Z",
    notAfter,
    isCA: false,
  });
  return {
    schemaVersion: 1,
    old: { now: "2026-06-01T00:00:00Z", source: "--old-now" },
    new: { now: "2027-06-01T00:00:00Z", source: "--now" },
    sharedCAs: ["CN=kubernetes"],
    certificates: [
      {
        kind: "renewed",
        paths: [`pki/${HOSTILE}`],
        old: cert("CN=kube-apiserver", "2027-01-01T00:00:00Z"),
        new: cert("CN=kube-apiserver", "2027-12-15T00:00:00Z"),
        sans: { added: ["10.0.0.99"], removed: [] },
      },
    ],
    bundles: [],
    missedRotations: [
      {
        why: "kubelet-window-passed",
        paths: ["worker-1/var/lib/kubelet/pki/kubelet-client-current.pem"],
        subject: `CN=${HOSTILE}`,
        detail: `worker-1 kubelet ${HOSTILE} did not rotate`,
        certificateId: "c-2",
        sha256: "cd",
      },
    ],
    edges: [
      { key: "kubelet-client:worker-1", id: "kubelet-client", old: "ok", new: "error", regressed: true },
    ],
    findings: { appeared: [], resolved: [] },
    summary: {
      unchanged: 3,
      renewed: 1,
      reKeyed: 0,
      reissued: 0,
      rotated: 0,
      appeared: 0,
      disappeared: 0,
      regressions: 2,
    },
  };
}

describe("diff formats", () => {
  const cases = [
    { name: "table", text: formatDiffTable(sample(), { color: false }) },
    { name: "markdown", text: formatDiffMarkdown(sample()) },
  ];
  for (const { name, text } of cases)
    it(`${name}: regressions, then certificates, instants named, no acting character`, () => {
      expect(text).toContain("2026-06-01T00:00:00Z");
      expect(text).toContain("--old-now");
      expect(text.indexOf("kubelet-client:worker-1")).toBeLessThan(text.indexOf("kube-apiserver"));
      expect(text).toContain("2027-01-01 → 2027-12-15");
      expect(text).toContain("+10.0.0.99");
      expect(text).not.toMatch(/[\u001b\u202e]/);
    });

  it("table: the last line gives the exit code", () => {
    expect(formatDiffTable(sample(), { color: false }).trimEnd().split("\n").at(-1)).toMatch(
      /1 renewed \(0 with a new key\), .*; 2 regressions — exit 1$/,
    );
  });
});
