import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import type { Finding } from "@/lib/report";
import { groupFindings } from "./group-findings";

const summary = (findings: Finding[]) =>
  groupFindings(findings).map((group) => ({
    heading: group.heading,
    items: group.items.map(({ index, finding }) => `${index}:${finding.code}`),
  }));

describe("groupFindings", () => {
  it("groups by severity, most severe first, keeping report indexes and order", () => {
    expect(summary(sampleReport().findings)).toEqual([
      { heading: "Errors", items: ["0:CERT_EXPIRED"] },
      { heading: "Warnings", items: ["1:CERT_EXPIRES_SOON", "3:PARSE_ERROR"] },
      { heading: "Info", items: ["2:KUBELET_SERVING_UNVERIFIED"] },
    ]);
  });

  it("leaves out empty groups", () => {
    const infoOnly = sampleReport().findings.filter((finding) => finding.severity === "info");
    expect(summary(infoOnly)).toEqual([{ heading: "Info", items: ["0:KUBELET_SERVING_UNVERIFIED"] }]);
  });

  it("has no groups without findings", () => {
    expect(groupFindings([])).toEqual([]);
  });
});
