/**
 * A control plane run from systemd units judges like the same one run from static pods: the
 * healthy fixture's kube-apiserver moved into a Kubernetes-the-Hard-Way style unit (certificates
 * copied under /var/lib/kubernetes/, one path through a drop-in's variable and an EnvironmentFile).
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import type { Report } from "../report";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";
import { utf8 } from "../test-support/pki-material";

const MANIFEST = "etc/kubernetes/manifests/kube-apiserver.yaml";

/** The manifest's `- --flag=value` command lines. */
function manifestFlags(yaml: string): string[] {
  return [...yaml.matchAll(/^\s*- (--[a-z0-9-]+=\S+)$/gm)].map((m) => m[1] ?? "");
}

function asUnit(files: InputFile[]): InputFile[] {
  const manifest = files.find((f) => f.path === MANIFEST);
  if (!manifest) throw new Error("healthy fixture without an apiserver manifest");
  const flags = manifestFlags(new TextDecoder().decode(manifest.bytes)).map((flag) =>
    flag.replace("=/etc/kubernetes/pki/", "=${PKI}/"),
  );
  const copies = files
    .filter((f) => f.path.startsWith("etc/kubernetes/pki/"))
    .map((f) => ({ path: f.path.replace("etc/kubernetes/pki/", "var/lib/kubernetes/"), bytes: f.bytes }));
  // The serving pair comes from the environment file, as $APISERVER_TLS (split into two words).
  const withoutServing = flags.filter((f) => !/^--tls-(cert|private-key)-file=/.test(f));
  const unit = [
    "[Unit]",
    "Description=Kubernetes API Server",
    "",
    "[Service]",
    `ExecStart=/usr/local/bin/kube-apiserver \\`,
    ...withoutServing.map((f) => `  ${f} \\`),
    "  $APISERVER_TLS",
    "Restart=on-failure",
    "",
    "[Install]",
    "WantedBy=multi-user.target",
    "",
  ].join("\n");
  return [
    ...files.filter((f) => f.path !== MANIFEST),
    ...copies,
    { path: "etc/systemd/system/kube-apiserver.service", bytes: utf8(unit) },
    {
      path: "etc/systemd/system/kube-apiserver.service.d/10-pki.conf",
      bytes: utf8(
        '[Service]\nEnvironment="PKI=/var/lib/kubernetes"\nEnvironmentFile=/etc/default/kube-apiserver\n',
      ),
    },
    {
      path: "etc/default/kube-apiserver",
      bytes: utf8(
        'APISERVER_TLS="--tls-cert-file=/var/lib/kubernetes/apiserver.crt --tls-private-key-file=/var/lib/kubernetes/apiserver.key"\n',
      ),
    },
  ];
}

const statuses = (report: Report) => report.relationships.map((r) => ({ key: r.key, status: r.status }));
const codes = (report: Report) => [...new Set(report.findings.map((f) => `${f.severity} ${f.code}`))].sort();

describe("kube-apiserver from a systemd unit", () => {
  it("gives the same relationship statuses and findings as the equivalent static pod", async () => {
    const files = readTree(fixtureDir("healthy"));
    const pod = await analyze(files, { now: FIXTURE_NOW });
    const unit = await analyze(asUnit(files), { now: FIXTURE_NOW });
    expect(statuses(unit)).toEqual(statuses(pod));
    expect(codes(unit)).toEqual(codes(pod));
    expect(statuses(pod).length).toBeGreaterThan(5);
    const apiserver = unit.components.find((c) => c.id === "kube-apiserver");
    expect(apiserver?.sources).toContain("etc/systemd/system/kube-apiserver.service");
  });

  it("judges the unit's files: a broken serving certificate in /var/lib/kubernetes turns apiserver-serving red", async () => {
    const files = asUnit(readTree(fixtureDir("healthy")));
    const swapped = files.map((f) =>
      f.path === "var/lib/kubernetes/apiserver.crt"
        ? {
            path: f.path,
            bytes:
              files.find((g) => g.path === "var/lib/kubernetes/front-proxy-client.crt")?.bytes ?? f.bytes,
          }
        : f,
    );
    const report = await analyze(swapped, { now: FIXTURE_NOW });
    const serving = report.relationships.filter((r) => r.id === "apiserver-serving");
    expect(serving.some((r) => r.status === "error")).toBe(true);
  });
});
