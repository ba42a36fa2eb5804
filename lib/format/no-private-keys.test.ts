/**
 * Privacy by construction, checked end to end: the real analysis of folders full of private keys
 * (PKCS#1, SEC1, PKCS#8, a kubelet pem holding certificate and key, kubeconfigs with
 * client-key-data), printed in every format, holds no key armour and no piece of any key's bytes.
 */
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { fixtureDir, readTree, reportFor } from "../test-support/fixtures";
import { formatMarkdown } from "./markdown";
import { formatPlan } from "./plan";
import { formatStandard, STANDARD_FORMATS } from "./standard-formats";
import { formatTable } from "./table";

const FORMATS: { name: string; render: (report: Report) => string }[] = [
  { name: "json", render: (report) => JSON.stringify(report, null, 2) },
  { name: "table", render: (report) => formatTable(report, { color: false }) },
  { name: "markdown", render: (report) => formatMarkdown(report) },
  { name: "plan", render: (report) => formatPlan(report, { color: false }) },
  ...STANDARD_FORMATS.map((format) => ({
    name: format,
    render: (report: Report) => formatStandard(report, format),
  })),
];

const PEM_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----\r?\n([\s\S]*?)-----END [A-Z ]*PRIVATE KEY-----/g;

/** Every base64 line of every private key in the fixture, whether in a PEM file or a kubeconfig. */
function keyFragments(fixture: string): string[] {
  const fragments: string[] = [];
  const fromPem = (text: string) => {
    for (const match of text.matchAll(PEM_KEY))
      fragments.push(...(match[1] ?? "").split(/\r?\n/).filter((line) => line.length >= 32));
  };
  for (const file of readTree(fixtureDir(fixture))) {
    const text = Buffer.from(file.bytes).toString("utf8");
    fromPem(text);
    for (const match of text.matchAll(/client-key-data:\s*(\S+)/g)) {
      const data = match[1] ?? "";
      fragments.push(data.slice(0, 64));
      fromPem(Buffer.from(data, "base64").toString("utf8"));
    }
  }
  return fragments;
}

describe("no format prints private key bytes", () => {
  const cases = ["healthy", "kubeadm-v1.20", "key-mismatch-apiserver"].flatMap((fixture) =>
    FORMATS.map((format) => ({ fixture, ...format })),
  );
  it.each(cases)("$fixture as $name", async ({ fixture, render }) => {
    const fragments = keyFragments(fixture);
    expect(fragments.length, "the fixture has keys to leak").toBeGreaterThan(3);
    const output = render(await reportFor(fixture));
    expect(output).not.toContain("PRIVATE KEY");
    for (const fragment of fragments) expect(output.includes(fragment), fragment).toBe(false);
  });
});
