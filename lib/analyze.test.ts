/**
 * Golden tests of the whole pipeline on real fixtures: every faulty fixture yields exactly its
 * expected error/warning findings (code, severity, file, relationship) and nothing else at that
 * level; the healthy node and the real kubeadm output come out clean; reports are deterministic
 * and never carry key material.
 */
import { describe, expect, it } from "vitest";
import { FAULTS, HEALTHY } from "../scripts/fixtures/catalogue";
import { analyze } from "./analyze";
import { PRIMARY_RELATIONSHIPS } from "./report";
import { essentials } from "./test-support/essentials";
import { SAMPLE_NOW, fixtureDir, problems, readTree, reportFor } from "./test-support/fixtures";

describe("every fault fixture yields its finding and no other error or warning", () => {
  it.each(FAULTS.map((c) => ({ ...c, label: c.name })))("$label", async (fixture) => {
    const report = await reportFor(fixture.name);
    const got = problems(report);
    for (const want of fixture.expect) {
      const match = got.find(
        (f) =>
          f.code === want.code &&
          f.severity === want.severity &&
          (!want.file || f.files.some((p) => p === want.file || p.startsWith(`${want.file}#`))) &&
          (!want.relationship || f.relationship === want.relationship),
      );
      expect(match, `${want.code} in ${JSON.stringify(got, null, 2)}`).toBeDefined();
    }
    const unexpected = got.filter(
      (f) => !fixture.expect.some((w) => w.code === f.code && w.severity === f.severity),
    );
    expect(unexpected, JSON.stringify(unexpected, null, 2)).toEqual([]);
    for (const want of fixture.expect.filter((w) => w.severity === "error" && w.relationship)) {
      const edges = report.relationships.filter((r) => r.id === want.relationship);
      expect(
        edges.some((r) => r.status === "error"),
        `${want.relationship} should be red`,
      ).toBe(true);
    }
    await expect(JSON.stringify(essentials(report), null, 2)).toMatchFileSnapshot(
      `__golden__/${fixture.name}.json`,
    );
  });
});

describe("the healthy generated node", () => {
  it("has no error or warning and every relationship with both sides present is ok", async () => {
    const report = await reportFor(HEALTHY.name);
    expect(problems(report)).toEqual([]);
    expect(report.findings.map((f) => f.code)).toEqual(["KUBELET_SERVING_UNVERIFIED"]);
    const status = Object.fromEntries(report.relationships.map((r) => [r.key, r.status]));
    expect(status).toMatchObject({
      "etcd-peer": "ok",
      "etcd-serving": "ok",
      "apiserver-etcd-client": "ok",
      "apiserver-serving": "ok",
      "controller-manager-client": "ok",
      "scheduler-client": "ok",
      "kube-proxy-client": "unknown",
      "kubelet-client": "ok",
      "admin-client": "ok",
      "kubelet-serving": "ok",
      "apiserver-kubelet-client": "ok",
      "service-account-signing": "ok",
      "front-proxy-client": "ok",
      "etcd-healthcheck-client": "ok",
      "kubelet-bootstrap": "unknown",
    });
    expect(report.cluster).toMatchObject({
      kubernetesVersion: "v1.31.4",
      nodes: ["control-1"],
      advertiseAddress: "10.0.0.10",
    });
    await expect(JSON.stringify(essentials(report), null, 2)).toMatchFileSnapshot("__golden__/healthy.json");
  });
});

describe("real kubeadm v1.20 output judged at 2026-12-01", () => {
  it("is healthy: no error, no warning, ok wherever both sides are present", async () => {
    const report = await reportFor("kubeadm-v1.20", SAMPLE_NOW);
    expect(problems(report)).toEqual([]);
    const status = Object.fromEntries(report.relationships.map((r) => [r.key, r.status]));
    for (const id of [
      "etcd-peer",
      "etcd-serving",
      "apiserver-etcd-client",
      "apiserver-serving",
      "controller-manager-client",
      "scheduler-client",
      "kubelet-client",
      "admin-client",
      "service-account-signing",
      "front-proxy-client",
      "etcd-healthcheck-client",
    ]) {
      expect(status[id], id).toBe("ok");
    }
    for (const id of ["kubelet-serving", "apiserver-kubelet-client", "kube-proxy-client"])
      expect(status[id], id).toBe("unknown");
    for (const id of PRIMARY_RELATIONSHIPS)
      expect(
        report.relationships.some((r) => r.id === id),
        id,
      ).toBe(true);
    expect(report.cluster).toMatchObject({
      kubernetesVersion: "v1.20.2",
      nodes: ["cp-1"],
      advertiseAddress: "10.0.4.3",
      serviceCidr: "10.96.0.0/12",
    });
    expect(report.inputs.skipped.map((s) => s.path)).toContain("check-expiration.txt");
    await expect(JSON.stringify(essentials(report), null, 2)).toMatchFileSnapshot(
      "__golden__/kubeadm-v1.20.json",
    );
  });
});

describe("a hand-made PKI with other file names and no manifests", () => {
  it("takes no role from what a certificate says: each relationship is unknown, with the guess as its reason", async () => {
    const handMade = await reportFor("hand-made-pki");
    const serving = handMade.relationships.find((r) => r.id === "apiserver-serving");
    // The file that would be the apiserver's is found by its content, and said to be a guess.
    expect(serving?.serverEnd.presents?.source).toBe("etc/kubernetes/pki/kubernetes.pem");
    expect(serving?.status).toBe("unknown");
    expect(serving?.evidence).toContainEqual(
      expect.objectContaining({
        source: "guess",
        fact: "kube-apiserver presents etc/kubernetes/pki/kubernetes.pem",
      }),
    );
    expect(serving?.missing.some((m) => m.includes("is a guess"))).toBe(true);
    const peer = handMade.relationships.find((r) => r.id === "etcd-peer");
    expect(peer?.clientEnd.presents?.source).toBe("etc/kubernetes/pki/etcd/peer-control-1.pem");
    expect(peer?.status).toBe("unknown");
    expect(handMade.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });
});

describe("robustness", () => {
  it("analyses the 30 good files beside a corrupt one", async () => {
    const healthy = await reportFor("healthy");
    const corrupt = await reportFor("corrupt-extra-file");
    expect(corrupt.findings.filter((f) => f.code === "PARSE_ERROR")).toHaveLength(1);
    expect(corrupt.inputs.files).toBe(healthy.inputs.files + 1);
    expect(corrupt.certificates.length).toBe(healthy.certificates.length);
    expect(corrupt.relationships.map((r) => r.status)).toEqual(healthy.relationships.map((r) => r.status));
  });

  it("is deterministic and independent of file order", async () => {
    const files = readTree(fixtureDir("healthy"));
    const a = await analyze(files, { now: "2026-06-01T00:00:00Z" });
    const b = await analyze([...files].reverse(), { now: "2026-06-01T00:00:00Z" });
    expect(essentials(b)).toEqual(essentials(a));
    expect(JSON.stringify(await analyze(files, { now: "2026-06-01T00:00:00Z" }))).toBe(JSON.stringify(a));
  });

  it("never puts private key material in the report", async () => {
    const files = readTree(fixtureDir("healthy"));
    const json = JSON.stringify(await analyze(files, { now: "2026-06-01T00:00:00Z" }));
    expect(json).not.toMatch(/PRIVATE KEY/);
    for (const file of files) {
      const text = new TextDecoder().decode(file.bytes);
      const keyBlock = text.match(/-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END/);
      if (!keyBlock?.[1]) continue;
      const body = keyBlock[1].replace(/\s+/g, "");
      for (let i = 0; i + 24 <= body.length; i += 24)
        expect(json.includes(body.slice(i, i + 24)), file.path).toBe(false);
    }
  });

  it("rejects an invalid now", async () => {
    await expect(analyze([], { now: "yesterday" })).rejects.toThrow(RangeError);
  });

  it("reports an empty input honestly: everything unknown", async () => {
    const report = await analyze([], { now: "2026-06-01T00:00:00Z" });
    expect(report.relationships.every((r) => r.status === "unknown")).toBe(true);
    expect(report.summary.status).toBe("unknown");
  });
});
