import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { barFlags } from "./bar-flags";
import { buildTimeline } from "./timeline-rows";

describe("barFlags", () => {
  it("flags follow the findings that name the certificate", async () => {
    // Judged in 2035, the healthy node's ten-year CAs are inside the 365-day horizon.
    const report = await reportFor("healthy", "2035-06-01T00:00:00Z");
    const { bars } = buildTimeline(report);
    const flagged = bars
      .filter((bar) => bar.flags.length > 0)
      .map((bar) => bar.id)
      .sort();
    const named = [
      ...new Set(
        report.findings
          .filter((f) => f.code === "CA_EXPIRES_SOON" || f.code === "CERT_OUTLIVES_ISSUER")
          .flatMap((f) => f.certificateIds ?? []),
      ),
    ].sort();
    expect(flagged).toEqual(named);
    for (const bar of bars.filter((b) => b.flags.length > 0))
      expect(bar.ariaLabel).toContain(bar.flags[0]?.text ?? "");
  });

  it("leaf-outlives-issuer: the leaf says by how long it outlives its CA, and carries the CA's end", async () => {
    const report = await reportFor("leaf-outlives-issuer");
    const finding = report.findings.find((f) => f.code === "CERT_OUTLIVES_ISSUER");
    const { bars } = buildTimeline(report);
    const flagged = bars.filter((bar) => bar.flags.some((flag) => flag.tone === "error"));
    expect(flagged.map((bar) => bar.id)).toEqual(finding?.certificateIds);
    const [leaf] = flagged;
    expect(leaf?.issuerEnd).toBeLessThan(leaf?.notAfter ?? 0);
    expect(leaf?.flags[0]?.text).toMatch(/^outlives its CA by \d+ days$/);
    expect(finding?.title).toContain(leaf?.flags[0]?.text.replace("outlives its CA by ", "") ?? "-");
  });

  it("ca-expires-soon: the CA inside the horizon is flagged, its leaves are not", async () => {
    const report = await reportFor("ca-expires-soon");
    const named = report.findings
      .filter((f) => f.code === "CA_EXPIRES_SOON")
      .flatMap((f) => f.certificateIds ?? []);
    expect(named.length).toBeGreaterThan(0);
    const { bars } = buildTimeline(report);
    const flagged = bars.filter((bar) => bar.flags.length > 0);
    expect(flagged.map((bar) => bar.id).sort()).toEqual([...named].sort());
    for (const bar of flagged) {
      expect(bar.heading).toBe(true);
      expect(bar.flags).toEqual([
        { text: `inside the ${report.caHorizonDays}-day CA horizon`, tone: "warning" },
      ]);
      expect(bar.notAfter).toBeLessThanOrEqual(buildTimeline(report).horizonEnd);
    }
  });

  it("a leaf whose issuer is not in the input is not told to outlive it: how long cannot be said", async () => {
    const report = await reportFor("leaf-outlives-issuer");
    const id = report.findings.find((f) => f.code === "CERT_OUTLIVES_ISSUER")?.certificateIds?.[0];
    const leaf = report.certificates.find((c) => c.id === id);
    const issuer = report.certificates.find((c) => c.id === leaf?.issuerId);
    if (!leaf || !issuer) throw new Error("leaf-outlives-issuer has a leaf and its issuer");
    expect(barFlags(report, leaf, Date.parse(issuer.notAfter))).toEqual([
      { text: expect.stringMatching(/^outlives its CA by \d+ days$/), tone: "error" },
    ]);
    expect(barFlags(report, leaf, undefined)).toEqual([]);
  });
});
