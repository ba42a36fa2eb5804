/**
 * WEBHOOK_SERVING_UNKNOWN: dumps of webhook configurations, APIServices and CRDs without the Secrets
 * of their services are one information per object naming what was looked for — never ok, never
 * louder; with the Secrets in the drop, none.
 */
import { describe, expect, it } from "vitest";
import { reportWithObjects } from "../test-support/cluster-objects";

const OBJECTS = ["webhooks.yaml", "apiservices.json", "crds.yaml", "cert-manager.yaml"];

describe("WEBHOOK_SERVING_UNKNOWN", () => {
  it("one information per object whose serving Secret is not in the drop", async () => {
    const report = await reportWithObjects(OBJECTS);
    const unknown = report.findings.filter((f) => f.code === "WEBHOOK_SERVING_UNKNOWN");
    expect(unknown.map((f) => `${f.severity} ${f.title}`).sort()).toEqual([
      "info APIService/v1beta1.metrics.k8s.io: the serving Secret is not in this dump",
      "info CustomResourceDefinition/widgets.example.com: the serving Secret is not in this dump",
      "info MutatingWebhookConfiguration/sidecar-injector: the serving Secret is not in this dump",
      "info ValidatingWebhookConfiguration/audit-guard: the serving Secret is not in this dump",
      "info ValidatingWebhookConfiguration/policy-validator: the serving Secret is not in this dump",
    ]);
    const crd = unknown.find((f) => f.title.startsWith("CustomResourceDefinition"));
    expect(crd?.detail).toContain(
      "cert-manager Certificate example/widget-conversion keeps widget-conversion.example.svc's certificate in Secret example/widget-conversion-tls, which is not in this dump",
    );
    const audit = unknown.find((f) => f.title.startsWith("ValidatingWebhookConfiguration/audit-guard"));
    expect(audit?.detail).toContain(
      "no cert-manager Certificate and no kubernetes.io/tls Secret of namespace audit covering audit-webhook.audit.svc",
    );
    expect(report.summary.error + report.summary.warning).toBe(
      report.findings.filter((f) => f.severity !== "info").length,
    );
  });

  it("none once the Secrets are in the drop", async () => {
    const report = await reportWithObjects();
    expect(report.findings.filter((f) => f.code === "WEBHOOK_SERVING_UNKNOWN")).toEqual([]);
  });
});
