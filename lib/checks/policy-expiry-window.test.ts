import { describe, expect, it } from "vitest";
import { describePolicyRule, policyOf, policyReport } from "../test-support/policy-rule-cases";

describePolicyRule("POLICY_EXPIRY_WINDOW", [
  {
    name: "a long leaf window catches leaves the report's thresholds do not",
    fixture: "healthy",
    policy: { expiryWindowDays: { leaf: 3650 } },
    want: { file: "etc/kubernetes/pki/apiserver.crt", detail: /expiryWindowDays\.leaf: 3650/ },
  },
  {
    name: "the kubelet's window is its own",
    fixture: "healthy",
    policy: { expiryWindowDays: { kubelet: 3650 } },
    want: { file: "var/lib/kubelet/pki/kubelet-client-current.pem", detail: /kubelet certificate/ },
  },
  {
    name: "a short window is silent",
    fixture: "healthy",
    policy: { expiryWindowDays: { leaf: 1, ca: 1, kubelet: 1 } },
  },
]);

describe("POLICY_EXPIRY_WINDOW and the expiry rules", () => {
  it("reports no certificate an expiry finding already reports", async () => {
    const report = await policyReport(
      "expires-soon-etcd-client",
      policyOf({ expiryWindowDays: { leaf: 3650, ca: 36500, kubelet: 3650 } }),
    );
    const expiry = report.findings.filter((f) =>
      ["CERT_EXPIRES_SOON", "CERT_EXPIRED", "CA_EXPIRES_SOON"].includes(f.code),
    );
    const window = report.findings.filter((f) => f.code === "POLICY_EXPIRY_WINDOW");
    expect(expiry.length).toBeGreaterThan(0);
    expect(window.length).toBeGreaterThan(0);
    const expiring = new Set(expiry.flatMap((f) => f.certificateIds ?? []));
    for (const finding of window)
      for (const id of finding.certificateIds ?? []) expect(expiring.has(id)).toBe(false);
  });
});
