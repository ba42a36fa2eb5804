/**
 * The floor under the whole audit: on a node-copy cluster written by
 * scripts/bench/independent-cluster.py, only the per-certificate work every audit must do — read
 * the files, decode the PEM, hash, read the certificate, parse it as Go does, check its signature
 * with WebCrypto — timed stage by stage on the kubelet certificates, alternating with `openssl
 * verify` of the same certificates and with the whole CLI audit, so the three can be compared in
 * the same minutes. What the audit costs above the floor is the model, the rules and the report.
 *
 *   npx tsx scripts/bench-floor.ts DIR [--runs N]
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { parsePem } from "../lib/ingest/parse-pem";
import type { CertificateRecord } from "../lib/inventory";
import { parseGoCertificate } from "../lib/pki/go/parse-certificate";
import { readCertificate } from "../lib/pki/read-certificate";
import { sha256Hex } from "../lib/pki/sha256-hex";
import { createSignatureVerifier } from "../lib/pki/signature-verifier";
import { INDEPENDENT_NOW } from "./bench/independent-scale-cluster";
import { median } from "./bench/stats";

const KUBELET_PEM = /kubelet-(client|server)-\d{4}-[^/]*\.pem$/;

/** Every regular file under `dir` with its bytes (links are not followed: the audit reads them once). */
function readTree(dir: string): [string, Uint8Array][] {
  const files: [string, Uint8Array][] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push([path, readFileSync(path)]);
    }
  };
  walk(dir);
  return files;
}

function certificatesOf(texts: readonly string[]): Uint8Array[] {
  const ders: Uint8Array[] = [];
  for (const text of texts)
    for (const block of parsePem(text)) if (block.type === "CERTIFICATE" && block.der) ders.push(block.der);
  return ders;
}

function recordOf(der: Uint8Array): CertificateRecord {
  const read = readCertificate(der, sha256Hex(der));
  if (!read.ok) throw new Error(`not a certificate: ${read.reason}`);
  return { ...read.value, sources: [] };
}

/** One pass over the floor's stages; milliseconds per stage. */
async function floorPass(dir: string, ca: CertificateRecord): Promise<Map<string, number>> {
  const laps = new Map<string, number>();
  let at = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    laps.set(stage, now - at);
    at = now;
  };
  const files = readTree(dir);
  lap("read every regular file");
  const decoder = new TextDecoder();
  const ders = certificatesOf(
    files.filter(([path]) => KUBELET_PEM.test(path)).map(([, b]) => decoder.decode(b)),
  );
  lap("PEM decode");
  const digests = ders.map((der) => sha256Hex(der));
  lap("SHA-256");
  const records = ders.map((der, i) => readCertificate(der, digests[i] ?? ""));
  lap("certificate read");
  for (const der of ders) parseGoCertificate(der, { refuseNegativeSerial: true });
  lap("Go's strict parse");
  const verifier = createSignatureVerifier(globalThis.crypto);
  const checks = await Promise.all(
    records.map((record) => (record.ok ? verifier.verify({ ...record.value, sources: [] }, ca) : false)),
  );
  lap("signature check (WebCrypto)");
  if (checks.some((ok) => !ok))
    throw new Error("a kubelet certificate did not verify against the cluster CA");
  return laps;
}

function timed(command: string, args: readonly string[]): number {
  const start = performance.now();
  const run = spawnSync(command, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 30 });
  if (run.error) throw run.error;
  return performance.now() - start;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = resolve(args[0] ?? "");
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
  if (!args[0] || !Number.isInteger(runs) || runs < 1) {
    console.error("usage: npx tsx scripts/bench-floor.ts DIR [--runs N]");
    process.exit(2);
  }
  const caFile = join(dir, "control-plane", "etc", "kubernetes", "pki", "ca.crt");
  const ca = recordOf(certificatesOf([readFileSync(caFile, "utf8")])[0] ?? new Uint8Array());
  const pems = readTree(join(dir, "nodes"))
    .map(([path]) => path)
    .filter((path) => KUBELET_PEM.test(path));
  const attime = String(Math.floor(Date.parse(INDEPENDENT_NOW) / 1000));
  const cli = resolve("cli/dist/k8s-pki.mjs");

  const stages = new Map<string, number[]>();
  const floor: number[] = [];
  const openssl: number[] = [];
  const audit: number[] = [];
  for (let run = 0; run < runs; run++) {
    const laps = await floorPass(dir, ca);
    let sum = 0;
    for (const [stage, ms] of laps) {
      stages.set(stage, [...(stages.get(stage) ?? []), ms]);
      sum += ms;
    }
    floor.push(sum);
    let ms = 0;
    for (let i = 0; i < pems.length; i += 500)
      ms += timed("openssl", ["verify", "-attime", attime, "-CAfile", caFile, ...pems.slice(i, i + 500)]);
    openssl.push(ms);
    audit.push(timed(process.execPath, [cli, "audit", dir, "--now", INDEPENDENT_NOW, "--format", "json"]));
  }
  const ms = (samples: readonly number[]) => `${median(samples).toFixed(0).padStart(7)} ms`;
  console.log(`${pems.length} kubelet certificates under ${dir}; medians of ${runs} alternating runs`);
  for (const [stage, samples] of stages) console.log(`  ${stage.padEnd(30)} ${ms(samples)}`);
  console.log(`floor (sum of the stages)         ${ms(floor)}`);
  console.log(`openssl verify, 500 per process   ${ms(openssl)}`);
  console.log(`k8s-pki audit --format json       ${ms(audit)}`);
  console.log(
    `floor ÷ openssl ${(median(floor) / median(openssl)).toFixed(2)}, audit ÷ openssl ${(median(audit) / median(openssl)).toFixed(2)}`,
  );
}

void main();
