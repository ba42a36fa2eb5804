/**
 * `npm run bench:scale`: audits a kubeadm control plane plus N workers (a kubelet client and a
 * serving pair each) with the whole CLI process and, alternately, checks the same kubelet
 * certificates with `openssl verify`; prints the median time ratio per shape and size, the growth
 * exponent from the smallest to the largest size and the CLI's peak memory, and writes
 * bench-results/bench-scale-<date>.json. The shapes: the project's own generator, clusters written
 * by another tool with RSA and with ECDSA CAs, and one collector archive per node. See
 * scripts/bench/parse-scale-args.ts for options.
 */
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { FIXTURE_NOW } from "../lib/test-support/fixtures";
import {
  ensureIndependentCluster,
  independentGeneratorMissing,
  INDEPENDENT_NOW,
} from "./bench/independent-scale-cluster";
import { parseScaleArgs, SCALE_USAGE, type ScaleShape } from "./bench/parse-scale-args";
import { ensureScaleCluster, type ScaleCluster } from "./bench/scale-cluster";
import { OPENSSL_BATCH, opensslVersion, reportGist, runCli, runOpenssl } from "./bench/scale-runs";
import { growthExponent, median } from "./bench/stats";
import { textTable } from "./bench/text-table";

const progress = (message: string) => process.stderr.write(`${message}\n`);

interface SizeResult {
  shape: ScaleShape;
  workers: number;
  certificates: number;
  cliMs: number[];
  opensslMs: number[];
  ratios: number[];
  peakMb: number[];
}

function cliBin(): string {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { bin: Record<string, string> };
  const bin = pkg.bin["k8s-pki"];
  if (!bin) throw new Error("package.json has no k8s-pki bin");
  return resolve(bin);
}

function ensureCluster(shape: ScaleShape, workers: number, cacheDir: string): Promise<ScaleCluster> {
  return shape === "own"
    ? ensureScaleCluster(cacheDir, workers, progress)
    : ensureIndependentCluster(cacheDir, shape, workers, progress);
}

async function measureSize(
  shape: ScaleShape,
  workers: number,
  pairs: number,
  cacheDir: string,
  scratch: string,
): Promise<SizeResult> {
  const started = performance.now();
  const cluster = await ensureCluster(shape, workers, cacheDir);
  const now = shape === "own" ? FIXTURE_NOW : INDEPENDENT_NOW;
  progress(
    `${shape}, ${workers} workers: ${cluster.reused ? "reused" : "generated"} ${cluster.dir}` +
      (cluster.reused ? "" : ` in ${((performance.now() - started) / 1000).toFixed(1)} s`),
  );
  const bin = cliBin();
  const out = join(scratch, `report-${shape}-${workers}.json`);
  const result: SizeResult = {
    shape,
    workers,
    certificates: 0,
    cliMs: [],
    opensslMs: [],
    ratios: [],
    peakMb: [],
  };
  for (let pair = 0; pair <= pairs; pair++) {
    const cli = runCli(bin, cluster.dir, now, out);
    if (cli.exitCode !== 0) throw new Error(`k8s-pki audit exited ${cli.exitCode} on ${cluster.dir}`);
    const openssl = runOpenssl(cluster.caFile, cluster.kubeletPems, now);
    if (pair === 0) {
      const gist = reportGist(out);
      if (gist.errors > 0 || gist.warnings > 0 || gist.status !== "ok")
        throw new Error(`the ${shape} ${workers}-worker cluster is not healthy: ${JSON.stringify(gist)}`);
      result.certificates = gist.certificates;
      progress(
        `  warm-up pair: CLI ${(cli.ms / 1000).toFixed(2)} s, openssl ${(openssl / 1000).toFixed(2)} s`,
      );
      continue;
    }
    result.cliMs.push(cli.ms);
    result.opensslMs.push(openssl);
    result.ratios.push(cli.ms / openssl);
    if (cli.peakMb !== undefined) result.peakMb.push(cli.peakMb);
    progress(
      `  pair ${pair}: CLI ${(cli.ms / 1000).toFixed(2)} s` +
        (cli.peakMb !== undefined ? ` (peak ${cli.peakMb.toFixed(0)} MB)` : "") +
        `, openssl ${(openssl / 1000).toFixed(2)} s, ratio ${(cli.ms / openssl).toFixed(2)}`,
    );
  }
  return result;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<number> {
  const parsed = parseScaleArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.reason}\n\n${SCALE_USAGE}`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    console.log(SCALE_USAGE);
    return 0;
  }
  const version = opensslVersion();
  if (!version) {
    console.error("openssl is not installed: bench:scale compares the CLI with openssl verify");
    return 2;
  }
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const cacheDir = resolve(args.cacheDir ?? "node_modules/.cache/k8s-pki-bench");
  const scratch = await mkdtemp(join(tmpdir(), "k8s-pki-scale-"));
  if (args.shapes.some((shape) => shape !== "own")) {
    const missing = independentGeneratorMissing();
    if (missing) {
      console.error(missing);
      return 2;
    }
  }
  const results: SizeResult[] = [];
  try {
    for (const shape of args.shapes)
      for (const workers of shape === "archives" ? args.archiveWorkers : args.workers)
        results.push(await measureSize(shape, workers, args.pairs, cacheDir, scratch));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const growth = args.shapes.flatMap((shape) => {
    const own = results.filter((r) => r.shape === shape);
    const first = own[0];
    const last = own[own.length - 1];
    if (!first || !last || first === last) return [];
    const exponent = growthExponent(
      median(first.cliMs),
      median(last.cliMs),
      first.certificates,
      last.certificates,
    );
    return [{ shape, from: first.workers, to: last.workers, exponent }];
  });
  const rows = results.map((r) => ({
    shape: r.shape,
    workers: r.workers,
    certificates: r.certificates,
    cliMedianMs: median(r.cliMs),
    opensslMedianMs: median(r.opensslMs),
    ratioMedian: median(r.ratios),
    peakMbMax: r.peakMb.length > 0 ? Math.max(...r.peakMb) : undefined,
  }));
  console.log(
    textTable(
      [
        "shape",
        "workers",
        "certificates",
        "CLI median s",
        "openssl median s",
        "ratio (median of pairs)",
        "CLI peak MB",
      ],
      rows.map((r) => [
        r.shape,
        String(r.workers),
        String(r.certificates),
        seconds(r.cliMedianMs),
        seconds(r.opensslMedianMs),
        `${r.ratioMedian.toFixed(2)}×`,
        r.peakMbMax === undefined ? "n/a (no /usr/bin/time)" : r.peakMbMax.toFixed(0),
      ]),
    ),
  );
  for (const g of growth)
    console.log(
      `growth of ${g.shape}, ${g.from} → ${g.to} workers: CLI time ∝ certificates^${g.exponent.toFixed(3)} (1 is linear)`,
    );
  console.log(`openssl: ${version}, ${OPENSSL_BATCH} files per process; ${args.pairs} pairs per size`);
  await mkdir("bench-results", { recursive: true });
  const file = join(
    "bench-results",
    `bench-scale-${startedAt.toISOString().replace(/:/g, "-").replace(/\..*/, "Z")}.json`,
  );
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: startedAt.toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverage: { start: loadAtStart, end: loadavg() },
        openssl: version,
        opensslBatch: OPENSSL_BATCH,
        pairs: args.pairs,
        rows,
        growth,
        samples: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${file}`);
  return 0;
}

process.exitCode = await main();
