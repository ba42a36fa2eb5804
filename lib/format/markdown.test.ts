import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { formatMarkdown } from "./markdown";
import { sampleReport } from "./sample-report";

function lines(report: Report = sampleReport()): string[] {
  return formatMarkdown(report).split("\n");
}

/** The rows of the first GFM table after `heading`, header and delimiter included. */
function tableAfter(all: string[], heading: string): string[] {
  const start = all.indexOf(heading);
  expect(start, `no heading ${heading}`).toBeGreaterThanOrEqual(0);
  const first = all.findIndex((line, index) => index > start && line.startsWith("|"));
  const rows: string[] = [];
  for (let index = first; index < all.length && all[index]?.startsWith("|"); index++)
    rows.push(all[index] ?? "");
  return rows;
}

function cellsOf(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

describe("formatMarkdown", () => {
  it("opens with a title, the judged-at date and the counts", () => {
    const all = lines();
    expect(all[0]).toBe("# Kubernetes PKI audit");
    expect(all).toContain(
      "Judged at 2026-12-01 00:00 UTC with a 30-day warning window. Kubernetes v1.20.2 · node cp-1.",
    );
    expect(all).toContain("**1 error, 2 warnings, 1 info — exit 1** (overall status: error)");
    expect(all).toContain("12 files read: 5 certificates, 4 keys, 1 kubeconfig, 1 manifest.");
  });

  it("tabulates the primary relationships in catalogue order with status, ends, expiry and findings", () => {
    const rows = tableAfter(lines(), "## Trust relationships");
    expect(cellsOf(rows[0] ?? "")).toEqual([
      "Status",
      "Relationship",
      "Client → server",
      "Presented certificate",
      "Findings",
    ]);
    const body = rows.slice(2).map(cellsOf);
    expect(body.map((cells) => cells[1])).toEqual([
      "`etcd-peer`",
      "`apiserver-serving`",
      "`admin-client`",
      "`kubelet-serving:cp-1`",
    ]);
    expect(body[1]).toEqual([
      "✗ error",
      "`apiserver-serving`",
      "clients → kube-apiserver",
      "expired 3 days ago",
      "`CERT_EXPIRED`",
    ]);
    expect(body[3]?.[0]).toBe("? unknown");
    expect(body[3]?.[4]).toContain("missing: kubelet serving certificate");
  });

  it("puts secondary relationships in their own table", () => {
    const rows = tableAfter(lines(), "### Secondary relationships");
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain("`front-proxy-client`");
  });

  it("groups findings by severity with detail, files and fix", () => {
    const all = lines();
    const headings = all.filter((line) => line.startsWith("### ") && line !== "### Secondary relationships");
    expect(headings).toEqual(["### Errors (1)", "### Warnings (2)", "### Info (1)"]);
    const expired = all.indexOf("#### `CERT_EXPIRED` — Certificate expired");
    expect(expired).toBeGreaterThan(all.indexOf("### Errors (1)"));
    expect(all.slice(expired, expired + 7)).toEqual([
      "#### `CERT_EXPIRED` — Certificate expired",
      "",
      "CN=kube-apiserver in pki/apiserver.crt expired on 2026-11-28.",
      "",
      "- Relationship: `apiserver-serving`",
      "- Files: `pki/apiserver.crt`",
      "- Fix: kubeadm certs renew apiserver",
    ]);
    expect(all.indexOf("#### `PARSE_ERROR` — File could not be read")).toBeGreaterThan(
      all.indexOf("### Warnings (2)"),
    );
  });

  it("says so when there are no findings", () => {
    const all = lines(sampleReport({ findings: [] }));
    expect(all.join("\n")).toContain("## Findings\n\nNo findings.");
    expect(all).toContain("**0 errors, 0 warnings, 0 info — exit 0** (overall status: error)");
  });

  it("lists the certificate inventory soonest first with paths, subject, issuer, notAfter and days left", () => {
    const rows = tableAfter(lines(), "## Certificate inventory");
    expect(cellsOf(rows[0] ?? "")).toEqual(["Paths", "Subject", "Issuer", "Not after", "Days left"]);
    const body = rows.slice(2).map(cellsOf);
    expect(body[0]).toEqual([
      "`pki/apiserver.crt`",
      "CN=kube-apiserver",
      "CN=kubernetes",
      "2026-11-28 00:00 UTC",
      "-3 (expired)",
    ]);
    expect(body[3]?.[0]).toBe("`pki/etcd/peer.crt`<br>`backup/peer.crt`");
    expect(body.at(-1)?.[4]).toBe("3640");
  });

  it("escapes | in table cells so every row keeps its column count", () => {
    const all = lines();
    const odd = all.find((line) => line.includes("pki/odd.crt"));
    expect(odd).toContain("CN=a\\|b");
    for (const row of all.filter((line) => line.startsWith("|"))) expect(cellsOf(row)).toHaveLength(5);
  });

  it("escapes Markdown in values from the user's files", () => {
    const report = sampleReport();
    const first = report.certificates[0];
    if (!first) throw new Error("sample report has certificates");
    const wildcard = { ...first, subject: "CN=*.example.com", issuer: "CN=_x_" };
    const all = lines({ ...report, certificates: [wildcard] });
    expect(all.some((line) => line.includes("CN=\\*.example.com") && line.includes("CN=\\_x\\_"))).toBe(true);
  });

  it("lists files that were not analysed", () => {
    const all = lines();
    expect(all.slice(all.indexOf("## Files not analysed"))).toContain("- `README.md`: not PKI material");
    expect(lines(sampleReport({ inputs: { ...sampleReport().inputs, skipped: [] } }))).not.toContain(
      "## Files not analysed",
    );
  });
});
