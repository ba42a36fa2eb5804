/**
 * A kubeconfig kept in a Secret is a kubeconfig: read by its content whatever its key, its client
 * certificate judged like any other, its CA checked against the apiserver's certificate in the same
 * drop. Real files: the healthy fixture's admin.conf, and one whose CA is the front-proxy CA.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import { FIXTURE_NOW, fixtureDir, readTree } from "./test-support/fixtures";
import type { InputFile } from "./inventory";

const node = readTree(fixtureDir("healthy"));
const text = (path: string) =>
  new TextDecoder().decode(node.find((file) => file.path === path)?.bytes ?? new Uint8Array());
const base64 = (value: string) => Buffer.from(value, "utf8").toString("base64");

/** `kubectl get secret -o yaml` of one Opaque Secret holding `value` under `key`. */
function secretDump(key: string, value: string): InputFile {
  const yaml = [
    "apiVersion: v1",
    "kind: Secret",
    "type: Opaque",
    "metadata:",
    "  name: cluster-kubeconfig",
    "  namespace: fleet",
    "data:",
    `  ${key}: ${base64(value)}`,
    "",
  ].join("\n");
  return { path: "secrets.yaml", bytes: new TextEncoder().encode(yaml) };
}

describe("a kubeconfig kept in a Secret", () => {
  it("is read as a kubeconfig under any key, and judged against the apiserver beside it", async () => {
    const admin = text("etc/kubernetes/admin.conf");
    const report = await analyze([...node, secretDump("value", admin)], { now: FIXTURE_NOW });
    const inSecret = report.relationships.find((r) =>
      r.key.includes("secrets.yaml#fleet/cluster-kubeconfig/data/value"),
    );
    expect(inSecret?.id).toBe("admin-client");
    expect(inSecret?.status).toBe("ok");
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });

  it("with another CA than the apiserver's: KUBECONFIG_CA_MISMATCH naming the Secret", async () => {
    const admin = text("etc/kubernetes/admin.conf");
    const wrongCa = Buffer.from(text("etc/kubernetes/pki/front-proxy-ca.crt"), "utf8").toString("base64");
    const stale = admin.replace(/certificate-authority-data: \S+/, `certificate-authority-data: ${wrongCa}`);
    expect(stale).not.toBe(admin);
    const report = await analyze([...node, secretDump("admin.conf", stale)], { now: FIXTURE_NOW });
    const mismatch = report.findings.find((f) => f.code === "KUBECONFIG_CA_MISMATCH");
    expect(mismatch?.severity).toBe("error");
    expect(mismatch?.files[0]).toBe("secrets.yaml#fleet/cluster-kubeconfig/data/admin.conf");
  });
});
