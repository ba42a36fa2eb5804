import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./test-support/run-cli";

// `k8s-pki plan-rotation` as users run it, on the openssl-made HA rotation fixtures.

const ROTATION = resolve(import.meta.dirname, "..", "e2e", "fixtures", "rotation");
const NOW = "2026-12-01T00:00:00Z";

describe("k8s-pki plan-rotation", () => {
  it("prints the etcd CA's plan with where each control plane stands", async () => {
    const result = await runCli([
      "plan-rotation",
      "etcd-ca",
      `${ROTATION}/etcd-ca-2-reissuing`,
      "--now",
      NOW,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Rotation plan: the etcd CA \(etcd-ca\)/);
    expect(result.stdout).toContain(
      "Where the files stand: step 2 of 5 (reissue the leaves from the new CA); cp-1 5, cp-2 2, cp-3 2",
    );
    expect(result.stdout).toContain("$ kubeadm certs renew etcd-peer --cert-dir /root/ca-rotation/pki");
  });

  it("writes the same plan as JSON and as a Markdown runbook", async () => {
    const json = await runCli([
      "plan-rotation",
      "cluster-ca",
      `${ROTATION}/cluster-ca-3-switching-signer`,
      "--now",
      NOW,
      "--format",
      "json",
    ]);
    const plan = JSON.parse(json.stdout) as {
      root: string;
      stand: { step: number };
      steps: { step: number; state?: string }[];
    };
    expect(plan.root).toBe("cluster-ca");
    expect(plan.stand.step).toBe(3);
    expect(plan.steps.map((s) => s.state)).toEqual(["done", "done", "partly", undefined, "todo"]);
    const markdown = await runCli([
      "plan-rotation",
      "cluster-ca",
      `${ROTATION}/cluster-ca-3-switching-signer`,
      "--now",
      NOW,
      "--format",
      "markdown",
    ]);
    expect(markdown.stdout).toMatch(/^# Rotation plan: the cluster CA \(cluster-ca\)/);
    expect(markdown.stdout).toContain(
      "## 3. Switch the signer and the kubelets to the new CA — done on some nodes",
    );
  });

  it("names the roots the input holds when asked for another (exit 2)", async () => {
    const result = await runCli(["plan-rotation", "client-ca", `${ROTATION}/cluster-ca-done`, "--now", NOW]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "no trust root 'client-ca' in this input: it holds etcd-ca, cluster-ca, front-proxy-ca, sa",
    );
    expect(result.stdout).toBe("");
  });
});

describe("k8s-pki audit --what-if", () => {
  const DEMO = resolve(import.meta.dirname, "..", "e2e", "fixtures", "demo");

  it("prints the simulation, marked as one, and exits on the state after it", async () => {
    const result = await runCli([
      "audit",
      DEMO,
      "--now",
      "2026-06-01",
      "--what-if",
      "date:2026-06-25",
      "--what-if",
      "renew:front-proxy-client",
    ]);
    expect(result.stdout.split("\n")[0]).toMatch(/^SIMULATED — /);
    expect(result.stdout).toContain("1. let the date pass to 2026-06-25 → 2 errors, 0 warnings");
    expect(result.stdout).toContain("  front-proxy-client: error → ok");
    expect(result.stderr).toContain("what-if: simulated on a copy in memory; no file was changed");
    // worker-1's kubelet is still refused after the renewal.
    expect(result.code).toBe(1);
  });

  it("carries before and after in JSON, and refuses formats that cannot say it is simulated", async () => {
    const json = await runCli([
      "audit",
      DEMO,
      "--now",
      "2026-06-01",
      "--what-if",
      "date:2026-06-25",
      "--format",
      "json",
    ]);
    const result = JSON.parse(json.stdout) as {
      simulated: boolean;
      before: { now: string };
      after: { now: string };
    };
    expect(result.simulated).toBe(true);
    expect(result.before.now).toBe("2026-06-01T00:00:00.000Z");
    expect(result.after.now).toBe("2026-06-25T00:00:00.000Z");
    const sarif = await runCli(["audit", DEMO, "--what-if", "date:2026-06-25", "--format", "sarif"]);
    expect(sarif.code).toBe(2);
    expect(sarif.stderr).toContain(
      "--what-if prints a simulation: use --format table, markdown or json, not sarif",
    );
  });
});
