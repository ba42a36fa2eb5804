/**
 * The alert rules README.md gives for `--format prometheus`, as the README has them: valid for
 * Prometheus (`promtool check rules`), and, evaluated by promtool on the metrics of a real audit,
 * each expression finds what it says — every broken relationship, every certificate within 14 days
 * of expiry, an audit that stopped running.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { requireTool, runTool } from "../test-support/external-tool";
import { REPO_ROOT } from "../test-support/fixtures";
import { formatReport } from "../test-support/format-reports";
import { tempDir } from "../test-support/pki-material";
import { formatPrometheus } from "./prometheus";

const MARKER = "<!-- prometheus-rules -->";

/** The YAML block that follows the marker in README.md. */
function readmeRules(): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const at = readme.indexOf(MARKER);
  if (at === -1) throw new Error(`README.md has no ${MARKER}`);
  const block = /^```yaml\n([\s\S]*?)^```$/m.exec(readme.slice(at + MARKER.length));
  if (!block?.[1]) throw new Error(`no \`\`\`yaml block after ${MARKER}`);
  return block[1];
}

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
}

function expressions(): Map<string, string> {
  const rules = (parse(readmeRules()) as RuleFile).groups.flatMap((group) => group.rules);
  return new Map(rules.map((rule) => [rule.alert, rule.expr]));
}

describe("README's Prometheus alert rules", () => {
  it("pass promtool check rules", () => {
    const promtool = requireTool("promtool", "prometheus");
    const file = join(tempDir(), "k8s-pki.rules.yml");
    writeFileSync(file, readmeRules());
    const run = runTool(promtool, ["check", "rules", file]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/SUCCESS: 3 rules found/);
    expect(run.status).toBe(0);
  });

  it("find the broken relationships, the certificates due within 14 days and a stale audit in real metrics", async () => {
    const promtool = requireTool("promtool", "prometheus");
    const report = await formatReport("all-faults");
    const judged = Date.parse(report.now) / 1000;
    // promtool's clock starts at 0: timestamps are shifted so that 0 is the audit's own instant,
    // and the file stays as the audit wrote it for four days (hourly samples), as it would if the
    // job stopped running.
    const series = formatPrometheus(report)
      .split("\n")
      .filter((line) =>
        /^(k8s_pki_relationship_status|x509_cert_not_after|k8s_pki_report_timestamp_seconds)[{ ]/.test(line),
      )
      .map((line) => {
        const cut = line.lastIndexOf(" ");
        const value = Number(line.slice(cut + 1));
        const shifted = line.startsWith("k8s_pki_relationship_status") ? value : value - judged;
        return { series: line.slice(0, cut), values: `${shifted}x96` };
      });
    const rules = expressions();
    const broken = report.relationships.filter((r) => r.status === "error").length;
    const due = new Set(
      report.certificates.flatMap((c) =>
        Date.parse(c.notAfter) / 1000 - judged < 14 * 86400 ? c.paths.map((path) => `${c.id} ${path}`) : [],
      ),
    ).size;
    expect(broken).toBeGreaterThan(10);
    expect(due).toBeGreaterThan(0);
    const counted = (alert: string, evalTime: string, value: number) => ({
      expr: `count(${rules.get(alert) ?? "absent(no_such_rule)"})`,
      eval_time: evalTime,
      exp_samples: value === 0 ? [] : [{ labels: "{}", value }],
    });
    const dir = tempDir();
    writeFileSync(
      join(dir, "test.yml"),
      stringify({
        evaluation_interval: "1h",
        tests: [
          {
            interval: "1h",
            input_series: series,
            promql_expr_test: [
              counted("KubernetesTrustRelationshipBroken", "0m", broken),
              counted("KubernetesCertificateExpiresSoon", "0m", due),
              counted("KubernetesPkiAuditStale", "24h", 0),
              counted("KubernetesPkiAuditStale", "72h", 1),
            ],
          },
        ],
      }),
    );
    const run = runTool(promtool, ["test", "rules", join(dir, "test.yml")]);
    expect(run.stdout + run.stderr).toMatch(/SUCCESS/);
    expect(run.status).toBe(0);
  });
});
