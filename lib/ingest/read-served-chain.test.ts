import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURES, FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";

const HEALTHY = readTree(fixtureDir("healthy"));
const PKI = join(fixtureDir("healthy"), "etc", "kubernetes", "pki");
const capture = readFileSync(join(FIXTURES, "served", "s_client", "openssl3-showcerts.txt"), "utf8");
const file = (path: string, text: string): InputFile => ({ path, bytes: new TextEncoder().encode(text) });

describe("readServedChain on hostile input", () => {
  it("a private key pasted with the s_client output never reaches the report", async () => {
    const key = readFileSync(join(PKI, "apiserver.key"), "utf8");
    const report = await analyze([...HEALTHY, file("served/6443.txt", `${capture}\n${key}`)], {
      now: FIXTURE_NOW,
    });
    const body = key.split("\n").slice(1, -2).join("");
    expect(body.length).toBeGreaterThan(40);
    expect(JSON.stringify(report)).not.toContain(body.slice(0, 40));
    expect(report.servedChains?.[0]).toMatchObject({ outcome: "ok", sameAsDisk: true, chainLength: 2 });
  });

  it("a collector file that names a chain and holds none is an error outcome, not a healthy endpoint", async () => {
    const text =
      "# k8s-pki-collect served endpoint\n# component: kube-apiserver\n# address: 127.0.0.1:6443\n# time: 2026-05-31T12:00:00Z\n# outcome: ok\n";
    const report = await analyze([...HEALTHY, file("served/kube-apiserver-6443.pem", text)], {
      now: FIXTURE_NOW,
    });
    expect(report.servedChains?.[0]).toMatchObject({ outcome: "error", chainLength: 0 });
    expect(report.relationships.find((r) => r.key === "apiserver-serving")?.served).toBeUndefined();
    expect(report.findings.map((f) => f.code)).toContain("SERVED_ENDPOINT_UNREACHED");
  });

  it("8 MB of s_client-looking lines is read in seconds, and nothing is made of it", async () => {
    const huge = `CONNECTED(00000003)\nCertificate chain\n${" 0 s:CN = x\n   i:CN = y\n".repeat(300_000)}`;
    const started = performance.now();
    const report = await analyze([file("huge.txt", huge)], { now: FIXTURE_NOW });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(report.servedChains?.[0]).toMatchObject({ outcome: "no-tls", chainLength: 0 });
    expect(report.certificates).toEqual([]);
  });
});
