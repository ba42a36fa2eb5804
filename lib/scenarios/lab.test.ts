/**
 * Every scenario's LAB.md, on the files the scenario really generates: 3–5 commands, every path they
 * name among the files, and the answer folded at the end with nothing of it above; the healthy
 * cluster's LAB.md offers the same commands on its own files. (Running the commands: cli/lab-commands.test.ts.)
 */
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { DEMO_JUDGE_AT } from "../generate/demo-cluster";
import { REPO_ROOT, readTree } from "../test-support/fixtures";
import { SCENARIOS } from "./catalogue";
import { generateScenario } from "./generate-scenario";
import { LAB_ATTIME, LAB_AUDIT, LAB_DATE, labCommands, labMarkdown, labStepCommand } from "./lab";
import type { ScenarioChoice } from "./scenario";

const demoFiles = readTree(join(REPO_ROOT, "e2e", "fixtures", "demo"));
const ANSWER = "<details><summary>Answer</summary>";
const paths = new Map<ScenarioChoice, string[]>();

beforeAll(async () => {
  for (const choice of ["healthy" as const, ...SCENARIOS.map((scenario) => scenario.id)]) {
    const files = await generateScenario(choice, { crypto: globalThis.crypto, keyFiles: demoFiles });
    paths.set(
      choice,
      files.map((file) => file.path),
    );
  }
});

function pathsOf(choice: ScenarioChoice): string[] {
  const found = paths.get(choice);
  if (!found) throw new Error(`${choice} not generated`);
  return found;
}

/** The command lines of a LAB.md: the body of each ```sh block. */
function commandsOf(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n {3}(.*)\n {3}```/g)].map((match) => match[1] ?? "");
}

/** Every node path a text names (`control-1/…`, `worker-1/…`). */
function pathsNamed(text: string): string[] {
  return [...text.matchAll(/\b(?:control-1|worker-1)\/[\w./-]+/g)].map((match) => match[0]);
}

describe("LAB.md of each scenario", () => {
  it.each(SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))("$id", ({ id, scenario }) => {
    const files = pathsOf(id);
    const markdown = labMarkdown(scenario, files, "broken");
    const commands = commandsOf(markdown);
    expect(commands.length).toBeGreaterThanOrEqual(3);
    expect(commands.length).toBeLessThanOrEqual(5);
    // Every step's command is there, the audit last.
    expect(commands).toEqual([...scenario.lab.map(labStepCommand), LAB_AUDIT]);
    expect(markdown).toContain("Something in this cluster's TLS is broken.");

    for (const path of pathsNamed(markdown)) expect(files, path).toContain(path);

    const [above, below, ...more] = markdown.split(ANSWER);
    expect(more).toEqual([]);
    expect(below?.trimEnd().endsWith("</details>")).toBe(true);
    const edge = scenario.relationshipKey ?? scenario.relationship;
    // The answer is below…
    for (const part of [scenario.title, edge, scenario.userSees, scenario.fix]) expect(below).toContain(part);
    // …and nothing of it above: no title, teaching, error, fix or what a command reveals; the
    // relationship's name only inside a file's path.
    const revealed = scenario.lab.flatMap((step) => (step.reveals ? [step.reveals] : []));
    for (const part of [
      scenario.title,
      scenario.teaches,
      scenario.userSees,
      scenario.where,
      scenario.fix,
      ...revealed,
    ])
      expect(above).not.toContain(part);
    let withoutPaths = above ?? "";
    for (const path of pathsNamed(withoutPaths)) withoutPaths = withoutPaths.replace(path, "");
    expect(withoutPaths).not.toContain(edge);
    expect(withoutPaths).not.toContain(scenario.relationship);
    expect(withoutPaths).not.toContain(scenario.id);
  });
});

describe("LAB.md of the healthy cluster", () => {
  it.each(SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))(
    "after $id is fixed",
    ({ scenario }) => {
      const files = pathsOf("healthy");
      const markdown = labMarkdown(scenario, files, "healthy");
      expect(markdown).toContain("This is the healthy cluster");
      expect(markdown).not.toContain(ANSWER);
      const commands = commandsOf(markdown);
      expect(commands.length).toBeGreaterThanOrEqual(3);
      expect(commands.length).toBeLessThanOrEqual(5);
      for (const path of pathsNamed(markdown)) expect(files, path).toContain(path);
      // The same commands as the broken lab's, but for those reading a file the fault added.
      const broken = labCommands(scenario).map((command) => command.command);
      expect(broken).toEqual(expect.arrayContaining(commands));
    },
  );

  it("leaves out the file only the fault wrote (bootstrap-kubelet.conf)", () => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === "bootstrap-token-left");
    if (!scenario) throw new Error("no bootstrap-token-left");
    expect(labMarkdown(scenario, pathsOf("bootstrap-token-left"), "broken")).toContain(
      "bootstrap-kubelet.conf",
    );
    expect(labMarkdown(scenario, pathsOf("healthy"), "healthy")).not.toContain("bootstrap-kubelet.conf");
  });
});

describe("the commands", () => {
  it("judge at the demo's date", () => {
    expect(`${LAB_DATE}T00:00:00Z`).toBe(DEMO_JUDGE_AT);
    expect(LAB_ATTIME).toBe(Date.parse(DEMO_JUDGE_AT) / 1000);
  });

  it("are written as people type them", () => {
    const pki = "control-1/etc/kubernetes/pki";
    expect(
      labStepCommand({
        kind: "verify",
        ca: { file: `${pki}/etcd/ca.crt` },
        cert: { file: `${pki}/apiserver-etcd-client.crt` },
        broken: "fails",
        why: "",
      }),
    ).toBe(`openssl verify -attime 1780272000 -CAfile ${pki}/etcd/ca.crt ${pki}/apiserver-etcd-client.crt`);
    expect(
      labStepCommand({
        kind: "show",
        source: { file: `${pki}/apiserver.crt` },
        fields: ["subject", "issuer", "dates", "san", "aki"],
        why: "",
      }),
    ).toBe(
      `openssl x509 -noout -subject -issuer -dates -ext subjectAltName,authorityKeyIdentifier -in ${pki}/apiserver.crt`,
    );
    expect(
      labStepCommand({
        kind: "verify",
        ca: { kubeconfig: "control-1/etc/kubernetes/admin.conf", field: "ca" },
        cert: { file: `${pki}/apiserver.crt` },
        broken: "fails",
        why: "",
      }),
    ).toBe(
      "kubectl config view --raw --kubeconfig control-1/etc/kubernetes/admin.conf " +
        "-o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d | " +
        `openssl verify -attime 1780272000 -CAfile /dev/stdin ${pki}/apiserver.crt`,
    );
    expect(
      labStepCommand({
        kind: "same-key",
        key: `${pki}/sa.key`,
        with: `${pki}/sa.pub`,
        broken: "fails",
        why: "",
      }),
    ).toBe(
      `openssl pkey -pubout -in ${pki}/sa.key | openssl sha256; openssl pkey -pubin -in ${pki}/sa.pub | openssl sha256`,
    );
  });

  it("refuse what they cannot say safely: a path to quote, two kubeconfigs in one verify", () => {
    expect(() =>
      labStepCommand({ kind: "show", source: { file: "my certs/ca.crt" }, fields: ["subject"], why: "" }),
    ).toThrow(/quoting/);
    expect(() =>
      labStepCommand({ kind: "grep", file: "control-1/x.yaml", pattern: "it's", why: "" }),
    ).toThrow(/quoting/);
    const admin = { kubeconfig: "control-1/etc/kubernetes/admin.conf", field: "ca" } as const;
    expect(() =>
      labStepCommand({
        kind: "verify",
        ca: admin,
        cert: { ...admin, field: "client" },
        broken: "ok",
        why: "",
      }),
    ).toThrow(/at most one/);
  });
});
