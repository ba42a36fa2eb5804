/**
 * `npm run bench:explain`: how long "Paste an error" takes to answer on a 10,000-certificate report
 * (the healthy fixture widened to 5,000 worker nodes), for each kind of text it reads. The page
 * answers on its main thread, so each answer should stay well under 50 ms. Prints the median and
 * the fastest of 15 runs per text, after a warm-up.
 */
import { loadavg } from "node:os";
import { explainText } from "../lib/explain/explain-text";
import { fleetReport } from "../lib/test-support/fleet-report";

const RUNS = 15;
const TEXTS = [
  "KubeletServerCertificateExpiration node=worker-4321",
  "x509: certificate has expired or is not yet valid: current time 2027-02-01T00:00:00Z is after 2027-01-01T00:00:00Z",
  'x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")',
  "verifying certificate SN=1052345, SKID=, AKID= failed: x509: certificate signed by unknown authority",
];

const report = await fleetReport(5_000);
const now = new Date(report.now);
for (const text of TEXTS) explainText(text, report, now); // warm-up
console.log(`explain on ${report.certificates.length} certificates, load ${(loadavg()[0] ?? 0).toFixed(1)}`);
for (const text of TEXTS) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    explainText(text, report, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)] ?? Number.NaN;
  console.log(
    `  median ${median.toFixed(1)} ms, fastest ${(times[0] ?? Number.NaN).toFixed(1)} ms  ${text.slice(0, 60)}`,
  );
}
