import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURE_NOW, fixtureDir, problems, readTree } from "../test-support/fixtures";

interface Kubeconfig {
  clusters: { cluster: Record<string, string> }[];
  users: { user: { exec?: { apiVersion: string } } }[];
}

const USER_CONFIG = "home/admin/.kube/config";
const node = readTree(fixtureDir("exec-v1alpha1-kubeconfig"));

function read(path: string): Kubeconfig {
  const file = node.find((f) => f.path === path);
  if (!file) throw new Error(`${path} missing from the fixture`);
  return parse(new TextDecoder().decode(file.bytes)) as Kubeconfig;
}

const clusterCaData = read("etc/kubernetes/admin.conf").clusters[0]?.cluster["certificate-authority-data"];

/** The node with its EKS-style user kubeconfig changed (exec kept at a current apiVersion). */
function withUserConfig(edit: (cluster: Record<string, string>) => void): InputFile[] {
  const config = read(USER_CONFIG);
  const cluster = config.clusters[0]?.cluster;
  const exec = config.users[0]?.user.exec;
  if (!cluster || !exec) throw new Error("unexpected kubeconfig shape");
  exec.apiVersion = "client.authentication.k8s.io/v1beta1";
  edit(cluster);
  const bytes = new TextEncoder().encode(stringify(config));
  return node.map((f) => (f.path === USER_CONFIG ? { path: f.path, bytes } : f));
}

describe("which user kubeconfigs are judged against this apiserver's certificate", () => {
  it.each([
    { name: "another cluster's server and CA: left out", edit: () => {}, want: [] },
    {
      name: "this cluster's address with a foreign CA: a CA mismatch",
      edit: (c: Record<string, string>) => (c.server = "https://10.0.0.10:6443"),
      want: ["KUBECONFIG_CA_MISMATCH"],
    },
    {
      name: "this cluster's CA with an address the certificate lacks: a missing SAN",
      edit: (c: Record<string, string>) => (c["certificate-authority-data"] = clusterCaData ?? ""),
      want: ["SAN_MISSING"],
    },
  ])("$name", async ({ edit, want }) => {
    const report = await analyze(withUserConfig(edit), { now: FIXTURE_NOW });
    const found = problems(report);
    expect(
      found.map((f) => f.code),
      JSON.stringify(found, null, 2),
    ).toEqual(want);
    for (const finding of found) {
      expect(finding.relationship).toBe("apiserver-serving");
      expect(`${finding.files.join(" ")} ${finding.detail}`).toContain(USER_CONFIG);
    }
  });
});
