import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { sampleReport } from "./sample-report";
import { formatTable } from "./table";
import { textWidth } from "./text-layout";

const ESC = "\u001b[";

function lines(report: Report = sampleReport(), width?: number): string[] {
  return formatTable(report, { color: false, width }).split("\n");
}

function indexOfLine(all: string[], pattern: RegExp): number {
  const index = all.findIndex((line) => pattern.test(line));
  expect(index, `no line matches ${pattern}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("formatTable", () => {
  it("opens with the judging time, the thresholds and what was read", () => {
    const [first, second, third, fourth] = lines();
    expect(first).toBe("K8s PKI audit · judged at 2026-12-01 00:00 UTC");
    expect(second).toBe("warning window 30 days or last 10 % of lifetime · CA horizon 365 days");
    expect(third).toBe(
      "12 files read (1 not PKI material): 5 certificates, 4 keys, 1 kubeconfig, 1 manifest",
    );
    expect(fourth).toBe("Kubernetes v1.20.2 · node cp-1");
  });

  it("keeps the thresholds on the header line when it fits", () => {
    expect(lines(sampleReport(), 140)[0]).toBe(
      "K8s PKI audit · judged at 2026-12-01 00:00 UTC · warning window 30 days or last 10 % of lifetime · CA horizon 365 days",
    );
  });

  it("keeps cluster facts on the counts line when it fits", () => {
    expect(lines(sampleReport(), 200)[1]).toMatch(/1 manifest · Kubernetes v1\.20\.2 · node cp-1$/);
  });

  it("orders relationships primary first, in the catalogue's order, then secondary", () => {
    const all = lines();
    const order = ["etcd-peer", "apiserver-serving", "admin-client", "kubelet-serving:cp-1"].map((key) =>
      indexOfLine(all, new RegExp(`^  . \\w+ +${key} `)),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const secondaryHeading = indexOfLine(all, /^Secondary relationships$/);
    expect(secondaryHeading).toBeGreaterThan(order[3] ?? Infinity);
    expect(indexOfLine(all, /front-proxy-client/)).toBeGreaterThan(secondaryHeading);
  });

  const statusCases: { key: string; want: RegExp }[] = [
    { key: "etcd-peer", want: /^  ✓ ok +etcd-peer +etcd → etcd +356 days left$/ },
    {
      key: "apiserver-serving",
      want: /^  ✗ error +apiserver-serving +clients → kube-apiserver +expired 3 days ago$/,
    },
    {
      key: "admin-client",
      want: /^  ! warning +admin-client +kubectl \(admin\.conf\) → kube-apiserver +19 days left$/,
    },
    {
      key: "kubelet-serving:cp-1",
      want: /^  \? unknown +kubelet-serving:cp-1 +kube-apiserver → kubelet \(cp-1\)$/,
    },
  ];
  it.each(statusCases)("prints $key with symbol, word, ends and expiry", ({ want }) => {
    indexOfLine(lines(), want);
  });

  it("puts a relationship's findings and missing inputs under it", () => {
    const all = lines();
    const row = indexOfLine(all, /apiserver-serving/);
    expect(all[row + 1]).toMatch(/^      ✗ error CERT_EXPIRED +Certificate expired$/);
    const block = all.slice(row + 2, row + 8);
    const files = block.findIndex((line) => /^ +files: pki\/apiserver\.crt$/.test(line));
    expect(files, "the detail comes first, in the user's own data").toBeGreaterThan(0);
    expect(block.slice(0, files).join(" ")).toMatch(/2026|expired|valid/i);
    expect(block[files + 1]).toMatch(/^ +fix: kubeadm certs renew apiserver$/);
    const unknown = indexOfLine(all, /kubelet-serving:cp-1/);
    expect(all[unknown + 1]).toMatch(/i info KUBELET_SERVING_UNVERIFIED/);
    expect(all.slice(unknown + 1, unknown + 8).join("\n")).toContain("missing: kubelet serving certificate");
  });

  it("lists findings tied to no relationship once, under Other findings", () => {
    const all = lines();
    const heading = indexOfLine(all, /^Other findings$/);
    expect(all[heading + 1]).toMatch(/^  ! warning PARSE_ERROR +File could not be read$/);
    expect(all.filter((line) => line.includes("PARSE_ERROR"))).toHaveLength(1);
  });

  it("omits Other findings when every finding belongs to a relationship", () => {
    const report = sampleReport();
    const only = sampleReport({ findings: report.findings.slice(0, 3) });
    expect(lines(only).some((line) => line === "Other findings")).toBe(false);
  });

  it("shows a certificate by its stand-alone file rather than a kubeconfig copy", () => {
    const report = sampleReport();
    const certificates = report.certificates.map((certificate) =>
      certificate.id === "c-ca"
        ? { ...certificate, paths: ["admin.conf#clusters/kubernetes", "pki/ca.crt"] }
        : certificate,
    );
    expect(
      lines({ ...report, certificates }).some((line) => /^  pki\/ca\.crt \(\+1\) +kubernetes /.test(line)),
    ).toBe(true);
  });

  it("lists certificates soonest expiry first with CN, date and distance", () => {
    const all = lines();
    const heading = indexOfLine(all, /^Certificates by expiry$/);
    const rows = all.slice(heading + 2, heading + 7);
    expect(rows.map((row) => row.trim().split(/\s{2,}/)[0])).toEqual([
      "pki/apiserver.crt",
      "admin.conf#users/kubernetes-admin",
      "pki/odd.crt",
      "pki/etcd/peer.crt (+1)",
      "pki/ca.crt",
    ]);
    expect(rows[0]).toMatch(/kube-apiserver +2026-11-28 +✗ expired +expired 3 days ago$/);
    expect(rows[1]).toMatch(/kubernetes-admin +2026-12-20 +! renew soon +in 19 days$/);
    expect(rows[4]).toMatch(/kubernetes +2036-11-19 +✓ ok +in 9 years$/);
  });

  it("colours and words each certificate by its own expiry judgement, not by days left alone", () => {
    const report = sampleReport();
    // A ten-year CA in its last tenth is due with a year left; a day-long certificate with hours left is not.
    const certificates = report.certificates.map((certificate) =>
      certificate.id === "c-ca"
        ? { ...certificate, expiryState: "soon" as const }
        : certificate.id === "c-admin"
          ? { ...certificate, expiryState: "ok" as const }
          : certificate,
    );
    const colored = formatTable({ ...report, certificates }, { color: true }).split("\n");
    const row = (path: string) => colored.find((line) => line.startsWith(`  ${path}`)) ?? "";
    expect(row("pki/ca.crt")).toContain(`${ESC}33m! renew soon`);
    expect(row("admin.conf")).toContain(`${ESC}32m✓ ok`);
    expect(row("pki/apiserver.crt")).toContain(`${ESC}31m✗ expired`);
  });

  const summaryCases: { name: string; report: Report; want: string }[] = [
    { name: "errors exit 1", report: sampleReport(), want: "1 error, 2 warnings, 1 info — exit 1" },
    {
      name: "clean exits 0",
      report: sampleReport({ findings: [] }),
      want: "0 errors, 0 warnings, 0 info — exit 0",
    },
    {
      name: "warnings alone exit 0",
      report: sampleReport({
        findings: sampleReport().findings.filter((finding) => finding.severity !== "error"),
      }),
      want: "0 errors, 2 warnings, 1 info — exit 0",
    },
  ];
  it.each(summaryCases)("closes with counts and exit code: $name", ({ report, want }) => {
    const all = lines(report);
    expect(all.at(-1)).toBe("");
    expect(all.at(-2)).toBe(want);
  });

  it("closes with the exit code --fail-on gives", () => {
    const warnings = sampleReport({
      findings: sampleReport().findings.filter((finding) => finding.severity !== "error"),
    });
    const last = (failOn: "error" | "warning") =>
      formatTable(warnings, { color: false, failOn }).trimEnd().split("\n").at(-1);
    expect(last("error")).toBe("0 errors, 2 warnings, 1 info — exit 0");
    expect(last("warning")).toBe("0 errors, 2 warnings, 1 info — exit 1");
  });

  it("says so when nothing could be derived", () => {
    const empty = sampleReport({ relationships: [], certificates: [], findings: [] });
    const text = lines(empty).join("\n");
    expect(text).toContain("Trust relationships\n  none could be derived from the input");
    expect(text).toContain("no certificates in the input");
    expect(text).not.toContain("Secondary relationships");
  });

  it("uses no escape codes without colour and some with it", () => {
    expect(formatTable(sampleReport(), { color: false })).not.toContain(ESC);
    const colored = formatTable(sampleReport(), { color: true });
    expect(colored).toContain(`${ESC}31m✗ error`);
    expect(colored.replace(/\u001b\[\d+m/g, "")).toBe(formatTable(sampleReport(), { color: false }));
  });

  it("cuts a long instance key in the middle so its relationship and its file both stay visible", () => {
    const report = sampleReport();
    const relationships = report.relationships.map((relationship) =>
      relationship.key === "etcd-peer"
        ? { ...relationship, key: "etcd-peer:node-b/etc/kubernetes/pki/etcd/peer-with-a-long-name.crt" }
        : relationship,
    );
    const row = lines({ ...report, relationships }, 80).find((line) => line.includes("etcd → etcd"));
    expect(row).toMatch(/^  ✓ ok +etcd-peer:\S*…\S*name\.crt +etcd → etcd/);
  });

  const widthCases = [100, 80, 70];
  it.each(widthCases)("keeps every line within %i columns for the sample", (width) => {
    for (const line of lines(sampleReport(), width)) expect(textWidth(line), line).toBeLessThanOrEqual(width);
  });
});
