import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePem } from "../ingest/parse-pem";
import { FIXTURES } from "../test-support/fixtures";
import { isSClientText, parseSClient, splitAddress } from "./parse-s-client";

const S_CLIENT = join(FIXTURES, "served", "s_client");
const PKI = join(FIXTURES, "healthy", "etc", "kubernetes", "pki");
const text = (name: string) => readFileSync(join(S_CLIENT, name), "utf8");
const derOf = (file: string) => parsePem(readFileSync(join(PKI, file), "utf8"))[0]?.der;

describe("parseSClient on real openssl s_client output", () => {
  const cases = [
    { name: "openssl3-showcerts.txt", chain: ["apiserver.crt", "ca.crt"] },
    { name: "openssl11-form-showcerts.txt", chain: ["apiserver.crt", "ca.crt"] },
    // Without -showcerts only the Server certificate section holds a PEM block: the leaf.
    { name: "openssl3-no-showcerts.txt", chain: ["apiserver.crt"] },
  ];
  for (const { name, chain } of cases)
    it(`${name}: the chain served, leaf first, and the address dialled`, () => {
      const run = parseSClient(text(name));
      expect(isSClientText(text(name))).toBe(true);
      expect(run.outcome).toBe("ok");
      expect(run.chain.map((der) => Buffer.from(der).toString("hex"))).toEqual(
        chain.map((file) => Buffer.from(derOf(file) ?? []).toString("hex")),
      );
      expect(run.problems).toEqual([]);
      expect(name.includes("no-showcerts") ? run.port : [run.host, run.port]).toEqual(
        name.includes("no-showcerts") ? undefined : ["127.0.0.1", 6443],
      );
      expect(run.verifyReturn).toMatch(/^\d+ \(/);
    });

  it("refused.txt: a refused dial, its address, no chain", () => {
    const run = parseSClient(text("refused.txt"));
    expect(isSClientText(text("refused.txt"))).toBe(true);
    expect(run).toMatchObject({ outcome: "refused", host: "127.0.0.1", port: 6443, chain: [] });
    expect(run.detail).toContain("errno=111");
  });
});

describe("isSClientText", () => {
  const cases = [
    {
      name: "a plain certificate file",
      input: readFileSync(join(PKI, "apiserver.crt"), "utf8"),
      want: false,
    },
    { name: "a kubeconfig", input: "apiVersion: v1\nkind: Config\nclusters: []\n", want: false },
    {
      name: "prose mentioning CONNECTED( mid-line",
      input: "we were CONNECTED(00000003) yesterday",
      want: false,
    },
    { name: "garbage bytes as text", input: "\u0000\u0001\uFFFD".repeat(1000), want: false },
    { name: "a bare connect:errno line", input: "connect:errno=111\n", want: true },
  ];
  for (const { name, input, want } of cases)
    it(name, () => {
      expect(isSClientText(input)).toBe(want);
    });
});

describe("hostile s_client text", () => {
  it("a chain section of undecodable blocks names them and keeps nothing", () => {
    const input =
      "CONNECTED(00000003)\n---\nCertificate chain\n 0 s:CN = x\n-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n---\n";
    const run = parseSClient(input);
    expect(run.chain).toEqual([]);
    expect(run.problems.length).toBe(1);
    expect(run.outcome).toBe("no-tls");
  });

  it("20 MB of chain lines and dashes is read in linear time", () => {
    const huge = `CONNECTED(00000003)\nCertificate chain\n${" 0 s:CN = a\n-----BEGIN x\n".repeat(400_000)}`;
    const started = performance.now();
    const run = parseSClient(huge);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(run.chain).toEqual([]);
  });

  it("an address is a host and a port, nothing longer", () => {
    expect(splitAddress("[::1]:2379")).toEqual({ host: "::1", port: 2379 });
    expect(splitAddress("10.0.0.10:6443")).toEqual({ host: "10.0.0.10", port: 6443 });
    expect(splitAddress("host:99999")).toBeUndefined();
    expect(splitAddress(`${"a".repeat(5000)}:1`)).toBeUndefined();
  });
});
