import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { healthyNode } from "../generate/healthy-node";
import { KeyStore } from "../generate/keys";
import type { NodeModel } from "../generate/node-model";
import { NodeRenderer } from "../generate/render-node";
import { readTree } from "../test-support/fixtures";
import { diffReports, isRefusal, type DiffSide } from "./diff-reports";
import type { ReportDiff } from "./diff-types";
import { collectorInstant } from "./drop-instant";
import { readKeyIdentities } from "./key-identities";

// The committed pair of snapshots (scripts/fixtures/diff/generate-diff.ts): one kubeadm cluster a
// year apart, renewed with kubeadm certs renew, one kubelet rotated, worker-1's kubelet not.

const FIXTURES = resolve(import.meta.dirname, "..", "..", "e2e", "fixtures");
const archive = (name: string): InputFile[] => [
  { path: name, bytes: new Uint8Array(readFileSync(resolve(FIXTURES, "diff", name))) },
];

async function side(files: InputFile[], now: string, withKeys = true): Promise<DiffSide> {
  const crypto = globalThis.crypto;
  const keys = withKeys ? await readKeyIdentities(files, { crypto }) : undefined;
  return { report: await analyze(files, { now, crypto }), ...(keys ? { keys } : {}) };
}

async function yearApart(withKeys = true): Promise<ReportDiff> {
  const old = archive("2026-06-01.tgz");
  const next = archive("2027-06-01.tgz");
  const result = diffReports(
    await side(old, collectorInstant(old) ?? "", withKeys),
    await side(next, collectorInstant(next) ?? "", withKeys),
    { oldSource: "collector", newSource: "collector" },
  );
  if (isRefusal(result)) throw new Error(result.refused);
  return result;
}

const kindAt = (diff: ReportDiff, path: string) =>
  diff.certificates.find((change) => change.paths.includes(path))?.kind ?? "unchanged";

describe("diffReports", () => {
  it("reads each snapshot's instant from the collector's list inside the archive", () => {
    expect(collectorInstant(archive("2026-06-01.tgz"))).toBe("2026-06-01T00:00:00Z");
    expect(collectorInstant(archive("2027-06-01.tgz"))).toBe("2027-06-01T00:00:00Z");
    expect(collectorInstant(readTree(resolve(FIXTURES, "demo")))).toBeUndefined();
  });

  it("tells kubeadm's renewals, the kubelet's rotation and the kubelet that did not rotate apart", async () => {
    const diff = await yearApart();
    const cases: { path: string; want: string }[] = [
      // kubeadm certs renew writes a new key with each certificate.
      { path: "control-1/etc/kubernetes/pki/apiserver.crt", want: "re-keyed" },
      { path: "control-1/etc/kubernetes/pki/etcd/peer.crt", want: "re-keyed" },
      { path: "control-1/etc/kubernetes/admin.conf#users/kubernetes-admin", want: "re-keyed" },
      { path: "control-1/var/lib/kubelet/pki/kubelet-client-current.pem", want: "re-keyed" },
      { path: "control-1/var/lib/kubelet/pki/kubelet.crt", want: "rotated" },
      { path: "control-1/etc/kubernetes/pki/ca.crt", want: "unchanged" },
      { path: "worker-1/var/lib/kubelet/pki/kubelet-client-current.pem", want: "unchanged" },
    ];
    for (const { path, want } of cases) expect(kindAt(diff, path), path).toBe(want);
    expect(diff.summary).toMatchObject({ renewed: 0, reKeyed: 12, appeared: 0, disappeared: 0 });
    expect(diff.sharedCAs).toEqual(["CN=etcd-ca", "CN=front-proxy-ca", "CN=kubernetes"]);
    expect(diff.missedRotations).toEqual([
      expect.objectContaining({
        why: "kubelet-window-passed",
        paths: ["worker-1/var/lib/kubelet/pki/kubelet-client-current.pem"],
      }),
    ]);
    expect(diff.edges).toContainEqual({
      key: "kubelet-client:worker-1",
      id: "kubelet-client",
      old: "ok",
      new: "error",
      regressed: true,
    });
    expect(diff.findings.appeared.map((finding) => finding.code)).toEqual(["CERT_EXPIRED"]);
    expect(diff.summary.regressions).toBe(3);
  });

  it("says reissued, not renewed, when neither drop's keys were read", async () => {
    const diff = await yearApart(false);
    expect(kindAt(diff, "control-1/etc/kubernetes/pki/apiserver.crt")).toBe("reissued");
    // The CAs carry subject key ids: still one cluster.
    expect(diff.sharedCAs).toContain("CN=kubernetes");
  });

  it("finds nothing changed between a drop and itself", async () => {
    const files = archive("2027-06-01.tgz");
    const same = await side(files, "2027-06-01T00:00:00Z");
    const diff = diffReports(same, same, { oldSource: "a", newSource: "b" });
    if (isRefusal(diff)) throw new Error(diff.refused);
    expect(diff.certificates).toEqual([]);
    expect(diff.edges).toEqual([]);
    expect(diff.summary.regressions).toBe(0);
  });

  it("refuses two drops of different clusters, naming their CAs", async () => {
    const ours = await side(archive("2026-06-01.tgz"), "2026-06-01T00:00:00Z");
    const theirs = await side(readTree(resolve(FIXTURES, "kubeadm-v1.20")), "2026-12-01T00:00:00Z");
    const result = diffReports(ours, theirs, { oldSource: "a", newSource: "b" });
    expect(isRefusal(result) && result.refused).toMatch(/share no CA .* the old one holds CN=kubernetes/);
  });

  it("says renewed for a certificate reissued on the same key, and names a bundle left on a replaced CA", async () => {
    const crypto = globalThis.crypto;
    const renderer = new NodeRenderer(new KeyStore(crypto), crypto);
    const render = async (model: NodeModel) =>
      [...(await renderer.render(model))].map(([path, bytes]) => ({ path, bytes }));
    const later = healthyNode();
    const apiserver = later.certs.apiserver;
    const ca = later.certs.ca;
    const admin = later.files["etc/kubernetes/admin.conf"];
    if (!apiserver || !ca || admin?.kind !== "kubeconfig") throw new Error("healthy node model changed");
    apiserver.notBefore = "2026-05-01T00:00:00Z";
    apiserver.notAfter = "2027-05-01T00:00:00Z";
    // The cluster CA replaced by a new key of the same name; admin.conf still carries the old one.
    later.certs["ca-old"] = { ...ca };
    later.keys["ca-new"] = { algorithm: "RSA", bits: 2048 };
    ca.key = "ca-new";
    admin.kubeconfig.caCert = "ca-old";
    const diff = diffReports(
      await side(await render(healthyNode()), "2026-04-01T00:00:00Z"),
      await side(await render(later), "2026-06-01T00:00:00Z"),
      { oldSource: "a", newSource: "b" },
    );
    if (isRefusal(diff)) throw new Error(diff.refused);
    expect(kindAt(diff, "etc/kubernetes/pki/ca.crt")).toBe("rotated");
    expect(kindAt(diff, "etc/kubernetes/pki/front-proxy-ca.crt")).toBe("unchanged");
    expect(diff.missedRotations).toEqual([
      expect.objectContaining({
        why: "bundle-missing-new-ca",
        paths: ["etc/kubernetes/admin.conf#clusters/kubernetes"],
      }),
    ]);
    // The apiserver's certificate moved to the new CA: rotated, not renewed.
    expect(
      diff.certificates.find((change) => change.paths.includes("etc/kubernetes/pki/apiserver.crt")),
    ).toMatchObject({
      kind: "rotated",
      issuerChanged: true,
    });
    const renewedOnly = healthyNode();
    const same = renewedOnly.certs["front-proxy-client"];
    if (!same) throw new Error("healthy node model changed");
    same.notAfter = "2027-06-01T00:00:00Z";
    const renewal = diffReports(
      await side(await render(healthyNode()), "2026-04-01T00:00:00Z"),
      await side(await render(renewedOnly), "2026-06-01T00:00:00Z"),
      { oldSource: "a", newSource: "b" },
    );
    if (isRefusal(renewal)) throw new Error(renewal.refused);
    expect(renewal.certificates.map((change) => [change.kind, change.paths[0]])).toEqual([
      ["renewed", "etc/kubernetes/pki/front-proxy-client.crt"],
    ]);
  });
});
