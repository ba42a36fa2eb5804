import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_FINDING_CODES, FINDING_CATALOGUE } from "../finding-codes";
import type { Report } from "../report";
import { requireTool, runTool } from "../test-support/external-tool";
import { fixtureDir } from "../test-support/fixtures";
import { FORMAT_REPORT_NAMES, formatReport } from "../test-support/format-reports";
import { openssl } from "../test-support/pki-material";
import { unsafeCharacters } from "./output-safety";
import { formatPrometheus } from "./prometheus";

/** One sample line of our output: its metric name, its labels (escapes undone) and its value. */
interface Line {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Line[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-z0-9_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const pair of (match[2] ?? "").matchAll(/([A-Za-z_]+)="((?:\\.|[^"\\])*)"/g))
        labels[pair[1] ?? ""] = (pair[2] ?? "").replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

const find = (lines: Line[], name: string, labels: Record<string, string>) =>
  lines.filter(
    (line) => line.name === name && Object.entries(labels).every(([k, v]) => line.labels[k] === v),
  );

describe("--format prometheus", () => {
  it.each(FORMAT_REPORT_NAMES)("%s: promtool check metrics finds no problem", async (name) => {
    const promtool = requireTool("promtool", "prometheus");
    const text = formatPrometheus(await formatReport(name));
    const run = runTool(promtool, ["check", "metrics"], text);
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
    expect(text.endsWith("\n")).toBe(true);
    expect(text.length).toBeGreaterThan(1000);
  });

  it("gives each certificate file the exporter's labels and its dates in Unix seconds (openssl as oracle)", async () => {
    const lines = samples(formatPrometheus(await formatReport("healthy")));
    const dir = join(fixtureDir("healthy"), "etc/kubernetes/pki");
    const fields = new TextDecoder()
      .decode(openssl(["x509", "-in", "apiserver.crt", "-noout", "-serial", "-enddate", "-startdate"], dir))
      .trim()
      .split("\n");
    const field = (key: string) =>
      fields.find((line) => line.startsWith(`${key}=`))?.slice(key.length + 1) ?? "";
    const [notAfter] = find(lines, "x509_cert_not_after", { filepath: "etc/kubernetes/pki/apiserver.crt" });
    expect(notAfter?.labels).toEqual({
      filename: "apiserver.crt",
      filepath: "etc/kubernetes/pki/apiserver.crt",
      issuer_CN: "kubernetes",
      serial_number: BigInt(`0x${field("serial")}`).toString(),
      subject_CN: "kube-apiserver",
    });
    expect(notAfter?.value).toBe(Date.parse(field("notAfter")) / 1000);
    const [notBefore] = find(lines, "x509_cert_not_before", { filepath: "etc/kubernetes/pki/apiserver.crt" });
    expect(notBefore?.value).toBe(Date.parse(field("notBefore")) / 1000);
    // Judged at 2026-06-01: valid, with the seconds to its expiry.
    expect(find(lines, "x509_cert_expired", { filename: "apiserver.crt" })[0]?.value).toBe(0);
    expect(find(lines, "x509_cert_expires_in_seconds", { filename: "apiserver.crt" })[0]?.value).toBe(
      (Date.parse(field("notAfter")) - Date.parse("2026-06-01T00:00:00Z")) / 1000,
    );
  });

  it("labels a certificate inside a kubeconfig with its entry, and a CA bundle's every block", async () => {
    const lines = samples(formatPrometheus(await formatReport("healthy")));
    expect(find(lines, "x509_cert_not_after", { filename: "admin.conf" }).map((line) => line.labels)).toEqual(
      [
        expect.objectContaining({
          embedded_kind: "cluster",
          embedded_key: "kubernetes",
          subject_CN: "kubernetes",
        }),
        expect.objectContaining({
          embedded_kind: "user",
          embedded_key: "kubernetes-admin",
          subject_CN: "kubernetes-admin",
          subject_O: "kubeadm:cluster-admins",
        }),
      ],
    );
    // kubelet.crt holds the kubelet's serving certificate and its own CA: two series of one file.
    const kubelet = find(lines, "x509_cert_not_after", { filepath: "var/lib/kubelet/pki/kubelet.crt" });
    expect(kubelet.map((line) => line.labels.subject_CN).sort()).toEqual([
      "control-1-ca@1767225600",
      "control-1@1767225600",
    ]);
    expect(find(lines, "x509_read_errors", {})).toEqual([{ name: "x509_read_errors", labels: {}, value: 0 }]);
  });

  it("states every relationship's status once, and counts every finding by code and severity", async () => {
    const report = await formatReport("all-faults");
    const lines = samples(formatPrometheus(report));
    for (const relationship of report.relationships) {
      const states = find(lines, "k8s_pki_relationship_status", { key: relationship.key });
      expect(states.map((line) => line.labels.status).sort()).toEqual(["error", "ok", "unknown", "warning"]);
      expect(states.filter((line) => line.value === 1).map((line) => line.labels.status)).toEqual([
        relationship.status,
      ]);
    }
    expect(find(lines, "k8s_pki_relationship_status", { status: "error" }).some((l) => l.value === 1)).toBe(
      true,
    );
    const counted = find(lines, "k8s_pki_findings", {});
    expect(counted.reduce((sum, line) => sum + line.value, 0)).toBe(report.findings.length);
    for (const severity of ["error", "warning", "info"] as const)
      expect(find(lines, "k8s_pki_findings", { severity }).reduce((sum, line) => sum + line.value, 0)).toBe(
        report.summary[severity],
      );
    // A code the audit can report and did not is there, at 0.
    const pairs = ALL_FINDING_CODES.flatMap((code) =>
      FINDING_CATALOGUE[code].severities.map((s) => `${code} ${s}`),
    );
    expect(new Set(counted.map((line) => `${line.labels.code} ${line.labels.severity}`))).toEqual(
      new Set(pairs),
    );
    expect(find(lines, "k8s_pki_findings", { code: "SA_KEY_DIFFERS" })).toEqual([
      { name: "k8s_pki_findings", labels: { code: "SA_KEY_DIFFERS", severity: "error" }, value: 0 },
      { name: "k8s_pki_findings", labels: { code: "SA_KEY_DIFFERS", severity: "info" }, value: 0 },
    ]);
    expect(find(lines, "k8s_pki_report_timestamp_seconds", {})[0]?.value).toBe(Date.parse(report.now) / 1000);
    expect(find(lines, "x509_read_errors", {})[0]?.value).toBe(1);
  });

  it("is the same for the same report in any order of its lists", async () => {
    const report = await formatReport("all-faults");
    const reversed: Report = {
      ...report,
      certificates: [...report.certificates].reverse(),
      relationships: [...report.relationships].reverse(),
      findings: [...report.findings].reverse(),
    };
    expect(formatPrometheus(reversed)).toBe(formatPrometheus(report));
  });

  it("tells apart two certificates that would share every label (the exporter's discriminator)", async () => {
    const report = await formatReport("healthy");
    const apiserver = report.certificates.find((c) => c.paths.includes("etc/kubernetes/pki/apiserver.crt"));
    if (!apiserver) throw new Error("no apiserver certificate");
    const twin = { ...apiserver, id: "c-twin", sha256: `0123abcd${apiserver.sha256.slice(8)}` };
    const text = formatPrometheus({ ...report, certificates: [...report.certificates, twin] });
    expect(runTool(requireTool("promtool", "prometheus"), ["check", "metrics"], text).status).toBe(0);
    const series = find(samples(text), "x509_cert_not_after", { filename: "apiserver.crt" });
    expect(series.map((line) => line.labels.discriminator).sort()).toEqual(
      ["0123abcd", apiserver.sha256.slice(0, 8)].sort(),
    );
  });

  it("hostile cluster: one sample per line, nothing a terminal acts on, names readable as escapes", async () => {
    const report = await formatReport("hostile");
    const text = formatPrometheus(report);
    expect(unsafeCharacters(text, { sgr: false })).toEqual([]);
    const lines = text.split("\n").slice(0, -1);
    for (const line of lines) expect(line).toMatch(/^(# (HELP|TYPE) [a-z0-9_]+ .*|[a-z0-9_]+(\{.*\})? \S+)$/);
    const certificateFiles = new Set(
      report.certificates.flatMap((c) => c.paths.map((path) => path.split("#", 1)[0] ?? path)),
    );
    const filepaths = new Set(
      find(samples(text), "x509_cert_not_after", {}).map((line) => line.labels.filepath),
    );
    expect(filepaths.size).toBe(certificateFiles.size);
    // The hostile file name, its ESC and bidi override written as escapes a person can read.
    expect(text).toContain(`\\\\x1B[2J`);
    expect(text).toContain(`\\\\u202Egnp.exe`);
  });
});

describe("the certificate labels", () => {
  it("reads subject and issuer fields from the report's names, escapes undone", async () => {
    const { nameFields, decimalSerial, fileLocation } = await import("./x509-labels");
    expect(
      Object.fromEntries(nameFields("C=DE, ST=Berlin, L=Mitte, O=a\\, b + OU=ops\\  + OU=second, CN=x\\00y")),
    ).toEqual({
      C: "DE",
      ST: "Berlin",
      L: "Mitte",
      O: "a, b",
      OU: "ops ",
      CN: "x\u0000y",
    });
    expect(nameFields("O=first, O=second").get("O")).toBe("first");
    expect(nameFields("CN=trailing\\ ").get("CN")).toBe("trailing ");
    expect(decimalSerial("5478e89a3964d12a")).toBe("6086870645476741418");
    expect(decimalSerial("ff")).toBe("-1");
    expect(decimalSerial("00ff")).toBe("255");
    expect(fileLocation("a/b.conf#users/system:node:cp-1")).toEqual({
      file: "a/b.conf",
      embedded: { kind: "user", key: "system:node:cp-1" },
    });
    expect(fileLocation("kubelet.crt#block 2")).toEqual({ file: "kubelet.crt" });
  });
});
