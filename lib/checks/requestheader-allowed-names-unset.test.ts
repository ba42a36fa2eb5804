import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { describeRule } from "../test-support/rule-cases";

const MANIFEST = "etc/kubernetes/manifests/kube-apiserver.yaml";

describeRule("REQUESTHEADER_ALLOWED_NAMES_UNSET", [
  {
    name: "apiserver manifest without --requestheader-allowed-names",
    fixture: "requestheader-allowed-names-unset",
    want: {
      severity: "warning",
      file: MANIFEST,
      relationship: "front-proxy-client",
      detail: /CN=front-proxy-ca/,
      count: 1,
    },
  },
  { name: "healthy node (kubeadm sets front-proxy-client)", fixture: "healthy" },
  { name: "no manifests: kubeadm's conventions apply", fixture: "hand-made-pki" },
  { name: "real kubeadm output", fixture: "kubeadm-v1.20" },
]);

/** A fixture with kube-apiserver's flags edited line by line. */
async function reportWithFlags(name: string, edit: (manifest: string) => string) {
  const files = readTree(fixtureDir(name)).map((f) =>
    f.path === MANIFEST
      ? { path: f.path, bytes: new TextEncoder().encode(edit(new TextDecoder().decode(f.bytes))) }
      : f,
  );
  return analyze(files, { now: FIXTURE_NOW });
}

const dropLine = (flag: string) => (text: string) => text.replace(new RegExp(`^.*--${flag}=.*\\n`, "m"), "");

describe("REQUESTHEADER_ALLOWED_NAMES_UNSET in context", () => {
  it("says so when the request-header CA is also the cluster's client CA", async () => {
    const report = await reportWithFlags(
      "front-proxy-ca-is-cluster-ca",
      dropLine("requestheader-allowed-names"),
    );
    const found = report.findings.filter((f) => f.code === "REQUESTHEADER_ALLOWED_NAMES_UNSET");
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toMatch(/also --client-ca-file/);
  });

  it("stays silent when request-header authentication is off", async () => {
    const report = await reportWithFlags(
      "requestheader-allowed-names-unset",
      dropLine("requestheader-client-ca-file"),
    );
    expect(report.findings.filter((f) => f.code === "REQUESTHEADER_ALLOWED_NAMES_UNSET")).toEqual([]);
  });
});
