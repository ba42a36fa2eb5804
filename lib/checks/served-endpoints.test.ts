import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import type { InputFile } from "../inventory";
import { FIXTURES, FIXTURE_NOW, fixtureDir, readTree } from "../test-support/fixtures";

const HEALTHY = readTree(fixtureDir("healthy"));
const capture = (name: string) => readFileSync(join(FIXTURES, "served", "s_client", name), "utf8");
const file = (path: string, text: string): InputFile => ({ path, bytes: new TextEncoder().encode(text) });

describe("SERVED_ENDPOINT_UNREACHED and SERVED_CHAIN_UNMATCHED", () => {
  const cases = [
    {
      name: "a refused dial of kube-apiserver's port: info, the edge neither ok by it nor faulty",
      input: file("served/6443.txt", capture("refused.txt")),
      want: [
        [
          "SERVED_ENDPOINT_UNREACHED",
          "127.0.0.1:6443 refused the connection: what kube-apiserver serves is not known",
        ],
      ],
    },
    {
      name: "a chain on a port nothing names: unmatched, compared with nothing",
      input: file(
        "served/9443.txt",
        capture("openssl3-showcerts.txt").replace("127.0.0.1:6443", "127.0.0.1:9443"),
      ),
      want: [["SERVED_CHAIN_UNMATCHED", "127.0.0.1:9443 matches no component the configuration names"]],
    },
    {
      name: "no port but the very certificate kube-apiserver is configured with: matched by it, nothing to say",
      input: file("pasted.txt", capture("openssl3-no-showcerts.txt")),
      want: [],
    },
    {
      name: "no port and another certificate: unmatched, never guessed",
      input: file(
        "pasted.txt",
        capture("openssl3-no-showcerts.txt").replace(
          /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/,
          readFileSync(
            join(fixtureDir("healthy"), "etc/kubernetes/pki/front-proxy-client.crt"),
            "utf8",
          ).trim(),
        ),
      ),
      want: [["SERVED_CHAIN_UNMATCHED", "an unknown address matches no component the configuration names"]],
    },
  ];
  for (const { name, input, want } of cases)
    it(name, async () => {
      const report = await analyze([...HEALTHY, input], { now: FIXTURE_NOW });
      const served = report.findings.filter((f) => f.code.startsWith("SERVED_"));
      expect(served.map((f) => [f.code, f.title])).toEqual(want);
      expect(served.every((f) => f.severity === "info")).toBe(true);
      expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
      // The served text is read as a served chain, never as a file of certificates.
      expect(report.certificates.length).toBe(
        (await analyze(HEALTHY, { now: FIXTURE_NOW })).certificates.length,
      );
      expect(report.inputs.skipped.map((s) => s.path)).not.toContain(input.path);
    });
});
