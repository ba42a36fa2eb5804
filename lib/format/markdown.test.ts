import { describe, expect, it } from "vitest";
import type { Report } from "../report";
import { formatMarkdown } from "./markdown";
import { reportFor } from "../test-support/fixtures";
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
  it("opens with a title, the judged-at date and a summary", () => {
    const all = lines();
    expect(all.slice(0, 12)).toEqual([
      "# Kubernetes PKI audit",
      "",
      "Judged at 2026-12-01 00:00 UTC. Kubernetes v1.20.2 · node cp-1.",
      "",
      "**1 error, 2 warnings, 1 info** (overall status: error)",
      "",
      "- Input: 12 files read: 5 certificates, 4 keys, 1 kubeconfig, 1 manifest.",
      "- Thresholds: warning window 30 days or last 10 % of lifetime · CA horizon 365 days.",
      "- Relationships: 2 ✓ ok, 1 ! warning, 1 ✗ error, 1 ? unknown.",
      "- Certificates: 1 ✗ expired, 1 ! renew soon, 3 ✓ ok.",
      "- First to expire: 2026-11-28 (expired 3 days ago): `pki/apiserver.crt`.",
      "",
    ]);
  });

  it("states the exit code --fail-on gives, and none without a command (an export)", () => {
    const warnings = sampleReport({
      findings: sampleReport().findings.filter((finding) => finding.severity !== "error"),
    });
    expect(formatMarkdown(warnings)).toContain("**0 errors, 2 warnings, 1 info** (overall");
    expect(formatMarkdown(warnings, { failOn: "error" })).toContain(
      "**0 errors, 2 warnings, 1 info — exit 0**",
    );
    expect(formatMarkdown(warnings, { failOn: "warning" })).toContain(
      "**0 errors, 2 warnings, 1 info — exit 1**",
    );
  });

  it("puts the sections in reading order", () => {
    const headings = lines().filter((line) => line.startsWith("## "));
    expect(headings).toEqual([
      "## Findings",
      "## Trust relationships",
      "## Certificate inventory",
      "## Renewal plan",
      "## Files not analysed",
    ]);
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
    const findings = all.slice(all.indexOf("## Findings"), all.indexOf("## Trust relationships"));
    const headings = findings.filter((line) => line.startsWith("### "));
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
    expect(all).toContain("**0 errors, 0 warnings, 0 info** (overall status: error)");
  });

  it("lists the certificate inventory soonest first with paths, subject, issuer and expiry", () => {
    const rows = tableAfter(lines(), "## Certificate inventory");
    expect(cellsOf(rows[0] ?? "")).toEqual([
      "Paths",
      "Subject",
      "Issuer",
      "Not after",
      "Days left",
      "Lifetime used",
      "State",
    ]);
    const body = rows.slice(2).map(cellsOf);
    expect(body[0]).toEqual([
      "`pki/apiserver.crt`",
      "CN=kube-apiserver",
      "CN=kubernetes",
      "2026-11-28 00:00 UTC",
      "-3 (expired)",
      "50 %",
      "✗ expired",
    ]);
    expect(body[1]?.[6]).toBe("! renew soon");
    expect(body[3]?.[0]).toBe("`pki/etcd/peer.crt`<br>`backup/peer.crt`");
    expect(body.at(-1)?.slice(4)).toEqual(["3640", "50 %", "✓ ok"]);
  });

  it("escapes | in table cells so every row keeps its column count", () => {
    const all = lines();
    const odd = all.find((line) => line.includes("pki/odd.crt"));
    expect(odd).toContain("CN=a\\|b");
    // Every row of a table has as many cells as its header.
    let columns = 0;
    all.forEach((line, index) => {
      if (!line.startsWith("|")) return;
      if (!all[index - 1]?.startsWith("|")) columns = cellsOf(line).length;
      expect(cellsOf(line), line).toHaveLength(columns);
    });
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

describe("formatMarkdown on real analyses", () => {
  it("prints the kubeadm v1.20 sample as pinned", async () => {
    const text = formatMarkdown(await reportFor("kubeadm-v1.20"));
    await expect(text).toMatchFileSnapshot("../__golden__/markdown-kubeadm-v1.20.md");
  });

  it("opens the renewal plan with the expired day, its step and what to restart", async () => {
    const all = lines(await reportFor("expired-apiserver"));
    const start = all.indexOf("## Renewal plan");
    const heading = all.indexOf("### 2026-05-01 — expired 31 days ago (✗ expired, 1 certificate)");
    expect(heading).toBeGreaterThan(start);
    expect(all[heading + 2]).toBe("If not renewed: every client rejects kube-apiserver.");
    const rows = tableAfter(all, "### 2026-05-01 — expired 31 days ago (✗ expired, 1 certificate)");
    expect(rows.slice(2).map(cellsOf)).toEqual([
      ["`apiserver.crt`", "`kubeadm certs renew apiserver`", "restart kube-apiserver (static pod)"],
    ]);
    const commands = all.slice(all.indexOf("### Commands, in order"));
    expect(commands.slice(2, 4)).toEqual(["```sh", "kubeadm certs renew all"]);
  });

  it("shows the lifetime used and the state each certificate was judged in", async () => {
    const rows = tableAfter(lines(await reportFor("expires-soon-etcd-client")), "## Certificate inventory");
    expect(cellsOf(rows[2] ?? "")).toEqual([
      "`etc/kubernetes/pki/apiserver-etcd-client.crt`",
      "CN=kube-apiserver-etcd-client",
      "CN=etcd-ca",
      "2026-06-20 00:00 UTC",
      "19",
      expect.stringMatching(/^\d+(\.\d)? %$/),
      "! renew soon",
    ]);
  });
});
