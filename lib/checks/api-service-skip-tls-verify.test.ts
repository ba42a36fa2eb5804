/**
 * APISERVICE_SKIP_TLS_VERIFY: an APIService that sets insecureSkipTLSVerify is a warning on
 * its own field, and its caBundle is not judged (nothing verifies it); the committed metrics-server
 * APIService, which verifies, raises none.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { CLUSTER_OBJECT_DUMPS, clusterObjectDump, reportWithObjects } from "../test-support/cluster-objects";
import { FIXTURE_NOW } from "../test-support/fixtures";
import { utf8 } from "../test-support/pki-material";

describe("APISERVICE_SKIP_TLS_VERIFY", () => {
  it.each([
    { name: "the committed APIService verifies its service", insecure: false, want: [] },
    {
      name: "insecureSkipTLSVerify: true is a warning",
      insecure: true,
      want: [["warning", "APIService/v1beta1.metrics.k8s.io does not verify metrics-server.kube-system.svc"]],
    },
  ])("$name", async ({ insecure, want }) => {
    const files = CLUSTER_OBJECT_DUMPS.map((name) => {
      const file = clusterObjectDump(name);
      if (name !== "apiservices.json" || !insecure) return file;
      const text = new TextDecoder()
        .decode(file.bytes)
        .replace(
          '"groupPriorityMinimum": 100,',
          '"groupPriorityMinimum": 100,\n                "insecureSkipTLSVerify": true,',
        );
      return { path: name, bytes: utf8(text) };
    });
    const report = insecure ? await analyze(files, { now: FIXTURE_NOW }) : await reportWithObjects();
    const found = report.findings.filter((f) => f.code === "APISERVICE_SKIP_TLS_VERIFY");
    expect(found.map((f) => [f.severity, f.title])).toEqual(want);
    if (insecure) {
      expect(found[0]?.evidence).toEqual([
        {
          fact: "APIService/v1beta1.metrics.k8s.io sets insecureSkipTLSVerify: true",
          source: "configured",
          from: "apiservices.json#APIService/v1beta1.metrics.k8s.io/spec",
        },
      ]);
      expect(found[0]?.detail).toContain("(the caBundle it also holds is not used)");
    }
  });
});
