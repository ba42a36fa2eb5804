import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_NAME, HOSTILE_NOW, HOSTILE_TEXT, hostileFiles } from "../lib/format/hostile-input";
import { liveHtml } from "../lib/format/html-report-safety";
import { activeMarkup, misshapenTableRows, unsafeCharacters } from "../lib/format/output-safety";
import { DEFAULT_ARCHIVE_LIMITS } from "../lib/ingest/archive-limits";
import { expandArchives } from "../lib/ingest/expand-archives";
import type { Report } from "../lib/report";
import { main } from "./main";
import { runCli } from "./test-support/run-cli";

// The hostile cluster (lib/format/hostile-input.ts) on disk — escapes, bidi and invisible characters
// in file and folder names, subjects, SANs and kubeconfig names — audited by the bundled command
// (`node cli/dist/k8s-pki.mjs`, built before the tests) as a person would run it.

const ROOT = resolve(import.meta.dirname, "..");

const cli = runCli;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-hostile-"));
  const archive = new Uint8Array(await readFile(join(ROOT, "public", "demo", "demo.tar.gz")));
  const demo = expandArchives([{ path: "demo.tar.gz", bytes: archive }], DEFAULT_ARCHIVE_LIMITS).files;
  for (const file of await hostileFiles(demo, globalThis.crypto)) {
    const target = join(dir, ...file.path.split("/"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
  // A link to nowhere: the audit names it on stderr.
  await symlink(join(dir, `nowhere${HOSTILE_NAME}`), join(dir, `link${HOSTILE_NAME}`));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const audit = (format: string) => cli(["audit", dir, "--format", format, "--now", HOSTILE_NOW]);

describe("k8s-pki audit of hostile input", () => {
  it.each(["table", "plan", "markdown", "html"])(
    "--format %s: nothing a terminal acts on, on stdout or stderr",
    async (format) => {
      const result = await audit(format);
      // 2: the dangling link is input that could not be read (INPUT_SKIPPED).
      expect(result.code).toBe(2);
      expect(unsafeCharacters(result.stdout, { sgr: false })).toEqual([]);
      expect(result.stdout).toContain("\\x1B]0;owned\\x07");
      expect(result.stdout).toContain("\\u202Egnp.exe");
      // The dangling link, named on one line with its escapes shown.
      expect(unsafeCharacters(result.stderr, { sgr: false })).toEqual([]);
      const skipped = result.stderr.split("\n").filter((line) => line.startsWith("k8s-pki: skipped"));
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toContain("link" + "evil\\x1B[2J");
      expect(skipped[0]).toContain("\\r\\n| forged | row |");
    },
  );

  it("--format markdown: every table row keeps its cells, no tag, entity or math is live", async () => {
    const { stdout } = await audit("markdown");
    expect(misshapenTableRows(stdout)).toEqual([]);
    expect(activeMarkup(stdout)).toEqual([]);
  });

  it("--format html: no tag, handler or reference from the input is live", async () => {
    const { stdout } = await audit("html");
    expect(liveHtml(stdout)).toEqual([]);
    expect(stdout).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The dangling link is named in the input, not read: it is counted outside the digest.
    expect(stdout).toMatch(/1 file named in the input could not be read and is not in it/);
  });

  it("--format json: the exact names of the input", async () => {
    const { stdout } = await audit("json");
    const report = JSON.parse(stdout) as Report;
    const paths = report.certificates.flatMap((certificate) => certificate.paths);
    expect(paths.some((path) => path.endsWith(`/admin.conf#users/admin${HOSTILE_TEXT}`))).toBe(true);
  });

  it("a hostile argument is one usage line, its escapes shown", async () => {
    const result = await cli(["audit", dir, `--${HOSTILE_NAME}`]);
    expect(result.code).toBe(2);
    expect(unsafeCharacters(result.stderr, { sgr: false })).toEqual([]);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("unknown option '--evil\\x1B[2J");
  });

  it("generate names a hostile output folder on one line, its escapes shown", async () => {
    const file = join(dir, `file${HOSTILE_NAME}`);
    await writeFile(file, "");
    const result = await cli(["generate", "healthy", file]);
    expect(result.code).toBe(2);
    expect(unsafeCharacters(result.stderr, { sgr: false })).toEqual([]);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/fileevil\\x1B\[2J.*' is not a folder/);
  });

  it("in colour on a terminal, only our own colour codes reach it", async () => {
    let stdout = "";
    let stderr = "";
    const code = await main(["audit", dir, "--now", HOSTILE_NOW], {
      stdout: { write: (text: string) => (stdout += text), isTTY: true, columns: 120 },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      clock: () => new Date(HOSTILE_NOW),
    });
    expect(code).toBe(2); // the dangling link was not read
    expect(stdout).toMatch(/\u001b\[3[12]m/);
    expect(unsafeCharacters(stdout, { sgr: true })).toEqual([]);
    expect(unsafeCharacters(stderr, { sgr: false })).toEqual([]);
  });
});
