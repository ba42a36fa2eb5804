import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { MAX_PROBLEMS_PER_FILE } from "../checks/parse-error";
import { MAX_PEM_BLOCKS } from "./parse-pem";
import { FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";

const text = (value: string) => new TextEncoder().encode(value);

// Large hostile files must cost only themselves: the healthy node beside them is judged as before.
describe("one huge file beside a healthy node", () => {
  it("a kubeadm-flags.env repeating a flag 400,000 times is read and the node is still judged", async () => {
    const healthy = readTree(fixtureDir("healthy"));
    const flags = `KUBELET_KUBEADM_ARGS="${"--x=y ".repeat(400_000)}"\n`;
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const report = await analyze(
      [...healthy, { path: "var/lib/kubelet/kubeadm-flags.env", bytes: text(flags) }],
      {
        now: FIXTURE_NOW,
      },
    );
    expect(report.certificates).toHaveLength(expected.certificates.length);
    expect(report.relationships.filter((r) => r.status === "ok").length).toBeGreaterThan(10);
  });

  it("a PEM file of 20,000 broken blocks costs 21 findings of its own, not the other files", async () => {
    const healthy = readTree(fixtureDir("healthy"));
    const broken = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".repeat(20_000);
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const report = await analyze([...healthy, { path: "extra/bundle.pem", bytes: text(broken) }], {
      now: FIXTURE_NOW,
    });
    expect(report.certificates).toHaveLength(expected.certificates.length);
    const named = report.findings.filter(
      (f) => f.code === "PARSE_ERROR" && f.files.includes("extra/bundle.pem"),
    );
    // Twenty listed, the rest counted in one: a broken file is one fault, not 20,000 findings.
    expect(named).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    // 10,000 blocks read, the 10,001st names the block limit, and the closing finding quotes it.
    expect(named.at(-1)?.title).toBe(
      `Could not read extra/bundle.pem: ${MAX_PEM_BLOCKS + 1 - MAX_PROBLEMS_PER_FILE} more problems`,
    );
    expect(named.at(-1)?.detail).toMatch(
      /the last of them: block 10001 \(CERTIFICATE\): the file holds more than 10000 PEM blocks \(block limit\)/,
    );
  });
});

describe("shapes that were quadratic", () => {
  it("a 2 MB file of BEGIN lines without END lines is read in one pass and named once per line, capped", async () => {
    const report = await analyze(
      [{ path: "begin.pem", bytes: text("-----BEGIN CERTIFICATE-----\n".repeat(75_000)) }],
      { now: FIXTURE_NOW },
    );
    const named = report.findings.filter((f) => f.files.includes("begin.pem"));
    expect(named).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(named[0]?.detail).toMatch(/no "-----END CERTIFICATE-----" line/);
  });
});

describe("each parsing limit is a finding naming the file, and the node beside it is still judged", () => {
  const deep = "[".repeat(500_000);
  const cases: [string, string, string, RegExp][] = [
    ["flow nesting", "extra/deep.yaml", `a: ${deep}`, /depth limit/],
    [
      "a mapping nested in a kubeconfig",
      "extra/admin.conf",
      `apiVersion: v1\nkind: Config\nusers: ${"{a: ".repeat(200_000)}`,
      /depth limit/,
    ],
    ["documents", "extra/many.yaml", `a: 1\n${"---\n".repeat(300_000)}`, /document limit/],
    [
      "anchors",
      "extra/anchors.yaml",
      Array.from({ length: 5_000 }, (_, i) => `a${i}: &a${i} x\nb${i}: *a${i}`).join("\n"),
      /alias limit/,
    ],
    [
      "a configuration larger than 4 MiB",
      "extra/kubeconfig",
      `apiVersion: v1\nkind: Config\n# ${"x".repeat(5 * 1024 * 1024)}\n`,
      /size limit/,
    ],
  ];
  it.each(cases)("%s", async (_name, path, body, reason) => {
    const expected = await analyze(readTree(fixtureDir("healthy")), { now: FIXTURE_NOW });
    const report = await analyze([...readTree(fixtureDir("healthy")), { path, bytes: text(body) }], {
      now: FIXTURE_NOW,
    });
    const named = report.findings.filter((f) => f.code === "PARSE_ERROR" && f.files.includes(path));
    expect(named).toHaveLength(1);
    expect(named[0]?.detail).toMatch(reason);
    expect(report.certificates).toHaveLength(expected.certificates.length);
    expect(report.findings.filter((f) => f.code !== "PARSE_ERROR")).toEqual(expected.findings);
  });
});
