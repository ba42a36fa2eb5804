import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test-support/fixtures";
import { KUBEADM_DEFAULT_POLICY } from "./default-policy";
import { MAX_POLICY_BYTES, parsePolicy, policyFromData } from "./parse-policy";
import { formatPolicyYaml } from "./policy-yaml";

const shipped = (name: string) => readFileSync(join(REPO_ROOT, "docs", "policies", name), "utf8");

describe("parsePolicy: the shipped policies", () => {
  it.each(["strict.yaml", "cis.yaml", "kubeadm-default.yaml"])("%s reads", (name) => {
    const read = parsePolicy(shipped(name));
    expect(read.ok, read.ok ? "" : read.reason).toBe(true);
  });

  it("kubeadm-default.yaml is the built-in policy written out", () => {
    const read = parsePolicy(shipped("kubeadm-default.yaml"));
    expect(read.ok && read.value).toEqual({ ...KUBEADM_DEFAULT_POLICY, origin: "file" });
  });

  it("strict.yaml sets a 90-day leaf and RSA 3072", () => {
    const read = parsePolicy(shipped("strict.yaml"));
    expect(read.ok && read.value.leaf).toEqual({ maxDays: 90 });
    expect(read.ok && read.value.keys?.minRsaBits).toBe(3072);
  });
});

describe("parsePolicy: a written-out policy reads back", () => {
  it.each(["strict.yaml", "cis.yaml"])("%s", (name) => {
    const first = parsePolicy(shipped(name));
    if (!first.ok) throw new Error(first.reason);
    expect(parsePolicy(formatPolicyYaml(first.value))).toEqual(first);
  });
});

describe("parsePolicy: bad files get one clear message", () => {
  it.each([
    { name: "unknown top-level key", text: "leafs:\n  maxDays: 90\n", want: /unknown key 'policy\.leafs'/ },
    {
      name: "unknown nested key",
      text: "leaf:\n  maxDay: 90\n",
      want: /unknown key 'leaf\.maxDay' \(known: maxDays\)/,
    },
    {
      name: "days not a number",
      text: "leaf:\n  maxDays: ninety\n",
      want: /'leaf\.maxDays' must be a whole number from 1 to 36500, not 'ninety'/,
    },
    { name: "days out of range", text: "ca:\n  maxDays: 0\n", want: /'ca\.maxDays' must be a whole number/ },
    { name: "fractional days", text: "leaf:\n  maxDays: 1.5\n", want: /whole number/ },
    {
      name: "unknown curve",
      text: "keys:\n  allowedCurves: [P-192]\n",
      want: /'keys\.allowedCurves' has 'P-192': use P-256, P-384, P-521/,
    },
    {
      name: "unknown role",
      text: "requiredEku:\n  apiserver: [serverAuth]\n",
      want: /unknown key 'requiredEku\.apiserver'/,
    },
    {
      name: "unknown EKU",
      text: "requiredEku:\n  etcd-peer: [codeSigning]\n",
      want: /requiredEku\.etcd-peer' has 'codeSigning'/,
    },
    {
      name: "unknown algorithm",
      text: "signatureAlgorithms: [sha256]\n",
      want: /'signatureAlgorithms' has 'sha256'/,
    },
    { name: "empty list", text: "signatureAlgorithms: []\n", want: /non-empty list/ },
    { name: "no limit at all", text: "name: nothing\n", want: /the policy sets no limit/ },
    { name: "a list, not a mapping", text: "- leaf\n", want: /'policy' must be a mapping/ },
    {
      name: "two documents",
      text: "leaf: {maxDays: 1}\n---\nleaf: {maxDays: 2}\n",
      want: /2 documents; a policy is one/,
    },
    { name: "empty file", text: "", want: /the file is empty/ },
    { name: "not YAML", text: "leaf: {maxDays: 90\n", want: /^not YAML: / },
    {
      name: "bad name",
      text: "name: '$(rm -rf /)'\nleaf: {maxDays: 90}\n",
      want: /'name' must be 1 to 64 letters/,
    },
    { name: "duplicate keys", text: "leaf: {maxDays: 90}\nleaf: {maxDays: 9}\n", want: /^not YAML: / },
  ])("$name", ({ text, want }) => {
    const read = parsePolicy(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(want);
  });

  it("refuses an oversized file before parsing it", () => {
    const read = parsePolicy(`# ${"x".repeat(MAX_POLICY_BYTES)}\nleaf: {maxDays: 90}\n`);
    expect(read).toEqual({ ok: false, reason: expect.stringMatching(/a policy is at most 65536/) });
  });

  it("refuses an alias bomb quickly", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 12; i++)
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(", ")}]`,
      );
    const started = performance.now();
    const read = parsePolicy(lines.join("\n"));
    expect(read.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses deep nesting by the YAML reader's depth limit", () => {
    const read = parsePolicy(`leaf: ${"[".repeat(30_000)}${"]".repeat(30_000)}`);
    expect(read).toEqual({ ok: false, reason: expect.stringMatching(/depth limit/) });
  });

  it("reads JSON too, and keeps no key it did not know", () => {
    expect(policyFromData(JSON.parse('{"leaf":{"maxDays":90},"__proto__":{"x":1}}'))).toEqual({
      ok: false,
      reason: expect.stringMatching(/unknown key 'policy\.__proto__'/),
    });
    expect(parsePolicy('{"name":"j","leaf":{"maxDays":90}}')).toEqual({
      ok: true,
      value: { name: "j", origin: "file", leaf: { maxDays: 90 } },
    });
  });
});
