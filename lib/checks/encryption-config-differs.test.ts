import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { fixtureDir, readTree } from "../test-support/fixtures";

// ENCRYPTION_CONFIG_DIFFERS on the kind HA fixture (three control planes), each kube-apiserver
// given --encryption-provider-config and its own EncryptionConfiguration.

const NOW = "2026-12-01T00:00:00Z";
const MEMBERS = ["kind-control-plane", "kind-control-plane2", "kind-control-plane3"] as const;
const CONFIG = "etc/kubernetes/enc/encryption.yaml";
const KEY_A = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="; // 32 bytes
const KEY_B = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA="; // 32 bytes, another secret

/** An EncryptionConfiguration for Secrets with these aescbc keys (first writes), then identity. */
function encryption(keys: [name: string, secret: string][]): string {
  const list = keys
    .map(([name, secret]) => `            - name: ${name}\n              secret: ${secret}\n`)
    .join("");
  return (
    "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n" +
    "  - resources:\n      - secrets\n    providers:\n      - aescbc:\n          keys:\n" +
    list +
    "      - identity: {}\n"
  );
}

/** The kind HA fixture with each member's encryption: a config's keys, or none (no flag). */
function kindHa(perMember: ([name: string, secret: string][] | undefined)[]): InputFile[] {
  const encoder = new TextEncoder();
  const files = readTree(fixtureDir("layouts/kind-ha")).map((file) => {
    const member = MEMBERS.findIndex(
      (m) => file.path === `${m}/etc/kubernetes/manifests/kube-apiserver.yaml`,
    );
    if (member < 0 || perMember[member] === undefined) return file;
    const text = new TextDecoder().decode(file.bytes);
    const flagged = text.replace(
      "    - --allow-privileged=true\n",
      `    - --allow-privileged=true\n    - --encryption-provider-config=/${CONFIG}\n`,
    );
    expect(flagged).not.toBe(text);
    return { ...file, bytes: encoder.encode(flagged) };
  });
  perMember.forEach((keys, index) => {
    if (keys) files.push({ path: `${MEMBERS[index]}/${CONFIG}`, bytes: encoder.encode(encryption(keys)) });
  });
  return files;
}

describe("ENCRYPTION_CONFIG_DIFFERS", () => {
  const cases: {
    name: string;
    members: ([name: string, secret: string][] | undefined)[];
    want: { severity: string; title: RegExp }[];
  }[] = [
    { name: "no member encrypts", members: [undefined, undefined, undefined], want: [] },
    {
      name: "one file on every member",
      members: [[["key1", KEY_A]], [["key1", KEY_A]], [["key1", KEY_A]]],
      want: [],
    },
    {
      name: "a member with another secret under the same key name",
      members: [[["key1", KEY_A]], [["key1", KEY_A]], [["key1", KEY_B]]],
      want: [
        {
          severity: "error",
          title: /^kube-apiserver on kind-control-plane cannot read what kind-control-plane3 writes/,
        },
        { severity: "error", title: /^kube-apiserver on kind-control-plane2 cannot read/ },
        {
          severity: "error",
          title:
            /^kube-apiserver on kind-control-plane3 cannot read what kind-control-plane, kind-control-plane2 write/,
        },
      ],
    },
    {
      name: "a member that encrypts nothing",
      members: [[["key1", KEY_A]], [["key1", KEY_A]], undefined],
      want: [{ severity: "error", title: /^kube-apiserver on kind-control-plane3 cannot read/ }],
    },
    {
      // Step 1 of a key rotation: the new key second on one member only so far; every write is still key1.
      name: "a rotation between its steps",
      members: [
        [
          ["key1", KEY_A],
          ["key2", KEY_B],
        ],
        [["key1", KEY_A]],
        [["key1", KEY_A]],
      ],
      want: [{ severity: "info", title: /differ, though each reads what the others write/ }],
    },
    {
      // Step 4 done on one member too early: it writes with key2, which the others do not have.
      name: "the new key made first before every member has it",
      members: [
        [
          ["key2", KEY_B],
          ["key1", KEY_A],
        ],
        [["key1", KEY_A]],
        [["key1", KEY_A]],
      ],
      want: [
        {
          severity: "error",
          title: /^kube-apiserver on kind-control-plane2 cannot read what kind-control-plane writes/,
        },
        {
          severity: "error",
          title: /^kube-apiserver on kind-control-plane3 cannot read what kind-control-plane writes/,
        },
      ],
    },
  ];
  for (const { name, members, want } of cases)
    it(name, async () => {
      const report = await analyze(kindHa(members), { now: NOW });
      const found = report.findings.filter((finding) => finding.code === "ENCRYPTION_CONFIG_DIFFERS");
      expect(found.length).toBe(want.length);
      want.forEach((expected, index) => {
        expect(found[index]?.severity).toBe(expected.severity);
        expect(found[index]?.title).toMatch(expected.title);
      });
      // The secrets and their digests never reach the report.
      const json = JSON.stringify(report);
      for (const secret of [KEY_A, KEY_B]) expect(json).not.toContain(secret);
      expect(json).not.toMatch(/#[0-9a-f]{16}/);
      // The healthy cluster stays quiet about everything else.
      const loud = report.findings.filter(
        (f) => f.severity !== "info" && f.code !== "ENCRYPTION_CONFIG_DIFFERS",
      );
      expect(loud).toEqual([]);
    });
});
