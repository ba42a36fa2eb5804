/**
 * The collector's opt-in --served on a kubeadm node tree whose configuration names ports this test
 * serves with real `openssl s_server` processes on 127.0.0.1: kube-apiserver's port serves the
 * certificate from before a renewal (the tree holds the renewed apiserver.crt), etcd's client port
 * the very file on disk; the peer port, the kubelet's and the controller-manager's and scheduler's
 * refuse. The archive keeps only PEM certificates and a line per endpoint, and judges as the
 * served-chain rules say; without openssl the miss is said and the rest is written.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  archiveEntries,
  auditReport,
  busyboxPath,
  collectorWorkspace,
  entryText,
  FIXTURE_NOW,
  FIXTURES,
  HOST,
  runCollector,
  type Shell,
} from "./test-support/collector";

const workspace = collectorWorkspace("k8s-pki-collect-served-");
const RENEWED = join(FIXTURES, "served", "kubeadm-renewed-not-restarted");
const OLD_PKI = join(FIXTURES, "healthy", "etc", "kubernetes", "pki");

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** `openssl s_server` on 127.0.0.1:port with `cert` and `key`, once it accepts connections. */
async function serve(port: number, cert: string, key: string): Promise<ChildProcess> {
  const child = spawn(
    "openssl",
    ["s_server", "-accept", `127.0.0.1:${port}`, "-cert", cert, "-key", key, "-quiet"],
    {
      stdio: "ignore",
    },
  );
  for (let i = 0; i < 100 && !(await accepting(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return child;
}

const ports = { apiserver: 0, etcd: 0, peer: 0, kubelet: 0, cm: 0, scheduler: 0 };
const servers: ChildProcess[] = [];

/** The renewed node's tree, its configuration naming this test's ports. */
function nodeTree(name: string): string {
  const root = workspace.file(name);
  cpSync(RENEWED, root, { recursive: true });
  writeFileSync(join(root, "etc", "hostname"), `${HOST}\n`);
  const edit = (path: string, from: string | RegExp, to: string) => {
    const file = join(root, path);
    const text = readFileSync(file, "utf8");
    if (!text.match(from)) throw new Error(`${path} has no ${String(from)}`);
    writeFileSync(file, text.replace(from, to));
  };
  const m = "etc/kubernetes/manifests";
  edit(`${m}/kube-apiserver.yaml`, "--secure-port=6443", `--secure-port=${ports.apiserver}`);
  edit(`${m}/etcd.yaml`, /127\.0\.0\.1:2379,https:\/\/10\.0\.0\.10:2379/, `127.0.0.1:${ports.etcd}`);
  edit(`${m}/etcd.yaml`, /10\.0\.0\.10:2380/g, `10.0.0.10:${ports.peer}`);
  edit(
    `${m}/kube-controller-manager.yaml`,
    "- --bind-address=127.0.0.1",
    `- --bind-address=127.0.0.1\n    - --secure-port=${ports.cm}`,
  );
  edit(
    `${m}/kube-scheduler.yaml`,
    "- --bind-address=127.0.0.1",
    `- --bind-address=127.0.0.1\n    - --secure-port=${ports.scheduler}`,
  );
  edit(
    "var/lib/kubelet/config.yaml",
    /^kind: KubeletConfiguration$/m,
    `kind: KubeletConfiguration\nport: ${ports.kubelet}`,
  );
  return root;
}

async function collectServed(name: string, shell: Shell, path?: string) {
  const root = nodeTree(name);
  const out = workspace.file(`${name}.tgz`);
  const result = await runCollector(shell, ["--root", root, "--out", out, "--served"], path);
  return { out, result };
}

beforeAll(async () => {
  for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();
  // kube-apiserver still serves the certificate from before `kubeadm certs renew`.
  servers.push(await serve(ports.apiserver, join(OLD_PKI, "apiserver.crt"), join(OLD_PKI, "apiserver.key")));
  servers.push(
    await serve(ports.etcd, join(OLD_PKI, "etcd", "server.crt"), join(OLD_PKI, "etcd", "server.key")),
  );
});

afterAll(() => {
  for (const server of servers) server.kill();
});

describe.each<Shell>(["dash", "busybox"])("k8s-pki-collect.sh --served under %s", (shell) => {
  let run: Awaited<ReturnType<typeof collectServed>>;
  beforeAll(async () => {
    run = await collectServed(`node-${shell}`, shell, workspace.path(shell));
  });

  it("reads each port the configuration names on 127.0.0.1 and keeps only PEM certificates", () => {
    expect(run.result.code).toBe(0);
    const entries = archiveEntries(run.out);
    const served = entries.map((e) => e.path).filter((p) => p.includes("/served/") && !p.endsWith("/"));
    expect(served.sort()).toEqual(
      [`etcd-${ports.etcd}.pem`, `kube-apiserver-${ports.apiserver}.pem`, "served.tsv"].map(
        (file) => `${HOST}/served/${file}`,
      ),
    );
    const pem = entryText(entries, `kube-apiserver-${ports.apiserver}.pem`);
    expect(pem.split("\n").slice(0, 5)).toEqual([
      "# k8s-pki-collect served endpoint",
      "# component: kube-apiserver",
      `# address: 127.0.0.1:${ports.apiserver}`,
      expect.stringMatching(/^# time: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      "# outcome: ok",
    ]);
    // Nothing of s_client's chatter: header lines, then certificate blocks only.
    const body = pem.split("\n").slice(5).join("\n").trim();
    expect(body).toBe(readFileSync(join(OLD_PKI, "apiserver.crt"), "utf8").trim());
    const rows = entryText(entries, "served/served.tsv")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split("\t"))
      .map(([component, address, , , outcome]) => [component, address, outcome]);
    expect(rows).toEqual([
      ["kube-apiserver", `127.0.0.1:${ports.apiserver}`, "ok"],
      ["etcd", `127.0.0.1:${ports.etcd}`, "ok"],
      ["etcd-peer", `127.0.0.1:${ports.peer}`, "refused"],
      ["kubelet", `127.0.0.1:${ports.kubelet}`, "refused"],
      ["kube-controller-manager", `127.0.0.1:${ports.cm}`, "refused"],
      ["kube-scheduler", `127.0.0.1:${ports.scheduler}`, "refused"],
    ]);
  });

  it("its archive says kube-apiserver serves another certificate than its file, and etcd serves its own", async () => {
    const report = await auditReport(run.out, FIXTURE_NOW);
    const loud = report.findings.filter((f) => f.severity !== "info");
    expect(loud.map((f) => [f.code, f.severity])).toEqual([["SERVED_CERT_DIFFERS", "warning"]]);
    expect(loud[0]?.detail).toContain("valid until 2027-01-01");
    expect(report.relationships.find((r) => r.id === "etcd-serving")?.served?.sameAsDisk).toBe(true);
    const unreached = report.findings.filter((f) => f.code === "SERVED_ENDPOINT_UNREACHED");
    expect(unreached.length).toBe(4);
  });
});

describe("k8s-pki-collect.sh --served without openssl", () => {
  it("says so, reads no port and writes the rest", async () => {
    const bin = busyboxPath(workspace.file("busybox-no-openssl"), { openssl: false });
    const run = await collectServed("node-no-openssl", "busybox", bin);
    expect(run.result.code).toBe(0);
    expect(run.result.stderr).toContain("--served: no openssl on this node, so no port was read");
    expect(archiveEntries(run.out).some((e) => e.path.includes("/served/"))).toBe(false);
  });
});
