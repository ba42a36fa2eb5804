import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./test-support/run-cli";

// `k8s-pki diff` as users run it, on the committed snapshots a year apart (e2e/fixtures/diff).

const DIFF = resolve(import.meta.dirname, "..", "e2e", "fixtures", "diff");
const OLD = `${DIFF}/2026-06-01.tgz`;
const NEW = `${DIFF}/2027-06-01.tgz`;
const RENEWED = [
  "apiserver.crt",
  "apiserver-etcd-client.crt",
  "apiserver-kubelet-client.crt",
  "front-proxy-client.crt",
  "etcd/server.crt",
  "etcd/peer.crt",
  "etcd/healthcheck-client.crt",
  "admin.conf#users/kubernetes-admin",
  "super-admin.conf#users/kubernetes-super-admin",
  "controller-manager.conf#users/system:kube-controller-manager",
  "scheduler.conf#users/system:kube-scheduler",
];

describe("k8s-pki diff", () => {
  it("lists every renewal and the kubelet that did not rotate, and exits 1", async () => {
    const result = await runCli(["diff", OLD, NEW]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "old drop judged at 2026-06-01T00:00:00.000Z (the collector's list (when:))",
    );
    const renewed = result.stdout.split("\n").filter((line) => line.includes("renewed, new key"));
    expect(renewed).toHaveLength(RENEWED.length + 1);
    for (const name of RENEWED) expect(renewed.some((line) => line.includes(`/${name} `))).toBe(true);
    expect(renewed.filter((line) => line.includes("kubelet-client-current.pem"))).toEqual([
      expect.stringContaining("control-1/var/lib/kubelet/pki/kubelet-client-current.pem"),
    ]);
    expect(result.stdout).toMatch(
      /renewed, new key +control-1\/var\/lib\/kubelet\/pki\/kubelet-client-current\.pem/,
    );
    expect(result.stdout).toMatch(
      /did not rotate {2}worker-1\/var\/lib\/kubelet\/pki\/kubelet-client-current\.pem .* byte-identical/,
    );
    expect(result.stdout).toMatch(/3 regressions — exit 1\n$/);
  });

  it("writes the versioned JSON shape and Markdown", async () => {
    const json = await runCli(["diff", OLD, NEW, "--format", "json"]);
    const diff = JSON.parse(json.stdout) as { schemaVersion: number; summary: { reKeyed: number } };
    expect(json.code).toBe(1);
    expect(diff.schemaVersion).toBe(1);
    expect(diff.summary.reKeyed).toBe(12);
    const markdown = await runCli(["diff", OLD, NEW, "--format", "markdown"]);
    expect(markdown.stdout).toMatch(/^# What changed between two snapshots\n/);
    expect(markdown.stdout).toContain("**Did not rotate**");
  });

  it("exits 0 on a drop against itself and takes --now/--old-now over the collector's instant", async () => {
    const result = await runCli(["diff", NEW, NEW, "--old-now", "2027-06-01", "--now", "2027-06-01"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("old drop judged at 2027-06-01T00:00:00.000Z (--old-now)");
    expect(result.stdout).toContain("none changed");
  });

  it("refuses drops of two clusters and bad arguments with exit 2", async () => {
    const other = await runCli(["diff", OLD, resolve(DIFF, "..", "kubeadm-v1.20")]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/cannot compare: the two drops share no CA/);
    const one = await runCli(["diff", OLD]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("diff needs two drops, the old one first");
    const format = await runCli(["diff", OLD, NEW, "--format", "sarif"]);
    expect(format.stderr).toContain("unknown format 'sarif' for diff");
  });
});
