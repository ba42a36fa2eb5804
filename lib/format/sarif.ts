/**
 * `--format sarif`: the audit as a SARIF 2.1.0 log, for code-scanning dashboards (GitHub code
 * scanning, GitLab, Azure DevOps, any SARIF viewer).
 *
 * One rule per finding code the product can emit (lib/finding-codes.ts), one result per finding at
 * the finding's own level (info is SARIF's `note`), located at the finding's first file relative to
 * the audited folder (`%SRCROOT%`), its other files as related locations. Every result has a
 * location — a finding without files points at its relationship's files or the audited folder — and
 * a `primaryLocationLineHash` fingerprint made from its code, files and relationship instance, so a
 * dashboard keeps one alert per fault across nightly runs. The invocation says whether the whole
 * input was judged and at which instant; the run's properties carry the relationship summary.
 *
 * Messages are text for people, written from the inert report (control and bidi characters as
 * visible escapes); URIs are percent-encoded from the exact names. A pure function of the report.
 */
import type { Finding, RelationshipStatus, Report } from "../report";
import { missingInput } from "./exit-code";
import { inertReport } from "./inert-report";
import {
  findingFingerprints,
  findingPaths,
  pathLocation,
  SOURCE_ROOT,
  type SarifLocation,
} from "./sarif-location";
import { SARIF_LEVEL, type SarifLevel, sarifRules } from "./sarif-rules";

/** The schema GitHub's documentation names for SARIF 2.1.0 logs. */
export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";

/** What the tool is called on a dashboard, where results are filtered by tool. */
export const SARIF_TOOL_NAME = "k8s-pki";

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: SarifLocation[];
  relatedLocations?: SarifLocation[];
  partialFingerprints: Record<string, string>;
  properties?: Record<string, string>;
}

/** A title and a detail as one message: the title a sentence of its own, then the fix. */
function messageText(finding: Finding): string {
  const title = /[.!?]$/.test(finding.title) ? finding.title : `${finding.title}.`;
  return [title, finding.detail, finding.fix ? `Fix: ${finding.fix}` : ""]
    .filter((part) => part !== "")
    .join("\n\n");
}

function result(
  report: Report,
  shown: Report,
  index: number,
  ruleIndex: Map<string, number>,
  fingerprint: string,
) {
  const finding = report.findings[index];
  const text = shown.findings[index];
  if (!finding || !text) throw new Error(`sarif: no finding at ${index}`);
  const [first = "", ...others] = findingPaths(report, finding);
  const entry: SarifResult = {
    ruleId: finding.code,
    ruleIndex: ruleIndex.get(finding.code) ?? 0,
    level: SARIF_LEVEL[finding.severity],
    message: { text: messageText(text) },
    locations: [pathLocation(first)],
    partialFingerprints: { primaryLocationLineHash: fingerprint },
  };
  if (others.length > 0)
    entry.relatedLocations = others.map((path, position) => ({
      id: position + 1,
      ...pathLocation(path),
      message: { text: shown.findings[index]?.files[position + 1] ?? path },
    }));
  const properties: Record<string, string> = {};
  if (text.relationship) properties.relationship = text.relationship;
  if (text.relationshipKey) properties.relationshipKey = text.relationshipKey;
  if (Object.keys(properties).length > 0) entry.properties = properties;
  return entry;
}

/** How many relationships have each status: the run's summary. */
function statusCounts(report: Report): Record<RelationshipStatus, number> {
  const counts: Record<RelationshipStatus, number> = { ok: 0, warning: 0, error: 0, unknown: 0 };
  for (const relationship of report.relationships) counts[relationship.status]++;
  return counts;
}

/** The report as a SARIF 2.1.0 log (two-space JSON and a final newline). */
export function formatSarif(report: Report): string {
  const shown = inertReport(report);
  const { rules, index } = sarifRules(report.findings.map((finding) => finding.code));
  const fingerprints = findingFingerprints(report);
  const missing = missingInput(report);
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: SARIF_TOOL_NAME, rules } },
        originalUriBaseIds: {
          [SOURCE_ROOT]: {
            description: { text: "The audited folder or archive: every path is relative to it." },
          },
        },
        invocations: [
          {
            executionSuccessful: missing === undefined,
            ...(missing === undefined
              ? {}
              : {
                  toolExecutionNotifications: [
                    { level: "error", message: { text: `The input was not judged in full: ${missing}.` } },
                  ],
                }),
            properties: {
              judgedAt: report.now,
              warnDays: report.warnDays,
              warnFraction: report.warnFraction,
              caHorizonDays: report.caHorizonDays,
            },
          },
        ],
        results: report.findings.map((_, position) =>
          result(report, shown, position, index, fingerprints[position] ?? ""),
        ),
        properties: {
          status: report.summary.status,
          relationships: statusCounts(report),
          findings: {
            error: report.summary.error,
            warning: report.summary.warning,
            info: report.summary.info,
          },
          ...(shown.layout ? { layout: shown.layout.name } : {}),
          ...(shown.cluster.kubernetesVersion ? { kubernetesVersion: shown.cluster.kubernetesVersion } : {}),
        },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
