/**
 * `k8s-pki generate` through main(), with the real generator on the package's demo archive: what it
 * writes, where it refuses, and that what it writes judges as the scenario promises.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { analyze } from "../lib/analyze";
import { DEFAULT_ARCHIVE_LIMITS } from "../lib/ingest/archive-limits";
import { expandArchives } from "../lib/ingest/expand-archives";
import { DEMO_JUDGE_AT } from "../lib/generate/demo-cluster";
import { SCENARIOS } from "../lib/scenarios/catalogue";
import { readTree } from "../lib/test-support/fixtures";
import { type CliContext, main } from "./main";

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "k8s-pki-generate-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

async function run(argv: string[], extra: Partial<CliContext> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    clock: () => new Date("2030-01-02T03:04:05Z"),
    ...extra,
  });
  return { code, stdout, stderr };
}

const errorsAndWarnings = async (files: { path: string; bytes: Uint8Array }[]) =>
  (await analyze(files, { now: DEMO_JUDGE_AT })).findings
    .filter((finding) => finding.severity !== "info")
    .map((finding) => finding.code);

describe("k8s-pki generate", () => {
  it("lists the healthy demo and every scenario with the edge it breaks", async () => {
    const result = await run(["generate", "--list"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(["healthy", ...SCENARIOS.map((s) => s.id)]);
    expect(lines[1]).toMatch(/^wrong-ca-etcd-client\s+apiserver-etcd-client\s+etcd rejects/);
    expect(lines.find((line) => line.startsWith("kubelet-no-system-nodes"))).toContain(
      "kubelet-client:worker-1",
    );
  });

  it("writes a scenario's files into a new folder, keys 0600, and they judge as promised", async () => {
    const dir = join(temp, "key-mismatch");
    const result = await run(["generate", "key-mismatch", dir]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      "key-mismatch: apiserver.key is not the key of apiserver.crt\n" +
        `wrote 41 files (control-1/, worker-1/) to ${dir}\n` +
        `judge them at the demo's date: k8s-pki audit ${dir} --now ${DEMO_JUDGE_AT}\n`,
    );
    const mode = async (path: string) => (await stat(join(dir, path))).mode & 0o777;
    expect(await mode("control-1/etc/kubernetes/pki/apiserver.key")).toBe(0o600);
    expect(await mode("control-1/etc/kubernetes/admin.conf")).toBe(0o600);
    expect(await mode("control-1/etc/kubernetes/pki/apiserver.crt")).toBe(0o644);
    expect(await errorsAndWarnings(readTree(dir))).toEqual(["KEY_MISMATCH"]);
  });

  it("refuses a folder with files in it, and with --force names what it did not write", async () => {
    const dir = join(temp, "lab");
    expect((await run(["generate", "bootstrap-token-left", dir])).code).toBe(0);
    const refused = await run(["generate", "healthy", dir]);
    expect(refused).toEqual({
      code: 2,
      stdout: "",
      stderr: `k8s-pki: '${dir}' is not empty: use --force to write into it\n`,
    });
    const forced = await run(["generate", "healthy", dir, "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toBe(
      `k8s-pki: note: 1 file in '${dir}' was not written by this run and is judged too: ` +
        `${join(dir, "worker-1/etc/kubernetes/bootstrap-kubelet.conf")}\n`,
    );
  });

  it("refuses a folder that is a file", async () => {
    const file = join(temp, "a-file");
    await writeFile(file, "x");
    expect(await run(["generate", "healthy", file])).toMatchObject({
      code: 2,
      stderr: `k8s-pki: '${file}' is not a folder\n`,
    });
  });

  it("writes one .tar.gz that ingest reads back, and replaces it only with --force", async () => {
    const archive = join(temp, "sa.tar.gz");
    expect((await run(["generate", "sa-key-mismatch", "--tar", archive])).code).toBe(0);
    const expanded = expandArchives(
      [{ path: "sa.tar.gz", bytes: new Uint8Array(await readFile(archive)) }],
      DEFAULT_ARCHIVE_LIMITS,
    );
    expect(expanded.files).toHaveLength(41);
    expect(await errorsAndWarnings(expanded.files)).toEqual(["SA_KEY_MISMATCH"]);
    expect(await run(["generate", "healthy", "--tar", archive])).toMatchObject({
      code: 2,
      stderr: `k8s-pki: '${archive}' exists: use --force to replace it\n`,
    });
    expect((await run(["generate", "healthy", "--tar", archive, "--force"])).code).toBe(0);
  });

  it("says why it cannot write an archive into a missing folder", async () => {
    const archive = join(temp, "no-such-folder", "lab.tar.gz");
    expect(await run(["generate", "healthy", "--tar", archive])).toMatchObject({
      code: 2,
      stderr: `k8s-pki: cannot write '${archive}' (ENOENT)\n`,
    });
  });

  it("generates every key anew when there is no demo archive, and says so", async () => {
    const dir = join(temp, "fresh");
    await mkdir(temp, { recursive: true });
    const result = await run(["generate", "healthy", dir], { demoArchive: join(temp, "missing.tar.gz") });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "k8s-pki: note: no demo archive to reuse keys from (ENOENT); every key is generated anew\n",
    );
    expect(await errorsAndWarnings(readTree(dir))).toEqual([]);
  });
});
