/**
 * What-if on real files: time passes, kubeadm's renewals reissue from the drop's own CA keys with
 * fresh keys, and the analysis judges the copy — the red edge turns green, a copy of admin.conf in
 * ~/.kube/config stays red, and the caller's files are never changed.
 */
import { describe, expect, it } from "vitest";
import type { InputFile } from "../inventory";
import { readTree, fixtureDir } from "../test-support/fixtures";
import { parseWhatIf, simulateWhatIf, type WhatIfAction } from "./what-if";
import { packTarGz } from "../archive/pack-tar-gz";

const crypto = globalThis.crypto;

function actions(...specs: string[]): WhatIfAction[] {
  return specs.map((spec) => {
    const action = parseWhatIf(spec);
    if ("error" in action) throw new Error(action.error);
    return action;
  });
}

const status = (report: { relationships: { key: string; status: string }[] }, key: string) =>
  report.relationships.find((r) => r.key === key)?.status;

describe("simulateWhatIf", () => {
  it("on the demo: the front-proxy client expires, kubeadm's renewal turns its edge green again", async () => {
    const files = readTree(fixtureDir("demo"));
    const snapshot = files.map((f) => [f.path, Buffer.from(f.bytes).toString("base64")]);
    const result = await simulateWhatIf(files, actions("date:2026-06-25", "renew:front-proxy-client"), {
      now: new Date("2026-06-01T00:00:00Z"),
      crypto,
    });
    expect(result.simulated).toBe(true);
    expect(status(result.before, "front-proxy-client")).toBe("warning");
    expect(result.steps[0]?.changes).toContainEqual({
      key: "front-proxy-client",
      from: "warning",
      to: "error",
    });
    expect(result.steps[1]?.changes).toEqual([{ key: "front-proxy-client", from: "error", to: "ok" }]);
    expect(result.steps[1]?.done[0]).toMatch(
      /^reissued control-1\/etc\/kubernetes\/pki\/front-proxy-client\.crt from CN=front-proxy-ca with a fresh ECDSA P-256 key, valid to 2027-06-25/,
    );
    // The demo's own fault is still there: renewing does not fix a missing O=system:nodes.
    expect(result.stillBroken.map((r) => r.key)).toEqual(["kubelet-client:worker-1"]);
    // The caller's files are as they were.
    expect(files.map((f) => [f.path, Buffer.from(f.bytes).toString("base64")])).toEqual(snapshot);
  });

  it("renew all leaves a copy of admin.conf in ~/.kube/config red", async () => {
    const files: InputFile[] = readTree(fixtureDir("healthy"));
    const admin = files.find((f) => f.path === "etc/kubernetes/admin.conf");
    if (!admin) throw new Error("no admin.conf");
    files.push({ path: "root/.kube/config", bytes: admin.bytes });
    const result = await simulateWhatIf(files, actions("date:2027-02-01", "renew:all"), {
      now: new Date("2026-06-01T00:00:00Z"),
      crypto,
    });
    const after = result.after;
    expect(status(after, "admin-client")).toBe("ok");
    expect(status(after, "apiserver-serving")).toBe("ok");
    expect(status(after, "admin-client:root/.kube/config")).toBe("error");
    expect(result.steps[1]?.problems).toContain(
      "root/.kube/config#users/kubernetes-admin holds the same certificate and is not renewed with it: copy it again",
    );
    // kubeadm certs renew all does not touch the kubelet's own certificates.
    expect(result.stillBroken.map((r) => r.key).sort()).toEqual(
      ["admin-client:root/.kube/config", "kubelet-client", "kubelet-serving"].sort(),
    );
  });

  it("rewrites files that came in an archive (a collector's tarball)", async () => {
    const archive = { path: "control-1.tgz", bytes: packTarGz(readTree(fixtureDir("healthy"))) };
    const result = await simulateWhatIf([archive], actions("date:2027-02-01", "renew:apiserver"), {
      now: new Date("2026-06-01T00:00:00Z"),
      crypto,
    });
    expect(result.steps[1]?.problems).toEqual([]);
    expect(result.steps[1]?.changes).toContainEqual({ key: "apiserver-serving", from: "error", to: "ok" });
  });

  it("says so when the CA's key is not in the drop, and renews nothing", async () => {
    const files = readTree(fixtureDir("healthy")).filter((f) => !f.path.endsWith("pki/front-proxy-ca.key"));
    const result = await simulateWhatIf(files, actions("renew:front-proxy-client"), {
      now: new Date("2026-06-01T00:00:00Z"),
      crypto,
    });
    expect(result.steps[0]?.done).toEqual([]);
    expect(result.steps[0]?.problems[0]).toMatch(
      /the private key of its CA \(CN=front-proxy-ca\) is not in the drop/,
    );
    expect(result.steps[0]?.changes).toEqual([]);
  });

  it("stopping a kubelet's rotation rewrites its configuration in the copy", async () => {
    const result = await simulateWhatIf(readTree(fixtureDir("demo")), actions("stop-rotation:worker-1"), {
      now: new Date("2026-06-01T00:00:00Z"),
      crypto,
    });
    expect(result.steps[0]?.done).toEqual([
      "set rotateCertificates: false in worker-1/var/lib/kubelet/config.yaml",
    ]);
  });
});

describe("the renewal plan, applied", () => {
  it("renew:plan runs the plan's kubeadm commands for what is due: the expired front-proxy client turns green", async () => {
    const result = await simulateWhatIf(
      readTree(fixtureDir("demo")),
      actions("date:2026-06-25", "renew:plan"),
      {
        now: new Date("2026-06-01T00:00:00Z"),
        crypto,
      },
    );
    expect(result.steps[1]?.label).toBe("run the renewal plan's kubeadm commands for what is due");
    expect(result.steps[1]?.done).toHaveLength(1);
    expect(result.steps[1]?.changes).toEqual([{ key: "front-proxy-client", from: "error", to: "ok" }]);
  });
});

describe("parseWhatIf", () => {
  it("reads the three verbs and refuses anything else", () => {
    expect(parseWhatIf("date:2027-11-20")).toEqual({ kind: "date", at: "2027-11-20T00:00:00.000Z" });
    expect(parseWhatIf("renew:apiserver")).toEqual({ kind: "renew", target: "apiserver" });
    expect(parseWhatIf("stop-rotation:worker-1")).toEqual({ kind: "stop-rotation", node: "worker-1" });
    expect(parseWhatIf("date:next week")).toMatchObject({ error: /a date is YYYY-MM-DD/ });
    expect(parseWhatIf("explode:all")).toMatchObject({ error: /expected renew:<name\|all\|plan>/ });
    expect(parseWhatIf("renew:")).toMatchObject({ error: /bad --what-if 'renew:'/ });
  });
});

describe("rotate:<ca>:<step> on the kubeadm HA cluster", () => {
  it("takes the cluster CA through each step with fresh keys; the files show each step and nothing breaks", async () => {
    const files = readTree(fixtureDir("rotation/cluster-ca-done"));
    const result = await simulateWhatIf(files, actions("rotate:cluster-ca:1", "rotate:etcd-ca:2"), {
      now: new Date("2026-12-01T00:00:00Z"),
      crypto,
    });
    expect(result.steps[0]?.done).toEqual([
      "made a new CN=kubernetes with a fresh key",
      "step 1: the new CA next to the old one in 20 files",
    ]);
    const stands = result.after.rotations ?? [];
    // etcd has no signer: with its leaves reissued, the old etcd CA is ready to go (step 5).
    expect(stands.map((r) => [r.root, r.step])).toEqual([
      ["cluster-ca", 2],
      ["etcd-ca", 5],
    ]);
    expect(result.after.summary).toMatchObject({ error: 0, warning: 0 });
  }, 60_000);

  it("the whole procedure leaves one CA per name and every edge as it was", async () => {
    const result = await simulateWhatIf(
      readTree(fixtureDir("rotation/cluster-ca-done")),
      actions("rotate:cluster-ca"),
      {
        now: new Date("2026-12-01T00:00:00Z"),
        crypto,
      },
    );
    expect(result.steps[0]?.label).toBe("rotate cluster-ca: every step, the old CA removed");
    expect(result.steps[0]?.changes).toEqual([]);
    expect(result.after.rotations).toBeUndefined();
    const ca = result.after.certificates.filter((c) => c.isCA && c.subject === "CN=kubernetes");
    expect(ca).toHaveLength(1);
    expect(ca[0]?.notBefore).toBe("2026-12-01T00:00:00.000Z");
  }, 60_000);
});
