import { describe, expect, it } from "vitest";
import { hasOpaqueRun, opaqueRuns } from "./opaque-runs";

describe("opaqueRuns", () => {
  it.each([
    ["a slice of key base64", "user x9QUUF5SjBRR0p4Ul end", ["x9QUUF5SjBRR0p4Ul"]],
    ["with one slash in sixteen", "MIIEowIBAAKCAQ/EA3v", ["MIIEowIBAAKCAQ/EA3v"]],
    [
      "two runs split by other characters",
      "LS0tLS1CRUdJTi.QUJDREVGR0hJSktM",
      ["LS0tLS1CRUdJTi", "QUJDREVGR0hJSktM"],
    ],
    ["as a URL's host", "https://LS0IxQTU5MDcxV0E2NFV4:6443", ["LS0IxQTU5MDcxV0E2NFV4"]],
    ["in a path, with it", "/etc/kubernetes/x9QUUF5SjBRR0p4Ul/", ["etc/kubernetes/x9QUUF5SjBRR0p4Ul"]],
    ["without its padding", "QUJDREVGR0hJSktMTQ==", ["QUJDREVGR0hJSktMTQ"]],
  ])("finds %s", (_name, text, want) => {
    expect(opaqueRuns(text, "noted").map((run) => run.text)).toEqual(want);
    expect(hasOpaqueRun(text, "noted")).toBe(true);
    for (const run of opaqueRuns(text, "noted"))
      expect(text.slice(run.index, run.index + run.text.length)).toBe(run.text);
  });

  it.each([
    ["a lower-case path", "etc/kubernetes/pki/apiserver-kubelet-client.crt"],
    ["a path with a mixed-case folder", "home/User1/kube/Config2/admin"],
    ["a SHA-256 digest", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
    ["an upper-case serial", "4A3F9C0D11E2B7"],
    ["words", "kubernetesadministrator system:kube-controller-manager"],
    ["short pieces", "Ab3De6Gh9Jk"],
    ["a node name", "system:node:worker-1234"],
    ["camelCase configuration keys", "clientCAFile rotateCertificates serverTLSBootstrap"],
    ["feature gates", "RotateKubeletServerCertificate=true,ServiceAccountTokenVolumeProjection"],
  ])("passes over %s", (_name, text) => {
    expect(opaqueRuns(text, "noted")).toEqual([]);
    expect(hasOpaqueRun(text, "noted")).toBe(false);
  });
});

describe("runs searched in a report", () => {
  it("take any run of mixed characters, the piece of a path or a name around key text included", () => {
    expect(
      opaqueRuns("admin.conf#users/U/MTBNsny9/b/b3GgFW4L5Xr7H9jVtt5pqZFsRhr/x/y/z", "searched").map(
        (r) => r.text,
      ),
    ).toEqual(["users/U/MTBNsny9/b/b3GgFW4L5Xr7H9jVtt5pqZFsRhr/x/y/z"]);
    expect(hasOpaqueRun("etc/kubernetes/pki/apiserver-kubelet-client.crt", "searched")).toBe(false);
    expect(hasOpaqueRun("workers/w00042/var/lib/rancher/k3s/agent/client", "searched")).toBe(false);
    expect(hasOpaqueRun("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "searched")).toBe(
      false,
    );
  });
});
