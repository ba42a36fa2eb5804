import { describe, expect, it } from "vitest";
import { reportFor } from "@/lib/test-support/fixtures";
import { buildTimeline } from "./timeline-rows";
import { summarizeTimeline } from "./timeline-summary";

describe("summarizeTimeline", () => {
  it("kubeadm v1.20: the scope and the next certificate to expire", async () => {
    const summary = summarizeTimeline(buildTimeline(await reportFor("kubeadm-v1.20")));
    expect(summary.scope).toBe("14 certificates in 3 trust domains");
    expect(summary.problems).toBe("");
    expect(summary.next).toBe("next to expire: apiserver-etcd-client.crt, in 356 days");
  });

  it("counts what the report judged expired or due", async () => {
    const report = await reportFor("healthy", "2026-12-15T00:00:00Z");
    const due = report.certificates.filter((c) => c.expiryState === "soon").length;
    expect(due).toBeGreaterThan(0);
    expect(summarizeTimeline(buildTimeline(report)).problems).toContain(`${due} due for renewal`);
    const later = await reportFor("healthy", "2027-02-01T00:00:00Z");
    const expired = later.certificates.filter((c) => c.expiryState === "expired").length;
    expect(summarizeTimeline(buildTimeline(later)).problems).toContain(`${expired} expired`);
  });
});
