/**
 * A lab whose commands do not work is a defect: every scenario is generated on the demo's files and
 * written to a folder with its LAB.md, and every command of that LAB.md is run there by `sh`, as a
 * student pastes it — openssl, base64 and grep, kubectl where it is installed, and the audit through
 * the bundle (`npx k8s-pki-explorer` is that bundle, packaged). Each must come out as the lab says:
 * a verification fails exactly where the lab says it will, a key pair's digests differ exactly where
 * it says so, a certificate shows every field asked for. The healthy cluster runs each lab's commands
 * too, and every verification passes there but the one the lab says fails when healthy.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { InputFile } from "../lib/inventory";
import { REPO_ROOT, readTree } from "../lib/test-support/fixtures";
import { SCENARIOS } from "../lib/scenarios/catalogue";
import { generateScenario } from "../lib/scenarios/generate-scenario";
import { LAB_AUDIT, type LabVariant, labCommands, labMarkdown } from "../lib/scenarios/lab";
import type { LabCertField, LabStep } from "../lib/scenarios/lab-step";
import type { Scenario, ScenarioChoice } from "../lib/scenarios/scenario";
import { CLI_BIN } from "./test-support/run-cli";

const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));
const HAS_KUBECTL = spawnSync("kubectl", ["version", "--client"], { stdio: "ignore" }).status === 0;
/** What openssl x509 prints for each field a lab asks for. */
const FIELD_MARK: Record<LabCertField, string> = {
  subject: "subject=",
  issuer: "issuer=",
  dates: "notAfter=",
  fingerprint: "Fingerprint=",
  san: "X509v3 Subject Alternative Name",
  ski: "X509v3 Subject Key Identifier",
  aki: "X509v3 Authority Key Identifier",
};

let root: string;
let healthyAudited = false;
const folders = new Map<ScenarioChoice, string>();

async function writeChoice(choice: ScenarioChoice): Promise<{ dir: string; files: InputFile[] }> {
  const files = await generateScenario(choice, { crypto: globalThis.crypto, keyFiles: demoFiles });
  const dir = join(root, choice);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.bytes);
  }
  folders.set(choice, dir);
  return { dir, files };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "k8s-pki-lab-"));
  await writeChoice("healthy");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The command as the student pastes it into sh, in the lab's folder; the audit through the bundle. */
function run(command: string, dir: string) {
  const line =
    command === LAB_AUDIT
      ? command.replace("npx --yes k8s-pki-explorer", `"${process.execPath}" "${CLI_BIN}"`)
      : command;
  const result = spawnSync("sh", ["-c", line], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Checks one step's output against what the lab says it shows. */
function expectStep(step: LabStep, variant: LabVariant, out: ReturnType<typeof run>, label: string): void {
  switch (step.kind) {
    case "verify": {
      const verdict = variant === "healthy" ? (step.healthy ?? "ok") : step.broken;
      expect(out.status, `${label}\n${out.stdout}${out.stderr}`).toBe(verdict === "ok" ? 0 : 2);
      if (verdict === "ok") expect(out.stdout, label).toMatch(/: OK\n$/);
      return;
    }
    case "same-key": {
      expect(out.status, `${label}\n${out.stderr}`).toBe(0);
      const digests = out.stdout.trim().split("\n");
      expect(digests, label).toHaveLength(2);
      const equal = digests[0] === digests[1];
      expect(equal, label).toBe(variant === "healthy" || step.broken === "ok");
      return;
    }
    case "show":
      expect(out.status, `${label}\n${out.stderr}`).toBe(0);
      for (const field of step.fields) expect(out.stdout, label).toContain(FIELD_MARK[field]);
      return;
    case "grep":
      expect(out.status, `${label}\n${out.stderr}`).toBe(0);
      expect(out.stdout, label).toContain(step.pattern);
      return;
    case "count": {
      expect(out.status, `${label}\n${out.stderr}`).toBe(0);
      const count = Number(out.stdout.trim());
      expect(count, label).toBeGreaterThan(0);
      const said = /^\d+/.exec(step.reveals ?? "")?.[0];
      if (variant === "broken" && said) expect(count, label).toBe(Number(said));
    }
  }
}

/** Runs every command of a LAB.md in its folder; returns how many ran. */
function runLab(scenario: Scenario, variant: LabVariant, dir: string, files: readonly InputFile[]): number {
  const paths = files.map((file) => file.path);
  writeFileSync(join(dir, "LAB.md"), labMarkdown(scenario, paths, variant));
  let ran = 0;
  for (const { command, step } of labCommands(scenario, paths)) {
    if (command.startsWith("kubectl") && !HAS_KUBECTL) continue;
    // The healthy cluster's audit is one and the same for every lab: run once.
    if (!step && variant === "healthy" && healthyAudited) continue;
    if (!step && variant === "healthy") healthyAudited = true;
    const out = run(command, dir);
    const label = `${scenario.id} (${variant}): ${command}`;
    ran += 1;
    if (step) expectStep(step, variant, out, label);
    else {
      // The audit: exit 1 where the scenario has an error, 0 on warnings alone and when healthy,
      // and the scenario's findings named; LAB.md beside the files is skipped, not a fault.
      const errors = variant === "broken" && scenario.expect.some((finding) => finding.severity === "error");
      expect(out.status, `${label}\n${out.stderr}`).toBe(errors ? 1 : 0);
      if (variant === "broken")
        for (const finding of scenario.expect) expect(out.stdout, label).toContain(finding.code);
    }
  }
  return ran;
}

describe("every command of every LAB.md runs as the lab says", () => {
  it.each(SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))(
    "$id, broken and healthy",
    async ({ id, scenario }) => {
      const { dir, files } = await writeChoice(id);
      expect(runLab(scenario, "broken", dir, files)).toBeGreaterThanOrEqual(HAS_KUBECTL ? 3 : 2);
      const healthy = folders.get("healthy") ?? "";
      const healthyFiles = readTree(healthy).filter((file) => file.path !== "LAB.md");
      expect(runLab(scenario, "healthy", healthy, healthyFiles)).toBeGreaterThanOrEqual(2);
    },
  );

  it("fails a lab whose verification does not come out as it says", async () => {
    // The etcd client's verification stated the wrong way round: the run must refuse it.
    const scenario = SCENARIOS.find((candidate) => candidate.id === "wrong-ca-etcd-client");
    if (!scenario) throw new Error("no wrong-ca-etcd-client");
    const wrong: Scenario = {
      ...scenario,
      lab: scenario.lab.map((step) => (step.kind === "verify" ? { ...step, broken: "ok" as const } : step)),
    };
    const { dir, files } = await writeChoice("wrong-ca-etcd-client");
    expect(() => runLab(wrong, "broken", dir, files)).toThrow(/apiserver-etcd-client\.crt/);
  });
});
