import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { openssl, readBytes, tempDir } from "../test-support/pki-material";

// SAN_DRIFT on the kind HA fixture: kind-control-plane3's apiserver.crt reissued (openssl, same
// key, same cluster CA) without the load balancer's name the other two members carry.

const NOW = "2026-12-01T00:00:00Z";
const PKI = "kind-control-plane3/etc/kubernetes/pki";

function reissuedWithout(files: InputFile[], dropped: string): Uint8Array {
  const dir = tempDir();
  for (const name of ["apiserver.crt", "apiserver.key", "ca.crt", "ca.key"]) {
    const file = files.find((candidate) => candidate.path === `${PKI}/${name}`);
    if (!file) throw new Error(`kind-ha lacks ${PKI}/${name}`);
    writeFileSync(join(dir, name), file.bytes);
  }
  const sans = new TextDecoder()
    .decode(openssl(["x509", "-in", "apiserver.crt", "-noout", "-ext", "subjectAltName"], dir))
    .split("\n")[1]
    ?.trim()
    .split(", ")
    .filter((san) => san !== `DNS:${dropped}`)
    .map((san) => san.replace("IP Address:", "IP:"));
  writeFileSync(
    join(dir, "ext.cnf"),
    `subjectAltName=${(sans ?? []).join(",")}\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature,keyEncipherment\n`,
  );
  openssl(["req", "-new", "-key", "apiserver.key", "-subj", "/CN=kube-apiserver", "-out", "req.csr"], dir);
  openssl(
    [
      "x509",
      "-req",
      "-in",
      "req.csr",
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-set_serial",
      "4242",
      "-days",
      "365",
    ].concat(["-extfile", "ext.cnf", "-out", "new.crt"]),
    dir,
  );
  return readBytes(dir, "new.crt");
}

describe("SAN_DRIFT", () => {
  const healthy = readTree(fixtureDir("layouts/kind-ha"));
  const cases = [
    {
      name: "the healthy kind HA cluster (each member names itself)",
      files: () => healthy,
      want: [] as string[],
    },
    {
      name: "a member whose apiserver.crt lacks the load balancer's name",
      files: () => {
        const bytes = reissuedWithout(healthy, "kind-external-load-balancer");
        return healthy.map((file) => (file.path === `${PKI}/apiserver.crt` ? { ...file, bytes } : file));
      },
      want: [`${PKI}/apiserver.crt`],
    },
  ];
  for (const { name, files, want } of cases)
    it(name, async () => {
      const report = await analyze(files(), { now: NOW });
      const found = report.findings.filter((finding) => finding.code === "SAN_DRIFT");
      expect(found.map((finding) => finding.files[0])).toEqual(want);
      for (const finding of found) {
        expect(finding.severity).toBe("warning");
        expect(finding.title).toBe(
          "kind-control-plane3's kube-apiserver certificate lacks kind-external-load-balancer, which the other control planes' carry",
        );
        expect(finding.relationship).toBe("apiserver-serving");
      }
    });
});

describe("SAN_DRIFT's fix names the kubeadm configuration the drop has", () => {
  const healthy = readTree(fixtureDir("layouts/kind-ha"));
  const drifted = () => {
    const bytes = reissuedWithout(healthy, "kind-external-load-balancer");
    return healthy.map((file) => (file.path === `${PKI}/apiserver.crt` ? { ...file, bytes } : file));
  };
  const config = (node: string): InputFile => ({
    path: `${node}/kind/kubeadm.conf`,
    bytes: new TextEncoder().encode(
      "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nkubernetesVersion: v1.29.2\n",
    ),
  });
  it.each([
    {
      name: "none in the drop: a placeholder that is plainly one",
      extra: [],
      want: "--config <your kubeadm config file>",
    },
    {
      name: "one per node: the drifted member's own",
      extra: ["kind-control-plane", "kind-control-plane2", "kind-control-plane3"].map(config),
      want: "--config kind-control-plane3/kind/kubeadm.conf",
    },
  ])("$name", async ({ extra, want }) => {
    const report = await analyze([...drifted(), ...extra], { now: NOW });
    const [finding] = report.findings.filter((f) => f.code === "SAN_DRIFT");
    expect(finding?.fix).toContain(`\`kubeadm init phase certs apiserver ${want}\``);
    expect(finding?.fix).not.toMatch(/<file>|kubeadm\.yaml/);
  });
});
