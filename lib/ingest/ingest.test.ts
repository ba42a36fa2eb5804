import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ingest } from "./ingest";
import type { Inventory } from "../inventory";
import { findKeyFor } from "../pki/key-match";
import { createIssuerIndex } from "../pki/find-issuers";
import { createSignatureVerifier } from "../pki/signature-verifier";
import { readBytes, readTree, SAMPLE_DIR, tempDir, utf8 } from "../test-support/pki-material";

const crypto = globalThis.crypto;
const toJson = (inv: Inventory) =>
  JSON.stringify(inv, (key, value: unknown) => (key === "der" ? undefined : value));

describe("ingest of the real kubeadm v1.20 sample", () => {
  it("finds 3 CAs, their leaves, 4 kubeconfigs, 4 manifests, 1 kubeadm config; skips check-expiration.txt", async () => {
    const inv = await ingest(readTree(SAMPLE_DIR), { crypto });
    expect(inv.fileCount).toBe(32);
    expect(inv.problems).toEqual([]);
    expect(inv.skipped).toEqual([
      { path: "check-expiration.txt", reason: "text without PEM blocks or Kubernetes configuration" },
    ]);
    expect(inv.certificates.filter((c) => c.isCA).map((c) => c.subject)).toEqual([
      "CN=kubernetes",
      "CN=etcd-ca",
      "CN=front-proxy-ca",
    ]);
    expect(inv.certificates).toHaveLength(14);
    expect(inv.privateKeys).toHaveLength(15);
    expect(inv.publicKeys.map((k) => k.source.path)).toEqual(["pki/sa.pub"]);
    expect(
      inv.kubeconfigs.map((k) => [
        k.source.path,
        k.users[0]?.clientCertificateIds.length,
        k.clusters[0]?.caCertificateIds.length,
      ]),
    ).toEqual([
      ["admin.conf", 1, 1],
      ["controller-manager.conf", 1, 1],
      ["kubelet.conf", 1, 1],
      ["scheduler.conf", 1, 1],
    ]);
    expect(inv.manifests.map((m) => [m.component, m.version])).toEqual([
      ["etcd", undefined],
      ["kube-apiserver", "v1.20.2"],
      ["kube-controller-manager", "v1.20.2"],
      ["kube-scheduler", "v1.20.2"],
    ]);
    expect(inv.kubeadmConfigs).toEqual([
      {
        source: { path: "kubeadm-config.yaml" },
        nodeName: "cp-1",
        advertiseAddress: "10.0.4.3",
        bindPort: 6443,
        kubernetesVersion: "v1.20.2",
        serviceSubnet: "10.96.0.0/12",
        dnsDomain: "cluster.local",
        certificatesDir: "/etc/kubernetes/pki",
        certSANs: [],
      },
    ]);
    const ca = inv.certificates[0];
    expect(ca?.sources.map((s) => (s.locator ? `${s.path}#${s.locator}` : s.path))).toEqual([
      "admin.conf#clusters/kubernetes",
      "controller-manager.conf#clusters/kubernetes",
      "kubelet.conf#clusters/kubernetes",
      "pki/ca.crt",
      "scheduler.conf#clusters/kubernetes",
    ]);
    expect(inv.manifests[1]?.flags["client-ca-file"]).toEqual(["/etc/kubernetes/pki/ca.crt"]);
  });

  it("has a matching key for every certificate and a verifying issuer for every leaf", async () => {
    const inv = await ingest(readTree(SAMPLE_DIR), { crypto });
    const verifier = createSignatureVerifier(crypto);
    const issuers = createIssuerIndex(inv.certificates);
    for (const cert of inv.certificates) {
      expect([cert.subject, findKeyFor(cert, inv.privateKeys)?.source.path !== undefined]).toEqual([
        cert.subject,
        true,
      ]);
      const [issuer] = issuers.candidates(cert);
      expect([cert.subject, issuer && (await verifier.verify(cert, issuer))]).toEqual([cert.subject, true]);
    }
  });

  it("is deterministic for the same files in any order and any path spelling", async () => {
    const files = readTree(SAMPLE_DIR);
    const a = await ingest(files, { crypto });
    const shuffled = [...files]
      .reverse()
      .map((f, i) => ({ ...f, path: i % 2 ? `./${f.path}` : `/${f.path}` }));
    const b = await ingest(shuffled, { crypto });
    expect(toJson(b)).toBe(toJson(a));
  });

  it("reads the sample from a tgz given alone exactly as from the folder", async () => {
    const dir = tempDir();
    execFileSync("tar", ["-czf", `${dir}/sample.tgz`, "-C", SAMPLE_DIR, "."]);
    const fromArchive = await ingest([{ path: "sample.tgz", bytes: readBytes(dir, "sample.tgz") }], {
      crypto,
    });
    const fromFolder = await ingest(readTree(SAMPLE_DIR), { crypto });
    expect(toJson(fromArchive)).toBe(toJson(fromFolder));
  });
});

describe("ingest: links and limits", () => {
  it("records input symlinks resolved within the input", async () => {
    const inv = await ingest(
      [
        { path: "pki/kubelet-client-2024.pem", bytes: utf8("x") },
        { path: "pki/kubelet-client-current.pem", bytes: utf8("x"), linkTarget: "kubelet-client-2024.pem" },
        {
          path: "etc/ca-link.crt",
          bytes: utf8("x"),
          linkTarget: "/var/lib/kubelet/pki/kubelet-client-2024.pem",
        },
        { path: "dangling.crt", bytes: utf8("x"), linkTarget: "/nowhere/else.pem" },
      ],
      { crypto },
    );
    expect(inv.links).toEqual({
      "pki/kubelet-client-current.pem": "pki/kubelet-client-2024.pem",
      "etc/ca-link.crt": "pki/kubelet-client-2024.pem",
      "dangling.crt": "/nowhere/else.pem",
    });
  });

  it("passes archive limits through and keeps reading other files", async () => {
    const dir = tempDir();
    execFileSync("tar", ["-czf", `${dir}/s.tgz`, "-C", SAMPLE_DIR, "pki"]);
    const inv = await ingest(
      [
        { path: "s.tgz", bytes: readBytes(dir, "s.tgz") },
        { path: "other/ca.crt", bytes: readTree(SAMPLE_DIR).find((f) => f.path === "pki/ca.crt")!.bytes },
      ],
      { crypto, limits: { maxArchiveEntries: 3 } },
    );
    expect(inv.problems).toEqual([]);
    expect(inv.unread).toEqual([
      {
        path: "s.tgz",
        reason: expect.stringMatching(
          /^s\.tgz has more than 3 entries \(the limit per archive\): 19 entries not read \(pki\/[^,]+, pki\/[^,]+, pki\/[^,]+, …\)$/,
        ),
        kind: "limit",
      },
    ]);
    expect(inv.paths.filter((p) => p.startsWith("s.tgz/"))).toHaveLength(3);
    expect(inv.paths).toContain("other/ca.crt");
  });
});

describe("ingest: inputs that could not be read", () => {
  const ca = () => readTree(SAMPLE_DIR).find((f) => f.path === "pki/ca.crt")!.bytes;

  it("names what the edge could not read, and what is over the per-file limit, in path order", async () => {
    const inv = await ingest(
      [
        { path: "pki/ca.crt", bytes: ca() },
        { path: "pki/sa.key", bytes: new Uint8Array(), unreadable: "permission denied" },
        { path: "huge.bin", bytes: new Uint8Array(64 * 1024 * 1024 + 1) },
        { path: "etc/ssl.pem", bytes: new Uint8Array(), unreadable: "points outside", unreadKind: "outside" },
      ],
      { crypto },
    );
    expect(inv.unread).toEqual([
      { path: "etc/ssl.pem", reason: "points outside", kind: "outside" },
      { path: "huge.bin", reason: "larger than 64 MiB (67,108,865 bytes)", kind: "limit" },
      { path: "pki/sa.key", reason: "permission denied", kind: "unreadable" },
    ]);
    // Not read, so not among the files read either; the readable file is.
    expect(inv.paths).toEqual(["pki/ca.crt"]);
    expect(inv.fileCount).toBe(1);
    expect(inv.problems).toEqual([]);
  });

  it("does not let an unreadable neighbour change how a lone archive is named", async () => {
    const dir = tempDir();
    execFileSync("tar", ["-czf", `${dir}/s.tgz`, "-C", SAMPLE_DIR, "pki/ca.crt"]);
    const inv = await ingest(
      [
        { path: "s.tgz", bytes: readBytes(dir, "s.tgz") },
        { path: "gone.crt", bytes: new Uint8Array(), unreadable: "dangling symlink to /nowhere" },
      ],
      { crypto },
    );
    expect(inv.paths).toEqual(["pki/ca.crt"]);
    expect(inv.unread.map((u) => u.path)).toEqual(["gone.crt"]);
  });
});
