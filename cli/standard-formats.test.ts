/**
 * `--format sarif|junit|prometheus` end to end: the real analysis of fixture folders, printed by the
 * CLI, is byte for byte what the formatter makes of the same report, and the exit code is still
 * `--fail-on`'s (a CI job keeps failing on what it failed on before).
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../lib/analyze";
import { formatStandard, STANDARD_FORMATS, type StandardFormat } from "../lib/format/standard-formats";
import { FIXTURE_NOW, fixtureDir, readTree } from "../lib/test-support/fixtures";
import { main } from "./main";

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

const cases = ["healthy", "expired-apiserver"].flatMap((fixture) =>
  STANDARD_FORMATS.map((format) => ({ fixture, format })),
);

describe("--format sarif, junit and prometheus", () => {
  it.each(cases)(
    "$fixture as $format: the formatter's bytes for the analysed report",
    async ({ fixture, format }) => {
      const dir = fixtureDir(fixture);
      const run = await cli(["audit", dir, "--format", format, "--now", FIXTURE_NOW]);
      const report = await analyze(readTree(dir), { now: FIXTURE_NOW });
      expect(run.stdout).toBe(formatStandard(report, format));
      expect(run.stderr).toBe("");
      // Exit codes are --fail-on's, whatever the format: the expired apiserver certificate is an error.
      expect(run.code).toBe(fixture === "healthy" ? 0 : 1);
    },
  );

  it.each<{ format: StandardFormat; failOn: string; want: number }>([
    { format: "sarif", failOn: "warning", want: 1 },
    { format: "junit", failOn: "error", want: 0 },
    { format: "prometheus", failOn: "warning", want: 1 },
  ])("a warning fails $format only with --fail-on warning", async ({ format, failOn, want }) => {
    const run = await cli([
      "audit",
      fixtureDir("expires-soon-etcd-client"),
      "--format",
      format,
      "--fail-on",
      failOn,
      "--now",
      FIXTURE_NOW,
    ]);
    expect(run.code).toBe(want);
    expect(run.stdout.length).toBeGreaterThan(100);
  });
});
