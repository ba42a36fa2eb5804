import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { fixtureDir, FIXTURE_NOW, readTree } from "../test-support/fixtures";

const HEALTHY = fixtureDir("served/kubeadm-served-healthy");
const pem = (file: string) => readFileSync(join(HEALTHY, "etc/kubernetes/pki", file), "utf8");

/** The healthy served fixture with 6443's collected chain replaced by `chain`. */
function servedOn6443(chain: string): InputFile[] {
  const header =
    "# k8s-pki-collect served endpoint\n# component: kube-apiserver\n# address: 127.0.0.1:6443\n# time: 2026-05-31T12:00:00Z\n# outcome: ok\n";
  return readTree(HEALTHY).map((file) =>
    file.path === "served/kube-apiserver-6443.pem"
      ? { path: file.path, bytes: new TextEncoder().encode(header + chain) }
      : file,
  );
}

describe("SERVED_CHAIN_UNTRUSTED", () => {
  const cases = [
    {
      name: "kube-apiserver serves etcd's certificate: the kubeconfigs' cluster CA refuses it",
      chain: pem("etcd/server.crt"),
      want: [
        ["SERVED_CHAIN_UNTRUSTED", "error"],
        ["SERVED_CERT_DIFFERS", "warning"],
      ],
    },
    {
      name: "the very file served, with the cluster CA sent after it: trusted, nothing said",
      chain: pem("apiserver.crt") + pem("ca.crt"),
      want: [],
    },
  ];
  for (const { name, chain, want } of cases)
    it(name, async () => {
      const report = await analyze(servedOn6443(chain), { now: FIXTURE_NOW });
      const loud = report.findings.filter((f) => f.severity !== "info");
      expect(loud.map((f) => [f.code, f.severity])).toEqual(want);
      const edge = report.relationships.find((r) => r.key === "apiserver-serving");
      expect(edge?.served?.trusted).toBe(want.length === 0);
      if (want.length === 0) return;
      const untrusted = loud.find((f) => f.code === "SERVED_CHAIN_UNTRUSTED");
      expect(untrusted?.files).toContain("etc/kubernetes/admin.conf#clusters/kubernetes");
      expect(untrusted?.detail).toContain("unknown authority");
      expect(edge?.status).toBe("error");
    });
});
