import { describe, expect, it } from "vitest";
import { fleetReport } from "../test-support/fleet-report";
import { explainText } from "./explain-text";

// How fast it answers is measured by `npm run bench:explain` (scripts/bench-explain.ts), not here.
describe("explainText on a 10,000-certificate report", () => {
  it("names the one certificate an alert or a serial means among 5,000 nodes", async () => {
    const report = await fleetReport(5_000);
    expect(report.certificates.length).toBeGreaterThanOrEqual(10_000);
    const serving = explainText(
      "KubeletServerCertificateExpiration node=worker-4321",
      report,
      new Date("2026-12-30T00:00:00Z"),
    );
    expect(serving.certificates.map((c) => c.path)).toEqual([
      "nodes/worker-4321/var/lib/kubelet/pki/kubelet.crt",
    ]);
    const bySerial = explainText(
      "verifying certificate SN=1052345, SKID=, AKID= failed: x509: certificate signed by unknown authority",
      report,
      new Date(report.now),
    );
    expect(bySerial.certificates[0]?.path).toBe("nodes/worker-1884/var/lib/kubelet/pki/kubelet.crt");
  });
});
