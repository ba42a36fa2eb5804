/**
 * The lint rules that keep lib/ a pure core must actually fire: run ESLint with the project's config
 * on code placed (virtually) in lib/ and in components/.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("lib/ purity rules", () => {
  it.each([
    { name: "React", code: 'import { useState } from "react";\nexport const x = useState;\n' },
    { name: "Next", code: 'import Link from "next/link";\nexport const x = Link;\n' },
    { name: "d3", code: 'import { select } from "d3-selection";\nexport const x = select;\n' },
    { name: "node:fs", code: 'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n' },
    { name: "fs", code: 'import fs from "fs";\nexport const x = fs;\n' },
  ])("rejects importing $name in lib/", async ({ code }) => {
    expect(await ruleIds(code, "lib/ingest/example.ts")).toContain("no-restricted-imports");
  });

  it.each([
    { name: "document", code: "export const x = () => document.title;\n", rule: "no-restricted-globals" },
    { name: "window", code: "export const x = () => window.location.href;\n", rule: "no-restricted-globals" },
    { name: "new Date()", code: "export const x = () => new Date();\n", rule: "no-restricted-syntax" },
    { name: "Date.now()", code: "export const x = () => Date.now();\n", rule: "no-restricted-syntax" },
    { name: "Math.random()", code: "export const x = () => Math.random();\n", rule: "no-restricted-syntax" },
    { name: "any", code: "export const x = (v: any) => v;\n", rule: "@typescript-eslint/no-explicit-any" },
  ])("rejects $name in lib/", async ({ code, rule }) => {
    expect(await ruleIds(code, "lib/checks/example.ts")).toContain(rule);
  });

  it.each([
    { name: "push(...)", code: "export const x = (a: number[], b: number[]) => a.push(...b);\n" },
    { name: "Math.max(...)", code: "export const x = (a: number[]) => Math.max(...a);\n" },
  ])("rejects spreading an array into $name in lib/, cli/ and components/", async ({ code }) => {
    for (const file of ["lib/ingest/example.ts", "cli/example.ts", "components/graph/example.ts"])
      expect(await ruleIds(code, file), file).toContain("no-restricted-syntax");
  });

  it("allows the same imports outside lib/ and in lib/ tests", async () => {
    const code = 'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n';
    expect(await ruleIds(code, "cli/example.ts")).not.toContain("no-restricted-imports");
    expect(await ruleIds(code, "lib/ingest/example.test.ts")).not.toContain("no-restricted-imports");
  });

  it("accepts a pure lib/ module", async () => {
    expect(
      await ruleIds('export const parse = (s: string) => s.split(",");\n', "lib/cluster/example.ts"),
    ).toEqual([]);
  });
});

describe("the direction of the data flow", () => {
  it.each([
    { file: "lib/pki/example.ts", from: "../ingest/parse-pem" },
    { file: "lib/pki/example.ts", from: "../cluster/model" },
    { file: "lib/pki/example.ts", from: "../checks/key-mismatch" },
    { file: "lib/pki/example.ts", from: "../engine/describe" },
    { file: "lib/cluster/example.ts", from: "../checks/index" },
    { file: "lib/cluster/example.ts", from: "../engine/rule" },
    { file: "lib/cluster/deep/example.ts", from: "../../engine/rule" },
    { file: "lib/engine/example.ts", from: "../checks/index" },
    { file: "lib/plan/example.ts", from: "../engine/describe" },
    { file: "lib/plan/example.ts", from: "../checks/cert-expired" },
    { file: "lib/ingest/example.ts", from: "@/components/test-ids" },
    { file: "lib/format/example.ts", from: "../../components/test-ids" },
    { file: "components/graph/example.ts", from: "../../lib/report" },
    { file: "app/example.tsx", from: "../lib/report" },
    { file: "components/shared/example.ts", from: "../../lib/report" },
    { file: "components/shared/example.ts", from: "@/components/graph/graph-style" },
    { file: "components/shared/example.tsx", from: "../timeline/timeline-model" },
  ])("rejects $from in $file", async ({ file, from }) => {
    const code = `import { x } from "${from}";\nexport const y = x;\n`;
    expect(await ruleIds(code, file)).toContain("no-restricted-imports");
  });

  it.each([
    { file: "lib/pki/example.ts", from: "../inventory" },
    { file: "lib/pki/example.ts", from: "../shared/result" },
    { file: "lib/cluster/example.ts", from: "../pki/key-match" },
    { file: "lib/checks/example.ts", from: "../cluster/model" },
    { file: "lib/checks/example.ts", from: "../engine/rule" },
    { file: "lib/engine/example.ts", from: "../cluster/model" },
    { file: "lib/plan/example.ts", from: "../cluster/kubeadm-renew" },
    { file: "components/graph/example.ts", from: "@/lib/report" },
    { file: "components/graph/example.ts", from: "@/components/shared/svg-button" },
    { file: "components/shared/example.ts", from: "@/lib/report" },
    { file: "components/shared/example.ts", from: "./svg-button" },
    { file: "components/shared/example.ts", from: "@/components/shared/icons" },
  ])("allows $from in $file", async ({ file, from }) => {
    const code = `import { x } from "${from}";\nexport const y = x;\n`;
    expect(await ruleIds(code, file)).not.toContain("no-restricted-imports");
  });
});
