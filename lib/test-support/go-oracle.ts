/**
 * Test support: Go's crypto/x509 as an oracle. `buildGoOracle` compiles scripts/go-x509-oracle
 * with a Go toolchain of 1.23 or later (on PATH, or Debian's /usr/lib/go-1.2x, which .ci/run
 * installs) into a cache keyed by the source, so one run builds it once; a machine without Go
 * fails the test with the package to install, never skips it. `runGoOracle` sends it requests.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SOURCE = join(import.meta.dirname, "../../scripts/go-x509-oracle");

function goVersion(go: string): number | undefined {
  const run = spawnSync(go, ["version"], { encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: "local" } });
  const minor = /go1\.(\d+)/.exec(run.stdout ?? "")?.[1];
  return run.status === 0 && minor ? Number(minor) : undefined;
}

/** A Go toolchain of at least 1.23, or an Error saying how to get one. */
function findGo(): string {
  const candidates = [
    "go",
    ...readdirSync("/usr/lib")
      .filter((d) => /^go-1\.\d+$/.test(d))
      .map((d) => `/usr/lib/${d}/bin/go`),
  ];
  for (const go of candidates) if ((goVersion(go) ?? 0) >= 23) return go;
  throw new Error(
    "Go 1.23 or later is not installed: apt-get install -t bookworm-backports golang-1.23-go (CI installs it in .ci/run)",
  );
}

/** The oracle's binary, built once per source version. */
export function buildGoOracle(): string {
  const hash = createHash("sha256");
  for (const file of ["main.go", "go.mod"]) hash.update(readFileSync(join(SOURCE, file)));
  const dir = join(tmpdir(), "k8s-pki-go-oracle");
  const binary = join(dir, `oracle-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const go = findGo();
  const build = spawnSync(go, ["build", "-o", binary, "."], {
    cwd: SOURCE,
    encoding: "utf8",
    env: {
      ...process.env,
      GOTOOLCHAIN: "local",
      GOFLAGS: "-mod=mod",
      CGO_ENABLED: "0",
      GOCACHE: join(dir, "cache"),
    },
  });
  if (build.status !== 0) throw new Error(`go build of the oracle failed:\n${build.stderr}`);
  return binary;
}

export interface OracleRequest {
  id: string;
  leaf?: Uint8Array;
  intermediates?: Uint8Array[];
  roots?: Uint8Array[];
  now?: Date;
  keyUsages?: string[];
  parse?: Uint8Array;
  dnsNames?: string[];
  ips?: string[];
  host?: string;
}

export interface OracleAnswer {
  id: string;
  ok: boolean;
  error?: string;
  chain?: number[];
}

const b64 = (der: Uint8Array) => Buffer.from(der).toString("base64");

/** Ask Go about every request at once; answers come back in order. */
export function runGoOracle(binary: string, requests: readonly OracleRequest[]): OracleAnswer[] {
  if (requests.length === 0) return [];
  const lines = requests.map((r) =>
    JSON.stringify({
      id: r.id,
      ...(r.leaf ? { leaf: b64(r.leaf) } : {}),
      ...(r.intermediates ? { intermediates: r.intermediates.map(b64) } : {}),
      ...(r.roots ? { roots: r.roots.map(b64) } : {}),
      ...(r.now ? { now: r.now.toISOString().replace(/\.\d{3}Z$/, "Z") } : {}),
      ...(r.keyUsages ? { keyUsages: r.keyUsages } : {}),
      ...(r.parse ? { parse: b64(r.parse) } : {}),
      ...(r.dnsNames ? { dnsNames: r.dnsNames } : {}),
      ...(r.ips ? { ips: r.ips } : {}),
      ...(r.host !== undefined ? { host: r.host } : {}),
    }),
  );
  const run = spawnSync(binary, [], {
    input: `${lines.join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the Go oracle failed: ${run.stderr}`);
  const answers = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as OracleAnswer);
  if (answers.length !== requests.length)
    throw new Error(`the Go oracle answered ${answers.length} of ${requests.length}`);
  return answers;
}
