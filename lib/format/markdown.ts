/**
 * The audit as a Markdown document, for a pull-request comment, a ticket or an archive: a summary,
 * every finding with its detail, files and fix grouped by severity, the relationships, the
 * certificate inventory with each one's expiry judgement, and the renewal plan. Pure text from the
 * report; the report holds no key bytes, and nothing here reaches for more than the report.
 */
import type { ExpiryState } from "../expiry";
import { naturalOrder } from "../shared/natural-order";
import type { Evidence, RelationshipStatus, Report, ReportRelationship, Severity } from "../report";
import { exitCodeFor, type FailOn } from "./exit-code";
import { nothingToJudge, nothingToJudgePhrase, WHAT_IS_READ } from "./nothing-to-judge";
import {
  clusterFacts,
  scopeNotes,
  countNoun,
  EXPIRY_STATE_LABEL,
  expiryPhrase,
  findingCounts,
  formatUtc,
  percent,
  statusLabel,
  thresholdsPhrase,
} from "./labels";
import { inertReport } from "./inert-report";
import { renewalPlanSection } from "./markdown-plan";
import { codeSpan, escapeMarkdown, tableRow } from "./markdown-text";
import { type FindingFold, foldCount, foldFindings } from "./finding-folds";
import { examplesPhrase, nodesPhrase } from "./node-fold";
import { publicHalvesNote } from "./public-halves-note";
import { relationshipRows, rowEnds, rowKey, rowSoonest } from "./relationship-rows";
import { certificatesByExpiry, displayPath, groupRelationships } from "./report-view";

const SEVERITY_HEADINGS: { severity: Severity; heading: string }[] = [
  { severity: "error", heading: "Errors" },
  { severity: "warning", heading: "Warnings" },
  { severity: "info", heading: "Info" },
];

export interface MarkdownOptions {
  /**
   * The severity that fails the audit: the summary then states the command's exit code. Without it
   * (an export from the explorer) there is no command, and no exit code is mentioned.
   */
  failOn?: FailOn;
  /** `--allow-missing`: input that could not be read does not set the verdict's exit code. */
  allowMissing?: boolean;
}

/**
 * Render `report` as a self-contained Markdown audit report (GFM tables). Every value taken from
 * the user's files is made inert (`inertReport`: no control or bidi character reaches the file) and
 * escaped, and `|` is escaped in table cells, so odd subjects or paths cannot break the layout.
 */
export function formatMarkdown(input: Report, options: MarkdownOptions = {}): string {
  const report = inertReport(input);
  const sections = [
    overview(report, options.failOn, options.allowMissing),
    findingsSection(report),
    relationshipsSection(report),
    certificatesSection(report),
    renewalPlanSection(report),
    evidenceSection(report),
    skippedSection(report),
  ].filter((section) => section !== "");
  return sections.join("\n\n") + "\n";
}

/** The overview's sentence counts the healthy first ("12 ok, 1 error, 3 unknown"): a reading order, not a ranking. */
const OVERVIEW_STATUS_ORDER: readonly RelationshipStatus[] = ["ok", "warning", "error", "unknown"];
const EXPIRY_ORDER: ExpiryState[] = ["expired", "not-yet-valid", "soon", "ok"];

function overview(report: Report, failOn: FailOn | undefined, allowMissing: boolean | undefined): string {
  const { inputs } = report;
  const facts = clusterFacts(report);
  const judged = `Judged at ${formatUtc(report.now)}.`;
  const counts = [
    countNoun(inputs.certificates, "certificate"),
    countNoun(inputs.keys, "key"),
    countNoun(inputs.kubeconfigs, "kubeconfig"),
    countNoun(inputs.manifests, "manifest"),
  ].join(", ");
  const statuses = OVERVIEW_STATUS_ORDER.flatMap((status) => {
    const count = report.relationships.filter((relationship) => relationship.status === status).length;
    return count === 0 ? [] : [`${count} ${statusLabel(status)}`];
  });
  const states = EXPIRY_ORDER.flatMap((state) => {
    const count = report.certificates.filter((certificate) => certificate.expiryState === state).length;
    return count === 0 ? [] : [`${count} ${EXPIRY_STATE_LABEL[state]}`];
  });
  const halves = publicHalvesNote(report, codeSpan);
  const lines = [
    "# Kubernetes PKI audit",
    "",
    facts === "" ? judged : `${judged} ${escapeMarkdown(facts)}.`,
    "",
    verdict(report, failOn, allowMissing),
    "",
    ...scopeNotes(report).map((note) => `- Scope: ${escapeMarkdown(note)}.`),
    `- Input: ${countNoun(inputs.files, "file")} read: ${counts}.`,
    ...(halves ? [`- Private keys: ${halves}`] : []),
    `- Thresholds: ${thresholdsPhrase(report)}.`,
    `- Relationships: ${statuses.length === 0 ? "none" : statuses.join(", ")}.`,
    `- Certificates: ${states.length === 0 ? "none" : states.join(", ")}.`,
  ];
  const first = soonestExpiry(report);
  if (first) lines.push(`- First to expire: ${first}.`);
  return lines.join("\n");
}

/** The bold verdict line; a folder without PKI material says so rather than "0 errors". */
/** The bold summary line; the exit code only when a command ran (`failOn` given), not in an export. */
function verdict(report: Report, failOn: FailOn | undefined, allowMissing: boolean | undefined): string {
  const exit = failOn ? ` — exit ${exitCodeFor(report, failOn, allowMissing)}` : "";
  if (!nothingToJudge(report))
    return `**${findingCounts(report)}${exit}** (overall status: ${report.summary.status})`;
  const counts = report.findings.length > 0 ? ` · ${findingCounts(report)}` : "";
  return `**Nothing to judge: ${nothingToJudgePhrase(report)}${counts}${exit}** (looked for ${WHAT_IS_READ.join(", ")})`;
}

/** "2027-11-22 (expires in 356 days): `apiserver.crt`, … (11 certificates)": the next day anything expires. */
function soonestExpiry(report: Report): string | undefined {
  const [first] = certificatesByExpiry(report);
  if (!first) return undefined;
  const day = first.notAfter.slice(0, 10);
  const same = certificatesByExpiry(report).filter(
    (certificate) => certificate.notAfter.slice(0, 10) === day,
  );
  const shown = same.slice(0, 3).map((certificate) => codeSpan(displayPath(certificate)));
  const more = same.length > shown.length ? `, … (${countNoun(same.length, "certificate")})` : "";
  return `${day} (${expiryPhrase(report.now, first.notAfter)}): ${shown.join(", ")}${more}`;
}

function relationshipsSection(report: Report): string {
  const groups = groupRelationships(report);
  const parts = ["## Trust relationships", "", relationshipTable(report, groups.primary)];
  if (groups.secondary.length > 0)
    parts.push("", "### Secondary relationships", "", relationshipTable(report, groups.secondary));
  return parts.join("\n");
}

function relationshipTable(report: Report, relationships: ReportRelationship[]): string {
  if (relationships.length === 0) return "None could be derived from the input.";
  const rows = relationshipRows(report, relationships).map((row) => {
    const soonest = rowSoonest(report, row);
    const codes = row.findings.map((fold) =>
      fold.nodes.length > 0
        ? `${codeSpan(fold.finding.code)} (${foldCount(fold)})`
        : codeSpan(fold.finding.code),
    );
    const missing = row.missing.map((item) => `missing: ${escapeMarkdown(item)}`);
    return tableRow([
      statusLabel(row.relationship.status),
      codeSpan(rowKey(row)),
      escapeMarkdown(rowEnds(report, row)),
      soonest ? expiryPhrase(report.now, soonest.notAfter) : "",
      [...codes, ...missing].join("; "),
    ]);
  });
  return [
    tableRow(["Status", "Relationship", "Client → server", "Presented certificate", "Findings"]),
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function findingsSection(report: Report): string {
  if (report.findings.length === 0) return "## Findings\n\nNo findings.";
  const parts = ["## Findings"];
  for (const { severity, heading } of SEVERITY_HEADINGS) {
    const findings = report.findings
      .map((finding, index) => ({ finding, index }))
      .filter(({ finding }) => finding.severity === severity);
    if (findings.length === 0) continue;
    parts.push("", `### ${heading} (${findings.length})`);
    for (const fold of foldFindings(report, findings)) parts.push("", findingBlock(fold));
  }
  return parts.join("\n");
}

/** A finding, or one repeated on several nodes told once with their count, a few nodes and files. */
function findingBlock(fold: FindingFold): string {
  const { finding } = fold;
  const folded = fold.nodes.length > 0;
  const lines = [
    `#### ${codeSpan(finding.code)} — ${escapeMarkdown(finding.title)}${folded ? ` (${foldCount(fold)})` : ""}`,
    "",
    escapeMarkdown(folded ? `On ${nodesPhrase(fold.nodes)}. For example: ${finding.detail}` : finding.detail),
    "",
  ];
  const keys = [
    ...new Set(fold.instances.flatMap(({ finding: one }) => one.relationshipKey ?? one.relationship ?? [])),
  ];
  if (keys.length === 1) lines.push(`- Relationship: ${codeSpan(keys[0] ?? "")}`);
  else if (keys.length > 1)
    lines.push(`- Relationships: ${examplesPhrase(keys.sort(naturalOrder).map(codeSpan))}`);
  if (fold.files.length > 0)
    lines.push(
      `- Files: ${folded ? examplesPhrase(fold.files.map(codeSpan)) : fold.files.map(codeSpan).join(", ")}`,
    );
  if (finding.evidence && finding.evidence.length > 0)
    lines.push(`- Rests on: ${finding.evidence.map(evidencePhrase).join("; ")}`);
  if (finding.fix) lines.push(`- Fix: ${escapeMarkdown(finding.fix)}`);
  return lines.join("\n").trimEnd();
}

/** "kube-apiserver presents apiserver.crt (configured: --tls-cert-file in kube-apiserver.yaml)". */
function evidencePhrase(evidence: Evidence): string {
  return `${escapeMarkdown(evidence.fact)} (${evidence.source}: ${escapeMarkdown(evidence.from)})`;
}

/** How many relationships the evidence section explains: the first instance of each, never a fleet. */
const EVIDENCE_LISTED = 15;

/**
 * Why each relationship is wired as it is: per relationship (its first instance), the facts its ends
 * rest on and where each came from, so a reader can see which file was taken for which role and why.
 */
function evidenceSection(report: Report): string {
  const seen = new Set<string>();
  const firsts = report.relationships.filter((relationship) => {
    if (seen.has(relationship.id) || !relationship.evidence?.length) return false;
    seen.add(relationship.id);
    return true;
  });
  if (firsts.length === 0) return "";
  const parts = ["## What each relationship rests on"];
  for (const relationship of firsts.slice(0, EVIDENCE_LISTED)) {
    parts.push("", `- ${codeSpan(relationship.key)}:`);
    for (const evidence of relationship.evidence ?? []) parts.push(`  - ${evidencePhrase(evidence)}`);
  }
  return parts.join("\n");
}

function certificatesSection(report: Report): string {
  const certificates = certificatesByExpiry(report);
  if (certificates.length === 0) return "## Certificate inventory\n\nNo certificates in the input.";
  const rows = certificates.map((certificate) =>
    tableRow([
      certificate.paths.map(codeSpan).join("<br>"),
      escapeMarkdown(certificate.subject),
      escapeMarkdown(certificate.issuer),
      formatUtc(certificate.notAfter),
      Date.parse(certificate.notAfter) < Date.parse(report.now)
        ? `${certificate.daysLeft} (expired)`
        : String(certificate.daysLeft),
      percent(certificate.lifetimeUsed),
      EXPIRY_STATE_LABEL[certificate.expiryState],
    ]),
  );
  return [
    "## Certificate inventory",
    "",
    tableRow(["Paths", "Subject", "Issuer", "Not after", "Days left", "Lifetime used", "State"]),
    "| --- | --- | --- | --- | ---: | ---: | --- |",
    ...rows,
  ].join("\n");
}

function skippedSection(report: Report): string {
  const skipped = report.inputs.skipped;
  if (skipped.length === 0) return "";
  return [
    "## Files not analysed",
    "",
    ...skipped.map((item) => `- ${codeSpan(item.path)}: ${escapeMarkdown(item.reason)}`),
  ].join("\n");
}
