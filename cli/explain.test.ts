import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureDir } from "../lib/test-support/fixtures";
import { runExplain } from "./explain";
import { type CliContext, main } from "./main";
import { parseExplainArgs } from "./parse-explain-args";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function context(out: { stdout: string; stderr: string }): CliContext {
  return {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: {},
    clock: () => new Date("2026-06-01T00:00:00Z"),
  };
}

async function run(argv: string[], stdin?: string): Promise<Run> {
  const out = { stdout: "", stderr: "" };
  const code =
    stdin === undefined
      ? await main(argv, context(out))
      : await runExplain(argv.slice(1), context(out), () => stdin);
  return { code, ...out };
}

const EXPIRED =
  "Unable to connect to the server: x509: certificate has expired or is not yet valid: current time 2026-06-01T00:00:00Z is after 2026-05-01T00:00:00Z";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "k8s-pki-explain-"));
  await writeFile(join(dir, "error.txt"), EXPIRED);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("k8s-pki explain", () => {
  it("explains an error against a drop: exit 0, the certificate first", async () => {
    const result = await run(["explain", EXPIRED, fixtureDir("expired-apiserver"), "--now", "2026-06-01"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe(
      "etc/kubernetes/pki/apiserver.crt expired at 2026-05-01T00:00:00.000Z, the instant in the error; kube-apiserver presents it",
    );
    expect(result.stdout).toContain("Relationships: apiserver-serving");
  });

  it("reads the text from --from-file and prints JSON", async () => {
    const result = await run([
      "explain",
      "--from-file",
      join(dir, "error.txt"),
      fixtureDir("expired-apiserver"),
      "--format",
      "json",
    ]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { verdict: string; certificates: { path: string }[] };
    expect(answer.verdict).toBe("explained");
    expect(answer.certificates[0]?.path).toBe("etc/kubernetes/pki/apiserver.crt");
  });

  it("reads the text from stdin with -, and prints Markdown", async () => {
    const result = await run(
      ["explain", "-", fixtureDir("expired-apiserver"), "--format", "markdown"],
      EXPIRED,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## What this error means in the drop\n/);
    expect(result.stdout).toContain("| etc/kubernetes/pki/apiserver.crt | CN=kube-apiserver |");
  });

  it("exits 1 when nothing in the drop matches, and says where to look", async () => {
    const result = await run(["explain", "KubeClientCertificateExpiration", fixtureDir("healthy")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^nothing in the drop matches/);
    expect(result.stdout).toContain("apiserver_client_certificate_expiration_seconds_bucket");
  });

  it("exits 1 on text that is no recognised error", async () => {
    const result = await run(["explain", "hello", fixtureDir("healthy")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^not a recognised error or alert/);
  });

  it.each([
    [["explain"], /explain needs the error text and a drop/],
    [["explain", EXPIRED], /no input: give the drop/],
    [["explain", EXPIRED, "x", "--format", "sarif"], /unknown format 'sarif' for explain/],
    [["explain", EXPIRED, "x", "--now", "tomorrow"], /bad --now 'tomorrow'/],
    [
      ["explain", "--from-file", "/nonexistent/k8s-pki-error.txt", "x"],
      /cannot read --from-file '\/nonexistent\/k8s-pki-error\.txt' \(ENOENT\)/,
    ],
  ])("usage error %j: exit 2", async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("--help prints explain's own help", async () => {
    const result = await run(["explain", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1  nothing in the drop matches");
    expect(parseExplainArgs(["-", "d"])).toMatchObject({ text: { from: "stdin" }, inputs: ["d"] });
  });
});
