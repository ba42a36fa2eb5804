/**
 * `k8s-pki audit DIR --policy FILE` end to end: a 90-day leaf policy turns a kubeadm node's one-year
 * leaves into POLICY_LEAF_LIFETIME findings in every output format, the report records the policy,
 * the default raises nothing on the same node, and a bad policy file is a usage error (exit 2).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_NOW, fixtureDir } from "../lib/test-support/fixtures";
import { main } from "./main";
import { parseCliArgs } from "./parse-args";

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    clock: () => new Date(FIXTURE_NOW),
  });
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), "k8s-pki-policy-"));
const policyFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const NINETY = policyFile("ninety.yaml", "name: ninety-days\nleaf:\n  maxDays: 90\n");
const audit = (format: string, policy?: string, ...more: string[]) =>
  cli([
    "audit",
    fixtureDir("healthy"),
    "--format",
    format,
    "--now",
    FIXTURE_NOW,
    ...(policy ? ["--policy", policy] : []),
    ...more,
  ]);

describe("--policy: a 90-day leaf maximum on a kubeadm node", () => {
  it("json: the findings and the policy that judged them", async () => {
    const run = await audit("json", NINETY);
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as {
      findings: { code: string; detail: string; files: string[] }[];
      policy?: { name: string };
    };
    const found = report.findings.filter((f) => f.code === "POLICY_LEAF_LIFETIME");
    expect(found.map((f) => f.files[0])).toContain("etc/kubernetes/pki/apiserver.crt");
    expect(found[0]?.detail).toMatch(/the policy "ninety-days" \(leaf\.maxDays: 90\)/);
    expect(report.policy).toEqual({ name: "ninety-days", leaf: { maxDays: 90 } });
    // Warnings: the default --fail-on error passes, --fail-on warning fails.
    expect(run.code).toBe(0);
    expect((await audit("json", NINETY, "--fail-on", "warning")).code).toBe(1);
  });

  it.each([
    { format: "table", want: /POLICY_LEAF_LIFETIME/ },
    { format: "markdown", want: /POLICY_LEAF_LIFETIME/ },
    { format: "sarif", want: /"ruleId": "POLICY_LEAF_LIFETIME"/ },
    { format: "junit", want: /POLICY_LEAF_LIFETIME/ },
    {
      format: "prometheus",
      want: /k8s_pki_findings\{code="POLICY_LEAF_LIFETIME",severity="warning"\} [1-9]/,
    },
  ])("$format shows them", async ({ format, want }) => {
    const run = await audit(format, NINETY);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(want);
    const without = await audit(format);
    expect(without.stdout).not.toMatch(want);
  });

  it("the default policy raises nothing on the same node; Prometheus still has a zero series per code", async () => {
    const json = JSON.parse((await audit("json")).stdout) as {
      findings: { code: string }[];
      policy?: unknown;
    };
    expect(json.findings.filter((f) => f.code.startsWith("POLICY_"))).toEqual([]);
    expect(json.policy).toBeUndefined();
    const metrics = (await audit("prometheus")).stdout;
    for (const code of [
      "POLICY_LEAF_LIFETIME",
      "POLICY_CA_LIFETIME",
      "POLICY_RSA_BITS",
      "POLICY_CURVE",
      "POLICY_SIGNATURE_ALGORITHM",
      "POLICY_EXPIRY_WINDOW",
      "POLICY_EKU",
      "KUBEADM_VALIDITY_PERIOD",
    ])
      expect(metrics).toContain(`k8s_pki_findings{code="${code}",severity="warning"} 0`);
  });

  it("the shipped strict policy judges the node too", async () => {
    const run = await audit("json", join(fixtureDir("healthy"), "../../../docs/policies/strict.yaml"));
    const codes = new Set(
      (JSON.parse(run.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code),
    );
    expect([...codes].filter((c) => c.startsWith("POLICY_")).sort()).toEqual([
      "POLICY_CA_LIFETIME",
      "POLICY_LEAF_LIFETIME",
      "POLICY_RSA_BITS",
    ]);
  });
});

describe("--policy: a bad policy is a usage error", () => {
  it.each([
    {
      name: "unknown key",
      file: () => policyFile("typo.yaml", "leaf:\n  maxDay: 90\n"),
      want: /--policy '.*typo\.yaml': unknown key 'leaf\.maxDay'/,
    },
    {
      name: "bad value",
      file: () => policyFile("bad.yaml", "keys:\n  minRsaBits: lots\n"),
      want: /'keys\.minRsaBits' must be a whole number/,
    },
    { name: "not YAML", file: () => policyFile("broken.yaml", "leaf: [\n"), want: /not YAML/ },
    {
      name: "missing file",
      file: () => join(dir, "absent.yaml"),
      want: /cannot read --policy '.*absent\.yaml' \(ENOENT\)/,
    },
    { name: "a folder", file: () => dir, want: /cannot read --policy/ },
    {
      name: "huge file",
      file: () => policyFile("huge.yaml", `# ${"x".repeat(200_000)}\n`),
      want: /larger than 65536 bytes/,
    },
  ])("$name", async ({ file, want }) => {
    const run = await audit("json", file());
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(want);
  });

  it("--policy needs its file", async () => {
    const run = await cli(["audit", fixtureDir("healthy"), "--policy"]);
    expect(run.code).toBe(2);
  });
});

describe("--policy in the grammar", () => {
  it("is audit's, kept as the file to read", () => {
    expect(parseCliArgs(["audit", "dir", "--policy", "p.yaml"])).toMatchObject({
      kind: "audit",
      policyFile: "p.yaml",
    });
    expect(parseCliArgs(["audit", "dir"])).not.toHaveProperty("policyFile");
  });

  it("is refused where it judges nothing", () => {
    expect(parseCliArgs(["generate", "healthy", "out", "--policy", "p.yaml"])).toMatchObject({
      kind: "usage-error",
    });
    expect(parseCliArgs(["plan-rotation", "cluster-ca", "dir", "--policy", "p.yaml"])).toEqual({
      kind: "usage-error",
      message: "option '--policy' is not for 'plan-rotation'",
    });
  });
});
