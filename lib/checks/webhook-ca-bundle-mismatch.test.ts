/**
 * WEBHOOK_CA_BUNDLE_MISMATCH on the committed cluster-objects dumps and on variants of them: the
 * Fail webhook whose caBundle is another CA of the same name is an error with Go's hint, the Ignore
 * one a warning, the healthy webhook, the APIService and the conversion webhook clean — until their
 * bundle is swapped for another CA (error), or the dates pass (expired). Without the serving Secret
 * nothing is said but WEBHOOK_SERVING_UNKNOWN.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import type { Finding, Report } from "../report";
import { CLUSTER_OBJECT_DUMPS, clusterObjectDump, reportWithObjects } from "../test-support/cluster-objects";
import { FIXTURE_NOW, FIXTURES, readTree } from "../test-support/fixtures";
import { utf8 } from "../test-support/pki-material";

const text = (name: string) => readFileSync(join(FIXTURES, "cluster-objects", name), "utf8");
const mismatches = (report: Report) => report.findings.filter((f) => f.code === "WEBHOOK_CA_BUNDLE_MISMATCH");
const titled = (findings: Finding[]) => findings.map((f) => [f.severity, f.title.split(":")[0]]);

/** The caBundle of the healthy webhook (policy-validator's CA), as written in the dump. */
function policyBundle(): string {
  const match = /caBundle: (\S+)\n\s+service:\n\s+name: policy-webhook/.exec(text("webhooks.yaml"));
  if (!match?.[1]) throw new Error("the fixture's policy-validator has no caBundle");
  return match[1];
}

/** The dumps with one file's text changed. */
function variant(name: string, change: (text: string) => string, now = FIXTURE_NOW): Promise<Report> {
  const files: InputFile[] = CLUSTER_OBJECT_DUMPS.map((dump) =>
    dump === name ? { path: dump, bytes: utf8(change(text(dump))) } : clusterObjectDump(dump),
  );
  return analyze(files, { now });
}

describe("WEBHOOK_CA_BUNDLE_MISMATCH", () => {
  it("the committed dumps: the Fail webhook an error, the Ignore webhook a warning, nothing else", async () => {
    const report = await reportWithObjects();
    expect(titled(mismatches(report))).toEqual([
      ["error", "ValidatingWebhookConfiguration/audit-guard webhook audit.example.com"],
      ["warning", "MutatingWebhookConfiguration/sidecar-injector webhook inject.mesh.example.com"],
    ]);
    const [fail, ignore] = mismatches(report);
    expect(fail?.detail).toContain(
      'x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "audit-webhook-ca")',
    );
    expect(fail?.detail).toContain("With failurePolicy Fail every request it matches is refused");
    expect(fail?.evidence?.map((e) => [e.source, e.from])).toEqual([
      [
        "configured",
        "webhooks.yaml#ValidatingWebhookConfiguration/audit-guard/webhooks/audit.example.com/clientConfig/caBundle",
      ],
      ["configured", "secrets.yaml#audit/audit-webhook-tls/data/tls.crt"],
    ]);
    expect(fail?.evidence?.[1]?.fact).toContain("kubernetes.io/tls Secret audit/audit-webhook-tls");
    expect(fail?.fix).toContain("kubectl patch validatingwebhookconfiguration audit-guard");
    expect(ignore?.detail).toContain("With failurePolicy Ignore the call is skipped");
  });

  it.each([
    {
      name: "an APIService whose caBundle is another CA is an error",
      file: "apiservices.json",
      want: ["error", "APIService/v1beta1.metrics.k8s.io"],
      evidence: "kubernetes.io/tls Secret kube-system/metrics-server-tls",
    },
    {
      name: "a CRD conversion webhook whose caBundle is another CA is an error, found through cert-manager",
      file: "crds.yaml",
      want: ["error", "CustomResourceDefinition/widgets.example.com"],
      evidence: "cert-manager Certificate example/widget-conversion",
    },
  ])("$name", async ({ file, want, evidence }) => {
    const report = await variant(file, (t) =>
      t.replace(/("caBundle": "|caBundle: )[A-Za-z0-9+/=]+/, `$1${policyBundle()}`),
    );
    const found = mismatches(report).filter((f) => f.title.startsWith(want[1] ?? ""));
    expect(titled(found)).toEqual([want]);
    expect(found[0]?.evidence?.[1]?.fact).toContain(evidence);
  });

  it("once the serving certificates expire, the healthy webhook fails too, with Go's words", async () => {
    const report = await reportWithObjects(CLUSTER_OBJECT_DUMPS, false, "2027-06-01T00:00:00Z");
    const policy = mismatches(report).find((f) =>
      f.title.startsWith("ValidatingWebhookConfiguration/policy-validator"),
    );
    expect(policy?.severity).toBe("error");
    expect(policy?.detail).toContain("x509: certificate has expired or is not yet valid");
  });

  it("beside a drop of several control planes (kind HA), the same two and no other", async () => {
    const files = [
      ...readTree(join(FIXTURES, "layouts", "kind-ha")),
      ...CLUSTER_OBJECT_DUMPS.map(clusterObjectDump),
    ];
    const report = await analyze(files, { now: FIXTURE_NOW });
    expect(titled(mismatches(report))).toEqual(titled(mismatches(await reportWithObjects())));
  });

  it("without the serving Secrets nothing is judged", async () => {
    const report = await reportWithObjects([
      "webhooks.yaml",
      "apiservices.json",
      "crds.yaml",
      "cert-manager.yaml",
    ]);
    expect(mismatches(report)).toEqual([]);
  });
});
