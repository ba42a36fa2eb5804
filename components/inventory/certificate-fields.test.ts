import { describe, expect, it } from "vitest";
import { sampleReport } from "@/lib/format/sample-report";
import type { ReportCertificate } from "@/lib/report";
import { certificateFields, certificateText } from "./certificate-fields";

const report = sampleReport();
const base = report.certificates.find((c) => c.id === "c-api")!;
const apiserver: ReportCertificate = {
  ...base,
  serial: "7592D09233EE6C78",
  sans: ["DNS:kubernetes", "IP:10.96.0.1"],
  keyUsage: ["digitalSignature", "keyEncipherment"],
  keyAlgorithm: "ECDSA P-256",
  subjectKeyId: "0a7520f1",
  authorityKeyId: "1b2c",
  sha256: "fdd5681ddfed3cfae5c18e20c53960cb6b3c5125e802a1a143c4cd5b4c5acfb3",
  keyPaths: ["pki/apiserver.key"],
};

function field(certificate: ReportCertificate, label: string): string[] | undefined {
  return certificateFields(certificate, report.now, report.warnDays).find((f) => f.label === label)?.lines;
}

describe("certificateFields", () => {
  it.each([
    { label: "Subject", want: ["CN=kube-apiserver"] },
    { label: "Serial", want: ["75:92:d0:92:33:ee:6c:78"] },
    {
      label: "Validity",
      want: ["Not Before: 2025-11-22 03:22 UTC", "Not After:  2026-11-28 00:00 UTC (expired 3 days ago)"],
    },
    { label: "Subject Alternative Name", want: ["DNS:kubernetes", "IP:10.96.0.1"] },
    { label: "Key Usage", want: ["digitalSignature, keyEncipherment"] },
    { label: "Extended Key Usage", want: ["serverAuth"] },
    { label: "Basic Constraints", want: ["CA:FALSE"] },
    { label: "Public Key", want: ["ECDSA P-256"] },
    { label: "Subject Key Identifier", want: ["0A:75:20:F1"] },
    { label: "Authority Key Identifier", want: ["1B:2C"] },
    {
      label: "SHA-256 Fingerprint",
      want: [
        "FD:D5:68:1D:DF:ED:3C:FA:E5:C1:8E:20:C5:39:60:CB",
        "6B:3C:51:25:E8:02:A1:A1:43:C4:CD:5B:4C:5A:CF:B3",
      ],
    },
    { label: "Private Key", want: ["found at pki/apiserver.key (matches)"] },
    { label: "File", want: ["pki/apiserver.crt"] },
  ])("$label", ({ label, want }) => {
    expect(field(apiserver, label)).toEqual(want);
  });

  it.each([
    { name: "a CA without path length", patch: { isCA: true }, want: "CA:TRUE" },
    { name: "a CA with path length 0", patch: { isCA: true, pathLength: 0 }, want: "CA:TRUE, pathlen:0" },
  ])("basic constraints of $name", ({ patch, want }) => {
    expect(field({ ...apiserver, ...patch }, "Basic Constraints")).toEqual([want]);
  });

  it("says when no private key was in the input and never shows key material", () => {
    const fields = certificateFields({ ...apiserver, keyPaths: [] }, report.now, report.warnDays);
    expect(fields.find((f) => f.label === "Private Key")?.lines).toEqual(["no private key in input"]);
    expect(JSON.stringify(fields)).not.toMatch(/BEGIN|PRIVATE KEY-/);
  });

  it("says which matching keys were public halves (a collection without private keys)", () => {
    const both = { ...apiserver, keyPaths: ["pki/apiserver.key", "backup/apiserver.key"] };
    const lines = certificateFields(both, report.now, report.warnDays, ["pki/apiserver.key"]).find(
      (f) => f.label === "Private Key",
    )?.lines;
    expect(lines).toEqual([
      "public half at pki/apiserver.key (matches)",
      "found at backup/apiserver.key (matches)",
    ]);
    expect(certificateText(both, report.now, report.warnDays, ["pki/apiserver.key"])).toContain(
      "public half at pki/apiserver.key (matches)",
    );
  });

  it("leaves out key identifiers the certificate does not carry and says none for empty lists", () => {
    const bare = { ...apiserver, subjectKeyId: undefined, authorityKeyId: undefined, sans: [], eku: [] };
    const labels = certificateFields(bare, report.now, report.warnDays).map((f) => f.label);
    expect(labels).not.toContain("Subject Key Identifier");
    expect(labels).not.toContain("Authority Key Identifier");
    expect(field(bare, "Subject Alternative Name")).toEqual(["none"]);
    expect(field(bare, "Extended Key Usage")).toEqual(["none"]);
  });

  it("marks a self-signed issuer and lists every path", () => {
    const ca = report.certificates.find((c) => c.id === "c-ca")!;
    expect(field(ca, "Issuer")).toEqual(["CN=kubernetes (self-signed)"]);
    const peer = report.certificates.find((c) => c.id === "c-peer")!;
    expect(field(peer, "Files")).toEqual(["pki/etcd/peer.crt", "backup/peer.crt"]);
  });
});

describe("certificateText", () => {
  it("aligns values and indents continuation lines", () => {
    const lines = certificateText(apiserver, report.now, report.warnDays).split("\n");
    expect(lines[0]).toBe("Subject:                  CN=kube-apiserver");
    const san = lines.findIndex((line) => line.startsWith("Subject Alternative Name:"));
    expect(lines[san]).toBe("Subject Alternative Name: DNS:kubernetes");
    expect(lines[san + 1]).toBe(`${" ".repeat(26)}IP:10.96.0.1`);
    expect(lines.at(-1)).toBe("File:                     pki/apiserver.crt");
  });
});
