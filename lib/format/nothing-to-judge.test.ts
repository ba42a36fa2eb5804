import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { fixtureDir, readTree } from "../test-support/fixtures";
import { sampleFile, utf8 } from "../test-support/pki-material";
import { nothingToJudge, nothingToJudgePhrase } from "./nothing-to-judge";

const NOW = "2026-12-01T00:00:00Z";
const text = (path: string, content: string): InputFile => ({ path, bytes: utf8(content) });
const README = text("README.md", "# notes about the cluster\n");
const LOG = text("logs/kubelet.log", "I1201 kubelet started\n");
const KUBELET_CONFIG = text(
  "var/lib/kubelet/config.yaml",
  "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n",
);

describe("nothingToJudge", () => {
  const cases: { name: string; files: () => InputFile[]; want: boolean; phrase?: string }[] = [
    {
      name: "no files at all",
      files: () => [],
      want: true,
      phrase: "no certificates or kubeconfigs in 0 files",
    },
    {
      name: "a README and a log",
      files: () => [README, LOG],
      want: true,
      phrase: "no certificates or kubeconfigs in 2 files",
    },
    {
      name: "a kubelet config alone names files but holds none",
      files: () => [KUBELET_CONFIG, README],
      want: true,
    },
    {
      name: "a truncated certificate is a finding, not material",
      files: () => [text("ca.crt", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")],
      want: true,
    },
    { name: "one real certificate", files: () => [sampleFile("pki/ca.crt"), README], want: false },
    { name: "one real key", files: () => [sampleFile("pki/sa.key")], want: false },
    { name: "a kubeconfig", files: () => [sampleFile("admin.conf")], want: false },
    { name: "a static-pod manifest", files: () => [sampleFile("manifests/etcd.yaml")], want: false },
    {
      name: "a generic mutual-TLS folder",
      files: () => readTree(fixtureDir("layouts/generic-mtls")),
      want: false,
    },
  ];
  it.each(cases)("$name → $want", async ({ files, want, phrase }) => {
    const report = await analyze(files(), { now: NOW });
    expect(nothingToJudge(report)).toBe(want);
    if (phrase) expect(nothingToJudgePhrase(report)).toBe(phrase);
  });
});
