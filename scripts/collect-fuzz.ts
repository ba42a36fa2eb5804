/**
 * `npm run fuzz:collect -- [--seed N] [--nodes N] [--keys N] [--shell dash|busybox|both]
 * [--jobs N] [--verbose]`: the collector fuzz's long pass (cli/collect-fuzz-run.ts). Seeded nodes,
 * each with keys hidden in every way a Kubernetes component reads them, collected with
 * --public-keys-only; each archive is judged by openssl and node:crypto apart from the collector.
 * Prints a line every 100 nodes (with --verbose, each file the collector's last check left out)
 * and a summary; exits 1 when any archive held a private key or any run failed. Failing nodes are
 * kept in the work folder it names, which goes when none failed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCollectFuzz } from "../cli/collect-fuzz-run";
import type { Shell } from "../cli/test-support/collector";

const say = (message: string) => process.stderr.write(`${message}\n`);

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
}

async function main(args: string[]): Promise<number> {
  const seed = Number(option(args, "--seed", process.env.COLLECT_FUZZ_SEED ?? "1"));
  const nodes = Number(option(args, "--nodes", process.env.COLLECT_FUZZ_NODES ?? "100"));
  const keys = Number(option(args, "--keys", "10"));
  const jobs = Number(option(args, "--jobs", "2"));
  const verbose = args.includes("--verbose");
  const shell = option(args, "--shell", "dash");
  const shells: Shell[] = shell === "both" ? ["dash", "busybox"] : [shell === "busybox" ? "busybox" : "dash"];
  if (![seed, nodes, keys, jobs].every((n) => Number.isInteger(n) && n >= 0)) {
    say(
      "usage: npm run fuzz:collect -- [--seed N] [--nodes N] [--keys N] [--shell dash|busybox|both] [--jobs N] [--verbose]",
    );
    return 2;
  }
  const work = mkdtempSync(join(tmpdir(), "k8s-pki-collect-fuzz-"));
  say(
    `collector fuzz: seed ${seed}, ${nodes} nodes of ${keys} keys under ${shells.join(" and ")}, ${jobs} at a time, in ${work}`,
  );
  const summary = await runCollectFuzz({
    seed,
    nodes,
    keys,
    shells,
    concurrency: jobs,
    work,
    onNode(result, sum) {
      for (const finding of result.findings) say(`  node ${result.index}: ${finding.path}: ${finding.how}`);
      if (result.code !== 0) say(`  node ${result.index}: the collector exited ${result.code}`);
      if (verbose) for (const line of result.leftOutLines) say(`  node ${result.index} left out:${line}`);
      if (sum.nodes % 100 === 0 || sum.nodes === nodes)
        say(
          `${sum.nodes} nodes, ${sum.keys} keys, ${sum.leaks} private keys in archives, ${sum.replaced} converted, ` +
            `${sum.leftOut} left out by the last check, ${(sum.ms / 1000).toFixed(0)} s`,
        );
    },
  });
  say(
    `done: seed ${seed}, ${summary.nodes} nodes, ${summary.keys} keys exercised, ${summary.leaks} private keys found in archives, ` +
      `${summary.failures.length} failures, ${summary.replaced} keys converted to public keys, ${summary.leftOut} files left out by ` +
      `the last check, ${(summary.ms / 1000).toFixed(0)} s`,
  );
  if (summary.failures.length > 0) return 1;
  rmSync(work, { recursive: true, force: true });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(String(error instanceof Error ? (error.stack ?? error.message) : error));
    process.exit(2);
  },
);
