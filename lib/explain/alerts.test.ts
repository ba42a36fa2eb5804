import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { CLIENT_CERTIFICATE_QUERY } from "./alerts";
import { explainText } from "./explain-text";

/** Four days before the healthy fixture's leaves expire (2027-01-01). */
const LATE = "2026-12-28T00:00:00Z";

const CLIENT_ALERT_TEXT = `[FIRING:1] KubeClientCertificateExpiration (apiserver https 10.0.0.10:6443 warning)
Labels:
 - alertname = KubeClientCertificateExpiration
 - instance = 10.0.0.10:6443
 - job = apiserver
 - severity = warning
Annotations:
 - description = A client certificate used to authenticate to kubernetes apiserver is expiring in less than 7.0 days on cluster prod.
 - summary = Client certificate is about to expire.`;

describe("explainText on the kube-prometheus certificate alerts", () => {
  it("KubeClientCertificateExpiration, the name alone: the clients of kube-apiserver that expire within 7 days", async () => {
    const report = await reportFor("healthy", LATE);
    const answer = explainText("KubeClientCertificateExpiration", report, new Date(LATE));
    expect(answer.verdict).toBe("explained");
    expect(answer.alert).toMatchObject({
      name: "KubeClientCertificateExpiration",
      windowSeconds: 7 * 86_400,
    });
    expect(answer.certificates.map((c) => c.path).sort()).toEqual([
      "etc/kubernetes/admin.conf#users/kubernetes-admin",
      "etc/kubernetes/controller-manager.conf#users/system:kube-controller-manager",
      "etc/kubernetes/scheduler.conf#users/system:kube-scheduler",
      "etc/kubernetes/super-admin.conf#users/kubernetes-super-admin",
      "var/lib/kubelet/pki/kubelet-client-current.pem",
    ]);
    // Presented to the kubelet, to etcd and to aggregated servers: not to kube-apiserver.
    expect(answer.why).toMatch(
      /^KubeClientCertificateExpiration \(apiserver_client_certificate_expiration_seconds below 7 days\): .* expires in 4 days; 4 more fit$/,
    );
    expect(answer.relationships).toContain("admin-client");
  });

  // Regression: the alert's words counted an expiry 15.5 days past as "16 days ago" (rounded up)
  // while the finding, the table and the plan said 15.
  it("tells an expired client certificate's age in the words of every other view", async () => {
    const at = "2027-01-16T12:00:00Z";
    const report = await reportFor("healthy", at);
    const answer = explainText("KubeClientCertificateExpiration", report, new Date(at));
    const admin = report.certificates.find((c) =>
      c.paths.includes("etc/kubernetes/admin.conf#users/kubernetes-admin"),
    );
    expect(admin?.daysLeft).toBe(-15);
    expect(answer.why).toContain("expired 15 days ago");
    expect(answer.why).not.toContain("16 days");
  });

  it("KubeClientCertificateExpiration pasted from Alertmanager, nothing near expiry: where to look next", async () => {
    const report = await reportFor("healthy");
    const answer = explainText(CLIENT_ALERT_TEXT, report, new Date("2026-06-01T00:00:00Z"));
    expect(answer.verdict).toBe("no-match");
    expect(answer.alert).toMatchObject({ instance: "10.0.0.10:6443", windowSeconds: 7 * 86_400 });
    expect(answer.why).toMatch(
      /^nothing in the drop matches: .*belongs to a user or a tool outside the drop/,
    );
    expect(answer.next.join("\n")).toContain(CLIENT_CERTIFICATE_QUERY);
    expect(answer.next.join("\n")).toContain("authentication.kubernetes.io/credential-id");
  });

  it("KubeletClientCertificateExpiration of node control-1: its kubelet-client-current.pem", async () => {
    const report = await reportFor("healthy", LATE);
    const text =
      'alertname="KubeletClientCertificateExpiration" node="control-1" severity="warning" Client certificate for Kubelet on node control-1 expires in 3d 23h 59m.';
    const answer = explainText(text, report, new Date(LATE));
    expect(answer.verdict).toBe("explained");
    expect(answer.certificates.map((c) => c.path)).toEqual([
      "var/lib/kubelet/pki/kubelet-client-current.pem",
    ]);
    expect(answer.relationships).toEqual(["kubelet-client"]);
  });

  it("KubeletServerCertificateExpiration of node control-1 (critical, 1 day): kubelet.crt", async () => {
    const at = "2026-12-31T00:00:00Z";
    const report = await reportFor("healthy", at);
    const text =
      'KubeletServerCertificateExpiration node="control-1" severity="critical" Server certificate for Kubelet on node control-1 expires in 23h.';
    const answer = explainText(text, report, new Date(at));
    expect(answer.alert?.windowSeconds).toBe(86_400);
    expect(answer.certificates.map((c) => c.path)).toEqual(["var/lib/kubelet/pki/kubelet.crt"]);
    expect(answer.relationships).toEqual(["kubelet-serving"]);
  });

  it("a node the drop does not hold: nothing matches, and which files to take", async () => {
    const report = await reportFor("healthy", LATE);
    const answer = explainText('KubeletServerCertificateExpiration node="worker-9"', report, new Date(LATE));
    expect(answer.verdict).toBe("no-match");
    expect(answer.next[0]).toMatch(/no kubelet of node worker-9/);
  });

  it("the node's certificate is not within the window: the alerting kubelet holds another", async () => {
    const report = await reportFor("healthy");
    const answer = explainText(
      "KubeletClientCertificateExpiration node=control-1",
      report,
      new Date("2026-06-01T00:00:00Z"),
    );
    expect(answer.verdict).toBe("no-match");
    expect(answer.next[0]).toMatch(
      /kubelet-client-current\.pem until 2027-01-01T00:00:00\.000Z\) is not within 7 days/,
    );
  });
});
