/**
 * The collector fuzz: seeded nodes (collect-fuzz-node.ts), each collected with `--public-keys-only`
 * under dash or busybox, each archive judged apart from the collector (collect-fuzz-oracle.ts). A
 * node whose archive holds a private key, or whose run ends otherwise than with an archive, is a
 * failure, kept on disk to look at.
 */
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fuzzKeys, Pkcs12Maker } from "./collect-fuzz-keys";
import { makeNode } from "./collect-fuzz-node";
import { type KeyFinding, privateKeysInArchive, secretPartsOf } from "./collect-fuzz-oracle";
import { busyboxPath, collect, type Shell } from "./test-support/collector";

export interface CollectFuzzOptions {
  seed: number;
  nodes: number;
  /** Keys hidden in each node. */
  keys: number;
  shells: Shell[];
  /** Nodes collected at once. */
  concurrency: number;
  /** A folder for the nodes, their archives and the failures kept. */
  work: string;
  /** Called after each node. */
  onNode?: (result: NodeResult, summary: CollectFuzzSummary) => void;
}

export interface NodeResult {
  index: number;
  shell: Shell;
  keys: number;
  code: number;
  findings: KeyFinding[];
  /** Keys the collector said it replaced by their public keys; files its last check left out. */
  replaced: number;
  leftOut: number;
  /** How each key was hidden. */
  hidden: string[];
  /** The collector's lines on what its last check left out. */
  leftOutLines: string[];
}

export interface CollectFuzzSummary {
  nodes: number;
  keys: number;
  /** Private keys (or PKCS#12 bundles) found in archives, over all nodes. */
  leaks: number;
  replaced: number;
  leftOut: number;
  /** Nodes that failed, with why. */
  failures: string[];
  ms: number;
}

function countIn(stderr: string, pattern: RegExp): number {
  return Number(pattern.exec(stderr)?.[1] ?? 0);
}

async function runNode(
  options: CollectFuzzOptions,
  index: number,
  pkcs12: Pkcs12Maker,
  paths: Record<Shell, string | undefined>,
  secrets: Buffer[],
): Promise<NodeResult> {
  const shell = options.shells[index % options.shells.length] ?? "dash";
  const root = join(options.work, `node-${index}`);
  const out = join(options.work, `node-${index}.tgz`);
  rmSync(root, { recursive: true, force: true });
  const node = makeNode(root, options.seed, index, options.keys, pkcs12);
  const result = await collect(root, out, { shell, path: paths[shell], publicKeysOnly: true });
  const findings = result.code === 0 ? await privateKeysInArchive(out, secrets) : [];
  const outcome: NodeResult = {
    index,
    shell,
    keys: node.planted.length,
    code: result.code,
    findings,
    replaced: countIn(result.stderr, /Public keys only: (\d+) private keys replaced/),
    leftOut: countIn(result.stderr, /LEFT OUT by the last check: (\d+)/),
    hidden: node.planted.map((plant) => plant.how),
    leftOutLines: (
      /^LEFT OUT by the last check[^\n]*\n[^\n]*\n((?: {2}\/.*\n)+)/m.exec(result.stderr)?.[1] ?? ""
    )
      .split("\n")
      .filter(Boolean),
  };
  if (result.code !== 0 || findings.length > 0) {
    const kept = join(options.work, "failures", `node-${index}`);
    mkdirSync(kept, { recursive: true });
    cpSync(root, join(kept, "root"), { recursive: true, verbatimSymlinks: true });
    if (result.code === 0) cpSync(out, join(kept, "archive.tgz"));
  }
  rmSync(root, { recursive: true, force: true });
  rmSync(out, { force: true });
  return outcome;
}

/** Run the fuzz: `nodes` nodes of `seed`, `concurrency` at a time. */
export async function runCollectFuzz(options: CollectFuzzOptions): Promise<CollectFuzzSummary> {
  const started = Date.now();
  mkdirSync(options.work, { recursive: true });
  const pkcs12 = new Pkcs12Maker(join(options.work, "pkcs12"));
  const paths: Record<Shell, string | undefined> = {
    dash: undefined,
    busybox: options.shells.includes("busybox")
      ? busyboxPath(join(options.work, `busybox-bin-${process.pid}`), { openssl: true })
      : undefined,
  };
  const secrets = secretPartsOf(fuzzKeys().map((key) => key.pem));
  const summary: CollectFuzzSummary = {
    nodes: 0,
    keys: 0,
    leaks: 0,
    replaced: 0,
    leftOut: 0,
    failures: [],
    ms: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < options.nodes) {
      const index = next++;
      const result = await runNode(options, index, pkcs12, paths, secrets);
      summary.nodes++;
      summary.keys += result.keys;
      summary.leaks += result.findings.length;
      summary.replaced += result.replaced;
      summary.leftOut += result.leftOut;
      if (result.code !== 0)
        summary.failures.push(`node ${index} (${result.shell}): the collector exited ${result.code}`);
      for (const finding of result.findings)
        summary.failures.push(`node ${index} (${result.shell}): ${finding.path}: ${finding.how}`);
      summary.ms = Date.now() - started;
      options.onNode?.(result, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  rmSync(paths.busybox ?? join(options.work, "none"), { recursive: true, force: true });
  summary.ms = Date.now() - started;
  return summary;
}
