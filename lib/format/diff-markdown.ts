/**
 * `k8s-pki diff --format markdown` and the page's Markdown export of a comparison: the same
 * sections as the table, as GitHub-flavoured Markdown, every input-derived string inert and escaped.
 */
import type { CertificateChange, ReportDiff } from "../diff/diff-types";
import { dayOf, inertDiff, summaryLine } from "./diff-inert";
import { KIND_WORDS } from "./diff-table";
import { codeSpan, escapeMarkdown, tableRow } from "./markdown-text";

/** The diff as a Markdown document, ending with a newline. */
export function formatDiffMarkdown(input: ReportDiff): string {
  const diff = inertDiff(input);
  const lines: string[] = [
    "# What changed between two snapshots",
    "",
    `- Old drop judged at ${codeSpan(diff.old.now)} (${escapeMarkdown(diff.old.source)})`,
    `- New drop judged at ${codeSpan(diff.new.now)} (${escapeMarkdown(diff.new.source)})`,
    `- One cluster: both hold ${diff.sharedCAs.map(codeSpan).join(", ")}`,
    `- ${escapeMarkdown(summaryLine(diff))}`,
    "",
  ];
  const regressed = diff.edges.filter((edge) => edge.regressed);
  const newErrors = diff.findings.appeared.filter((finding) => finding.severity === "error");
  if (diff.missedRotations.length + regressed.length + newErrors.length > 0) {
    lines.push("## Regressions", "");
    for (const missed of diff.missedRotations)
      lines.push(`- **Did not rotate**: ${escapeMarkdown(missed.detail)}`);
    for (const edge of regressed)
      lines.push(`- **Worse**: ${codeSpan(edge.key)} ${edge.old ?? "absent"} → ${edge.new ?? "absent"}`);
    for (const finding of newErrors)
      lines.push(`- **New error** ${codeSpan(finding.code)}: ${escapeMarkdown(finding.title)}`);
    lines.push("");
  }
  lines.push("## Certificates", "");
  if (diff.certificates.length === 0) lines.push("None changed.", "");
  else {
    lines.push(
      tableRow(["Change", "Where", "Subject", "Valid until", "Also"]),
      tableRow(["---", "---", "---", "---", "---"]),
    );
    for (const change of diff.certificates) lines.push(changeRow(change));
    lines.push("");
  }
  if (diff.bundles.length > 0) {
    lines.push("## Bundles", "");
    for (const bundle of diff.bundles) {
      const parts = [
        ...bundle.added.map((ca) => `added ${codeSpan(ca.subject)}`),
        ...bundle.removed.map((ca) => `removed ${codeSpan(ca.subject)}`),
      ];
      lines.push(`- ${codeSpan(bundle.path)}: ${parts.join(", ")}`);
    }
    lines.push("");
  }
  const other = diff.edges.filter((edge) => !edge.regressed);
  if (other.length > 0) {
    lines.push("## Relationships", "");
    for (const edge of other)
      lines.push(`- ${codeSpan(edge.key)} ${edge.old ?? "absent"} → ${edge.new ?? "absent"}`);
    lines.push("");
  }
  if (diff.findings.appeared.length + diff.findings.resolved.length > 0) {
    lines.push("## Findings", "");
    for (const finding of diff.findings.appeared)
      lines.push(`- New ${finding.severity} ${codeSpan(finding.code)}: ${escapeMarkdown(finding.title)}`);
    for (const finding of diff.findings.resolved)
      lines.push(
        `- Resolved ${finding.severity} ${codeSpan(finding.code)}: ${escapeMarkdown(finding.title)}`,
      );
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}

function changeRow(change: CertificateChange): string {
  const subject = change.new?.subject ?? change.old?.subject ?? "";
  const until =
    change.old && change.new
      ? `${dayOf(change.old.notAfter)} → ${dayOf(change.new.notAfter)}`
      : dayOf((change.new ?? change.old)?.notAfter ?? "");
  const also = [
    ...(change.movedFrom ? [`moved from ${change.movedFrom.map(codeSpan).join(", ")}`] : []),
    ...(change.identity
      ? [`identity ${codeSpan(change.identity.old)} → ${codeSpan(change.identity.new)}`]
      : []),
    ...(change.sans
      ? [
          `SANs ${[...change.sans.added.map((s) => `+${s}`), ...change.sans.removed.map((s) => `−${s}`)].map(codeSpan).join(" ")}`,
        ]
      : []),
    ...(change.issuerChanged ? ["issued by another CA key"] : []),
  ];
  return tableRow([
    KIND_WORDS[change.kind],
    change.paths.map(codeSpan).join("<br>"),
    codeSpan(subject),
    until,
    also.join("; "),
  ]);
}
