import { describe, expect, it } from "vitest";

import type { Report } from "../../lib/report";
import { reportFor } from "../../lib/test-support/fixtures";
import { certificatePaths, controlCharacters, keyLeaks, lostCertificates } from "./check-invariants";

const healthy = await reportFor("healthy");
const before = certificatePaths(healthy);
const caSha = healthy.certificates.find((cert) => cert.paths.includes("etc/kubernetes/pki/ca.crt"))?.sha256;
const apiserverSha = healthy.certificates.find((cert) =>
  cert.paths.includes("etc/kubernetes/pki/apiserver.crt"),
)?.sha256;
const without = (sha: string | undefined): Report => ({
  ...healthy,
  certificates: healthy.certificates.filter((cert) => cert.sha256 !== sha),
});

describe("lostCertificates (invariant c)", () => {
  it("reads a kubeconfig's embedded certificate as found in the kubeconfig file", () => {
    expect(before.get(caSha ?? "")).toContain("etc/kubernetes/admin.conf");
  });

  it.each([
    { name: "nothing missing", report: healthy, touched: [], lost: false },
    {
      name: "a certificate of an untouched file missing",
      report: without(apiserverSha),
      touched: [],
      lost: true,
    },
    {
      name: "it was only in the touched file",
      report: without(apiserverSha),
      touched: ["etc/kubernetes/pki/apiserver.crt"],
      lost: false,
    },
    // The CA is also in every kubeconfig: touching ca.crt does not excuse losing it.
    {
      name: "it was also in untouched files",
      report: without(caSha),
      touched: ["etc/kubernetes/pki/ca.crt"],
      lost: true,
    },
  ])("$name", ({ report, touched, lost }) => {
    const violations = lostCertificates(before, touched, report);
    expect(violations.length > 0).toBe(lost);
    if (lost) expect(violations[0]?.invariant).toBe("c");
  });
});

describe("controlCharacters (invariant e)", () => {
  it.each([
    { name: "newlines and Unicode text", output: "ok\nkube-apiserver — café ✓\n", want: undefined },
    { name: "an ANSI escape", output: "a\x1b[31mred", want: "U+001B" },
    { name: "a tab", output: "a\tb", want: "U+0009" },
    { name: "a carriage return", output: "a\r\n", want: "U+000D" },
    { name: "DEL", output: "x\x7f", want: "U+007F" },
    { name: "a C1 control", output: "x\u0085y", want: "U+0085" },
  ])("$name", ({ output, want }) => {
    const [violation] = controlCharacters("table", output);
    if (want === undefined) expect(violation).toBeUndefined();
    else expect(violation?.detail).toContain(want);
  });
});

describe("keyLeaks (invariant d)", () => {
  const windows = new Map([["MIIEogIBAAKC", "pki/ca.key"]]);
  it.each([
    { name: "plain", output: "value MIIEogIBAAKCAQEA here", leak: true },
    { name: "behind Markdown escapes", output: "value MIIEogIBAAKC\\+AQEA and MIIE\\ogIBAAKC", leak: true },
    { name: "cut short", output: "value MIIEogIBAAK", leak: false },
  ])("$name", ({ output, leak }) => {
    expect(keyLeaks("markdown", output, windows).length > 0).toBe(leak);
  });
});
