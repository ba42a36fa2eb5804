/**
 * The node collector on node trees made from the fixtures, with the noise of a real node around
 * them, under dash and under busybox sh with busybox's own tar: its archive must judge exactly as
 * the node folder does, and hold nothing of the noise.
 */
import { cpSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  archiveEntries,
  collect,
  collectorWorkspace,
  entryText,
  FIXTURE_NOW,
  FIXTURES,
  HOST,
  LAYOUT_NOW,
  reportsOf,
  type Shell,
  verdict,
} from "./test-support/collector";

const workspace = collectorWorkspace("k8s-pki-collect-");

const NODES = [
  { name: "a kubeadm control plane (healthy)", dir: "healthy", now: FIXTURE_NOW },
  { name: "a k3s server", dir: "layouts/k3s/server-1", now: LAYOUT_NOW },
  { name: "an RKE2 server", dir: "layouts/rke2/server-1", now: LAYOUT_NOW },
  { name: "a kind control plane", dir: "layouts/kind-ha/kind-control-plane", now: LAYOUT_NOW },
  { name: "a minikube node and its host's ~/.minikube", dir: "layouts/minikube", now: LAYOUT_NOW },
  { name: "a kubespray control plane", dir: "layouts/kubespray/node1", now: LAYOUT_NOW },
  { name: "the hard way's server", dir: "layouts/hard-way/server", now: LAYOUT_NOW },
  { name: "a Vault-issued worker", dir: "layouts/vault-hard-way/worker-1", now: LAYOUT_NOW },
  {
    name: "a kubespray etcd member with a SAN missing (errors kept)",
    dir: "layouts-faults/kubespray-etcd-member-san/node2",
    now: LAYOUT_NOW,
  },
];

describe.each(NODES)("the collector on $name", ({ dir, now }) => {
  it.each<Shell>(["dash", "busybox"])(
    "under %s, gives an archive judged as the node folder",
    async (shell) => {
      const { out, result } = await workspace.collectNoisy(dir, shell);
      expect(result.stderr).toContain(`Wrote ${out} (`);
      expect(result.code).toBe(0);
      const { folder, archive } = await reportsOf(dir, out, now);
      expect(verdict(archive, HOST)).toEqual(verdict(folder));
      expect(archive.inputs.skipped).toContainEqual({
        path: `${HOST}/k8s-pki-collect.txt`,
        reason: "the collector's list of what it gathered",
      });
      for (const entry of archiveEntries(out)) expect(entry.path).toMatch(new RegExp(`^${HOST}/`));
    },
  );
});

describe("what the collector steps over, and says it did", () => {
  let out: string;
  let stderr: string;
  let entries: ReturnType<typeof archiveEntries>;
  let paths: string[];
  beforeAll(async () => {
    const run = await workspace.collectNoisy("healthy", "dash", { name: "steps-over" });
    expect(run.result.code).toBe(0);
    out = run.out;
    stderr = run.result.stderr;
    entries = archiveEntries(out);
    paths = entries.map((entry) => entry.path.replace(/\/$/, ""));
  });

  it("keeps the kubelet's absolute link as a link, with the file it names", () => {
    const link = entries.find(
      (entry) => entry.path === `${HOST}/var/lib/kubelet/pki/kubelet-client-current.pem`,
    );
    expect(link).toMatchObject({
      type: "symlink",
      linkTarget: "/var/lib/kubelet/pki/kubelet-client-2026-01-01-00-00-00.pem",
    });
    expect(paths).toContain(`${HOST}/var/lib/kubelet/pki/kubelet-client-2026-01-01-00-00-00.pem`);
    // A link to a gathered folder is kept too; following it again ends the walk there.
    expect(entries.find((entry) => entry.path === `${HOST}/etc/kubernetes/noise/up`)).toMatchObject({
      type: "symlink",
      linkTarget: "..",
    });
  });

  const steppedOver = [
    { file: "audit.log", reason: "a log file: not gathered" },
    { file: "huge.yaml", reason: "over 4 MiB (5242880 bytes): not PKI material, not gathered" },
    { file: "state.db", reason: "a database: not gathered" },
    { file: "events.fifo", reason: "a FIFO" },
    { file: "kubelet.sock", reason: "a socket" },
    { file: "loop-a", reason: "a link in a loop (loop-b): not followed" },
    { file: "loop-b", reason: "a link in a loop (loop-a): not followed" },
    { file: "old.crt", reason: "a dangling link to /etc/kubernetes/pki/gone.crt (not on the node)" },
  ];
  it.each(steppedOver)("leaves out $file and names it on stderr and in the list", ({ file, reason }) => {
    expect(paths).not.toContain(`${HOST}/etc/kubernetes/noise/${file}`);
    const line = `  /etc/kubernetes/noise/${file}: ${reason}`;
    expect(stderr.split("\n")).toContain(line);
    expect(listText().split("\n")).toContain(line);
  });

  const listText = () => entryText(entries, `${HOST}/k8s-pki-collect.txt`);

  it("never walks into a database folder, and puts only PKI files under the host's folder", () => {
    expect(paths.filter((path) => /state\.db|\.log$|\.fifo$|\.sock$/.test(path))).toEqual([]);
    expect(paths.every((path) => path === HOST || path.startsWith(`${HOST}/`))).toBe(true);
  });

  it("says per area what it gathered, what was not there, and the next step", () => {
    expect(stderr).toMatch(/^ {2}kubeadm {4}\/etc\/kubernetes +31 files, 1 link$/m);
    expect(stderr).toMatch(/^ {2}kubelet {4}\/var\/lib\/kubelet +5 files, 1 link$/m);
    expect(stderr).toContain(
      "  not on this node: systemd, etcd, k3s, rke2, microk8s, k0s, minikube, kind, hard-way",
    );
    expect(stderr).toContain("WARNING: this archive holds PRIVATE KEYS and TOKENS");
    expect(stderr).toContain(`or run: k8s-pki audit ${out}\n`);
  });

  it("lists what it gathered, when, its version and mode in k8s-pki-collect.txt", () => {
    const list = listText();
    expect(list).toMatch(/^# k8s-pki-collect 1: what was gathered from this node/);
    expect(list).toMatch(/^when: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
    expect(list).toContain("mode: full copy. THIS ARCHIVE HOLDS PRIVATE KEYS AND TOKENS");
    expect(list).toContain("  /var/lib/kubelet/pki/kubelet-client-current.pem (link)\n");
    expect(list).toContain("  /etc/kubernetes/pki/ca.key\n");
  });

  it("writes the archive for its owner alone", async () => {
    expect((await stat(out)).mode & 0o777).toBe(0o600);
  });
});

describe("links on the way to what is gathered", () => {
  it("are followed below the root, an absolute one too, and kept as links", async () => {
    const root = workspace.file("linked-folders");
    cpSync(join(FIXTURES, "healthy"), root, { recursive: true });
    writeFileSync(join(root, "etc", "hostname"), `${HOST}\n`);
    // /etc/kubernetes on another disk, named by an absolute link: /srv/k8s of the node, not of this machine.
    mkdirSync(join(root, "srv"));
    renameSync(join(root, "etc", "kubernetes"), join(root, "srv", "k8s"));
    symlinkSync("/srv/k8s", join(root, "etc", "kubernetes"));
    // A merged /usr: the unit is read through /lib -> usr/lib as well as directly.
    mkdirSync(join(root, "usr", "lib", "systemd", "system"), { recursive: true });
    writeFileSync(
      join(root, "usr", "lib", "systemd", "system", "kubelet.service"),
      "[Service]\nExecStart=/usr/bin/kubelet\n",
    );
    symlinkSync("usr/lib", join(root, "lib"));
    const out = workspace.file("linked-folders.tgz");
    const result = await collect(root, out);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain("dangling");
    expect(result.stderr).toMatch(/^ {2}kubeadm {4}\/etc\/kubernetes +31 files, 1 link$/m);
    expect(result.stderr).toMatch(/^ {2}systemd {4}kubelet, kube-\*, etcd units +1 file, 1 link$/m);
    const entries = archiveEntries(out);
    const entry = (path: string) =>
      entries.find((found) => found.path.replace(/\/$/, "") === `${HOST}/${path}`);
    expect(entry("etc/kubernetes")).toMatchObject({ type: "symlink", linkTarget: "/srv/k8s" });
    expect(entry("srv/k8s/pki/ca.crt")).toMatchObject({ type: "file" });
    expect(entry("lib")).toMatchObject({ type: "symlink", linkTarget: "usr/lib" });
    expect(entry("usr/lib/systemd/system/kubelet.service")).toMatchObject({ type: "file" });
    expect(entries.filter((found) => found.path.endsWith("kubelet.service"))).toHaveLength(1);
    // Judged as the node with its folders in place: the link is read where it leads, not skipped.
    const { folder, archive } = await reportsOf("healthy", out, FIXTURE_NOW);
    expect(archive.inputs.unread).toBeUndefined();
    const statuses = (report: typeof folder) =>
      report.relationships.map(({ id, status }) => `${id} ${status}`);
    expect(statuses(archive)).toEqual(statuses(folder));
    expect(archive.findings.map(({ code, severity }) => `${code} ${severity}`)).toEqual(
      folder.findings.map(({ code, severity }) => `${code} ${severity}`),
    );
  });
});
