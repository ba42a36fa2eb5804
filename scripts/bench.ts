/**
 * `npm run bench`: times the analysis core stage by stage on the committed fixtures and on synthetic
 * clusters of 50, 200 and 1000 worker nodes (plus the 200-worker set as a .tar.gz), shows how the
 * time grows with the cluster, and compares the largest set with `openssl verify`. Prints a table
 * and writes bench-results/bench-<date>.json. See scripts/bench/parse-bench-args.ts for options;
 * `--scenarios` instead times break-it scenarios in Chromium (scripts/bench/scenario-bench.ts).
 */
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

import { gzipSync } from "fflate";

import { analyze } from "../lib/analyze";
import type { InputFile } from "../lib/inventory";
import { FIXTURE_NOW } from "../lib/test-support/fixtures";
import { writeBenchResults } from "./bench/bench-results-file";
import { fixtureInputs, healthyClusterCa, type BenchInput } from "./bench/fixture-inputs";
import { measureInput, type InputResult } from "./bench/measure-input";
import { measureOpensslVerify } from "./bench/openssl-baseline";
import { compareWithOpenssl } from "./bench/openssl-comparison";
import { BENCH_USAGE, parseBenchArgs } from "./bench/parse-bench-args";
import { runScenarioBench } from "./bench/scenario-bench";
import { renderOpenssl, renderScaling, renderStageTable } from "./bench/render-bench-text";
import { scalingSteps } from "./bench/scaling";
import { generateWorkers, syntheticCluster } from "./bench/synthetic-cluster";
import { writeTar } from "../lib/archive/write-tar";

const OPENSSL_BATCH = 500;
/** Untimed analyses of the fixtures before any input is measured, so the JIT has settled. */
const JIT_WARMUP_ROUNDS = 5;
const progress = (message: string) => process.stderr.write(`${message}\n`);

async function main(): Promise<number> {
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.reason}\n\n${BENCH_USAGE}`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    console.log(BENCH_USAGE);
    return 0;
  }
  if (args.scenarios) return runScenarioBench(args.runs);
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();
  const crypto = globalThis.crypto;

  const fixtures = fixtureInputs();
  const healthy = fixtures.find((input) => input.name === "healthy");
  if (!healthy) throw new Error("healthy fixture missing");

  // The first analysis in a fresh process (a fresh Worker in the browser) pays for JIT compilation
  // and lazy initialisation: what a user waits for on a first drop. Recorded, then warmed away.
  let started = performance.now();
  await analyze(healthy.files, { now: healthy.now, crypto });
  const coldMs = performance.now() - started;
  for (let round = 0; round < JIT_WARMUP_ROUNDS; round++) {
    for (const input of fixtures) await analyze(input.files, { now: input.now, crypto });
  }
  progress(
    `cold first analysis of healthy: ${coldMs.toFixed(0)} ms; JIT warmed with ${JIT_WARMUP_ROUNDS} rounds of the fixtures`,
  );

  const maxWorkers = Math.max(...args.workers);
  started = performance.now();
  const ca = healthyClusterCa();
  const workers = await generateWorkers(maxWorkers, ca, crypto);
  const generationMs = performance.now() - started;
  progress(`generated ${maxWorkers} workers in ${(generationMs / 1000).toFixed(1)} s (not timed below)`);

  const synthetic: BenchInput[] = args.workers.map((n) => ({
    name: `synthetic N=${n}`,
    files: syntheticCluster(healthy.files, workers, n),
    now: FIXTURE_NOW,
    workers: n,
  }));
  started = performance.now();
  const archiveFiles = syntheticCluster(healthy.files, workers, args.archiveWorkers);
  const archive: InputFile = {
    path: `cluster-${args.archiveWorkers}.tar.gz`,
    bytes: gzipSync(writeTar(archiveFiles)),
  };
  const archiveMs = performance.now() - started;
  progress(
    `packed N=${args.archiveWorkers} as ${(archive.bytes.length / 1024).toFixed(0)} KiB .tar.gz in ${archiveMs.toFixed(0)} ms (not timed below)`,
  );
  const inputs: BenchInput[] = [
    ...fixtures,
    ...synthetic,
    {
      name: `N=${args.archiveWorkers} .tar.gz`,
      files: [archive],
      now: FIXTURE_NOW,
      workers: args.archiveWorkers,
      archive: true,
    },
  ];

  const results: InputResult[] = [];
  for (const input of inputs) {
    progress(`measuring ${input.name}: ${args.warmups} warm-ups, ${args.runs} runs`);
    results.push(
      await measureInput(input, {
        runs: args.runs,
        warmups: args.warmups,
        crypto,
      }),
    );
  }

  progress(`openssl verify over the N=${maxWorkers} kubelet client certificates`);
  const largest = synthetic.at(-1);
  const largestResult = results.find((r) => r.input === largest?.name);
  const clientPems = (largest?.files ?? []).filter((f) => f.path.endsWith("kubelet-client-current.pem"));
  const openssl = await measureOpensslVerify(clientPems, ca.certificatePem, {
    runs: args.runs,
    warmups: 1,
    batchSize: OPENSSL_BATCH,
    now: new Date(FIXTURE_NOW),
  });
  const comparison = largestResult ? compareWithOpenssl(largestResult, openssl) : undefined;
  const scaling = scalingSteps(results);

  console.log(
    `\nk8s-pki bench — node ${process.version}, ${args.runs} runs after ${args.warmups} warm-ups, medians` +
      `, load average at start ${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}\n`,
  );
  console.log(`cold: the first analysis of healthy in this process took ${coldMs.toFixed(0)} ms\n`);
  console.log(renderStageTable(results));
  console.log(`\n${renderScaling(scaling)}\n`);
  console.log(renderOpenssl(openssl, comparison));

  const file = await writeBenchResults(fileURLToPath(new URL("../bench-results", import.meta.url)), {
    startedAt,
    quick: args.quick,
    runs: args.runs,
    warmups: args.warmups,
    loadAverageAtStart,
    coldStart: { input: healthy.name, ms: coldMs },
    generation: { workers: maxWorkers, ms: generationMs, archiveMs },
    results,
    scaling,
    openssl,
    ...(comparison ? { comparison } : {}),
  });
  console.log(`\nwrote ${file}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
