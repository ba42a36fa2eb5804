/**
 * `k8s-pki audit DIR --format html` as a person runs it: one self-contained file, the formatter's
 * bytes for the analysed report and the input's digest, which `sha256sum` recomputes with the
 * recipe the report's footer and the README give, for a folder and for an archive.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../lib/analyze";
import { formatHtmlReport } from "../lib/format/html-report";
import { liveHtml } from "../lib/format/html-report-safety";
import { DIGEST_RECIPE, inputDigest } from "../lib/format/input-digest";
import { fixtureDir, readTree } from "../lib/test-support/fixtures";
import { runCli } from "./test-support/run-cli";

const ROTATION = fixtureDir("rotation/cluster-ca-2-mistake-worker-skipped");
const NOW = "2026-12-01T00:00:00Z";

/** The recipe's output for `dir`, run by sh with the system's find, sort, xargs and sha256sum. */
function recipeDigest(dir: string): string {
  const script = DIGEST_RECIPE.replace("cd DIR", `cd '${dir}'`);
  return execFileSync("sh", ["-c", script], { encoding: "utf8" }).slice(0, 64);
}

const footerDigest = (html: string): string | undefined =>
  /<dt>SHA-256<\/dt><dd><code>([0-9a-f]{64})</.exec(html)?.[1];

describe("k8s-pki audit --format html", () => {
  it("writes the formatter's document for a folder, its digest the recipe's", async () => {
    const run = await runCli(["audit", ROTATION, "--format", "html", "--now", NOW]);
    // An error-severity finding (the worker skipped in the rotation): exit 1, the report on stdout all the same.
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const files = readTree(ROTATION);
    const report = await analyze(files, { now: NOW });
    const digest = await inputDigest(files, globalThis.crypto);
    expect(run.stdout).toBe(formatHtmlReport(report, { digest }));
    expect(liveHtml(run.stdout)).toEqual([]);
    expect(footerDigest(run.stdout)).toBe(recipeDigest(ROTATION));
  });

  it("names an archive's digest by the archive file, as sha256sum gives it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "k8s-pki-html-"));
    const archive = join(dir, "node.tgz");
    execFileSync("tar", ["-czf", archive, "-C", fixtureDir("healthy"), "."]);
    const run = await runCli(["audit", archive, "--format", "html", "--now", "2026-06-01"]);
    expect(run.code).toBe(0);
    const line = execFileSync("bash", ["-c", `cd '${dir}' && sha256sum node.tgz | sha256sum`], {
      encoding: "utf8",
    });
    expect(footerDigest(run.stdout)).toBe(line.slice(0, 64));
    expect(run.stdout).toContain("1 file in the digest");
  });
});
