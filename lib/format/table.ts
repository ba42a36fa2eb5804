/**
 * The terminal report for people: what was read, every relationship with its status and the
 * findings under it, findings tied to no relationship, certificates by expiry, and a closing line
 * with the counts and the exit code. Pure: the CLI decides colour and width and prints the string.
 */
import type { ExpiryState } from "../expiry";
import type { Finding, RelationshipStatus, Report, ReportRelationship, Severity } from "../report";
import { createStyler, type Style, type Styler } from "./ansi";
import { commonName } from "./common-name";
import { exitCodeFor, type FailOn } from "./exit-code";
import {
  clusterFacts,
  countNoun,
  EXPIRY_STATE_LABEL,
  expiryPhrase,
  findingCounts,
  formatUtc,
  remainingPhrase,
  severityLabel,
  statusLabel,
  thresholdsPhrase,
} from "./labels";
import {
  certificatesByExpiry,
  componentName,
  displayPath,
  groupRelationships,
  presentedCertificates,
  relationshipFindings,
  unattachedFindings,
} from "./report-view";
import { fitColumns, padEnd, textWidth, truncate, truncatePath, wrap } from "./text-layout";

export interface TableOptions {
  /** ANSI colours; the CLI passes `isTTY && !NO_COLOR && !--no-color`. */
  color: boolean;
  /** Terminal columns to stay within where possible (default 100). */
  width?: number;
  /** The severity that fails the audit, for the closing line's exit code (default "error"). */
  failOn?: FailOn;
}

const DEFAULT_WIDTH = 100;
const ROW_INDENT = "  ";
const FINDING_INDENT = "      ";
/** The certificate list's column that carries the expiry state (and its colour). */
const STATE_COLUMN = 3;

/**
 * Render `report` as aligned plain text, one relationship per line with a symbol and a word for its
 * status (so colour is never the only cue), its findings indented below it, and for `unknown`
 * relationships the inputs that were missing. Colour codes appear only when `options.color` is true.
 */
export function formatTable(report: Report, options: TableOptions): string {
  const width = options.width ?? DEFAULT_WIDTH;
  const style = createStyler(options.color);
  const lines: string[] = [...header(report, width, style), ""];
  const groups = groupRelationships(report);
  const rows = new Map(
    [...groups.primary, ...groups.secondary].map((relationship) => [
      relationship,
      relationshipRow(report, relationship),
    ]),
  );
  const widths = fitColumns([...rows.values()], width - ROW_INDENT.length, [2, 1]);
  const section = (title: string, relationships: ReportRelationship[]): string[] =>
    relationshipSection(title, relationships, { report, rows, widths, width, style });
  lines.push(...section("Trust relationships", groups.primary));
  if (groups.secondary.length > 0) lines.push("", ...section("Secondary relationships", groups.secondary));
  const others = unattachedFindings(report);
  if (others.length > 0) {
    lines.push("", style.bold("Other findings"));
    for (const { finding } of others) lines.push(...findingBlock(finding, ROW_INDENT, width, style));
  }
  lines.push("", ...certificateSection(report, width, style), "", summaryLine(report, options.failOn, style));
  return lines.join("\n") + "\n";
}

function header(report: Report, width: number, style: Styler): string[] {
  const { inputs } = report;
  const judged = `K8s PKI audit · judged at ${formatUtc(report.now)}`;
  const thresholds = thresholdsPhrase(report);
  // The thresholds say what "renew soon" meant; on a narrow terminal they get a line of their own.
  const first =
    textWidth(judged) + 3 + textWidth(thresholds) <= width
      ? [`${judged} · ${thresholds}`]
      : [judged, thresholds];
  const counts = [
    countNoun(inputs.certificates, "certificate"),
    countNoun(inputs.keys, "key"),
    countNoun(inputs.kubeconfigs, "kubeconfig"),
    countNoun(inputs.manifests, "manifest"),
  ].join(", ");
  const skipped = inputs.skipped.length > 0 ? ` (${inputs.skipped.length} not PKI material)` : "";
  const read = `${countNoun(inputs.files, "file")} read${skipped}: ${counts}`;
  const facts = clusterFacts(report);
  const second =
    facts === ""
      ? [read]
      : textWidth(read) + 3 + textWidth(facts) <= width
        ? [`${read} · ${facts}`]
        : [read, facts];
  return [
    ...first.flatMap((line) => wrap(line, width, "", "  ")).map(style.bold),
    ...second.flatMap((line) => wrap(line, width, "", "  ")),
  ];
}

/** One relationship's cells: status, key, client → server, soonest expiry of what it presents. */
function relationshipRow(report: Report, relationship: ReportRelationship): string[] {
  const soonest = presentedCertificates(report, relationship)[0];
  return [
    statusLabel(relationship.status),
    relationship.key,
    `${componentName(report, relationship.client)} → ${componentName(report, relationship.server)}`,
    soonest ? remainingPhrase(report.now, soonest.notAfter) : "",
  ];
}

interface SectionLayout {
  report: Report;
  rows: Map<ReportRelationship, string[]>;
  /** Shared by both sections so primary and secondary rows line up. */
  widths: number[];
  width: number;
  style: Styler;
}

function relationshipSection(
  title: string,
  relationships: ReportRelationship[],
  layout: SectionLayout,
): string[] {
  const { report, rows, widths, width, style } = layout;
  const lines = [style.bold(title)];
  if (relationships.length === 0)
    return [...lines, `${ROW_INDENT}${style.dim("none could be derived from the input")}`];
  for (const relationship of relationships) {
    const row = rows.get(relationship) ?? [];
    const cells = row.map((cell, column) => {
      // A long instance key (`controller-manager-client:node-b/controller-manager.conf`) needs both ends.
      const fitted = truncate(cell, widths[column] ?? cell.length, column === 1);
      return column === row.length - 1 ? fitted : padEnd(fitted, widths[column] ?? 0);
    });
    cells[0] = statusStyle(relationship.status, style)(cells[0] ?? "");
    lines.push((ROW_INDENT + cells.join("  ")).trimEnd());
    for (const { finding } of relationshipFindings(report, relationship))
      lines.push(...findingBlock(finding, FINDING_INDENT, width, style));
    for (const missing of relationship.missing)
      lines.push(...styledWrap(`missing: ${missing}`, width, FINDING_INDENT, style.dim));
  }
  return lines;
}

function findingBlock(finding: Finding, indent: string, width: number, style: Styler): string[] {
  const label = severityLabel(finding.severity);
  const detailIndent = indent + " ".repeat(label.length + 1);
  const lines = wrap(`${label} ${finding.code}  ${finding.title}`, width, indent, detailIndent);
  // The label and code lead the first line whole (neither contains a breakable space past the symbol).
  const lead = `${indent}${label} ${finding.code}`;
  if (lines[0]?.startsWith(lead)) {
    lines[0] = `${indent}${severityStyle(finding.severity, style)(label)} ${style.bold(finding.code)}${lines[0].slice(lead.length)}`;
  }
  lines.push(...wrap(finding.detail, width, detailIndent));
  if (finding.files.length > 0)
    lines.push(...wrap(`files: ${finding.files.join(", ")}`, width, detailIndent));
  if (finding.fix) lines.push(...styledWrap(`fix: ${finding.fix}`, width, detailIndent, style.cyan));
  return lines;
}

/** Wrap, then style only the text of each line so indentation stays plain. */
function styledWrap(text: string, width: number, indent: string, apply: Style): string[] {
  return wrap(text, width, indent).map((line) => indent + apply(line.slice(indent.length)));
}

function certificateSection(report: Report, width: number, style: Styler): string[] {
  const certificates = certificatesByExpiry(report);
  const lines = [style.bold("Certificates by expiry")];
  if (certificates.length === 0)
    return [...lines, `${ROW_INDENT}${style.dim("no certificates in the input")}`];
  const headings = ["PATH", "SUBJECT CN", "EXPIRES", "STATE", "LEFT"];
  const rows = certificates.map((certificate) => {
    const more = certificate.paths.length > 1 ? ` (+${certificate.paths.length - 1})` : "";
    return [
      `${displayPath(certificate)}${more}`,
      commonName(certificate.subject),
      formatUtc(certificate.notAfter).slice(0, 10),
      EXPIRY_STATE_LABEL[certificate.expiryState],
      expiryPhrase(report.now, certificate.notAfter).replace(/^expires /, ""),
    ];
  });
  const widths = fitColumns([headings, ...rows], width - ROW_INDENT.length, [0, 1]);
  const render = (row: string[], styleState: Style): string =>
    (
      ROW_INDENT +
      row
        .map((cell, column) => {
          const fit = widths[column] ?? cell.length;
          const fitted = column === 0 ? truncatePath(cell, fit) : truncate(cell, fit);
          const styled = column === STATE_COLUMN ? styleState(fitted) : fitted;
          return column === row.length - 1
            ? styled
            : styled + " ".repeat(Math.max(0, (widths[column] ?? 0) - textWidth(fitted)));
        })
        .join("  ")
    ).trimEnd();
  lines.push(style.dim(render(headings, (text) => text)));
  // The certificate's own judgement (both thresholds), so the table agrees with the findings and the explorer.
  certificates.forEach((certificate, index) => {
    lines.push(render(rows[index] ?? [], expiryStyle(certificate.expiryState, style)));
  });
  return lines;
}

function summaryLine(report: Report, failOn: FailOn | undefined, style: Styler): string {
  const code = exitCodeFor(report, failOn);
  const text = `${findingCounts(report)} — exit ${code}`;
  const hasWarning = report.findings.some((finding) => finding.severity === "warning");
  return style.bold(code === 1 ? style.red(text) : hasWarning ? style.yellow(text) : style.green(text));
}

function expiryStyle(state: ExpiryState, style: Styler): Style {
  return { expired: style.red, "not-yet-valid": style.red, soon: style.yellow, ok: style.green }[state];
}

function statusStyle(status: RelationshipStatus, style: Styler): Style {
  return { ok: style.green, warning: style.yellow, error: style.red, unknown: style.dim }[status];
}

function severityStyle(severity: Severity, style: Styler): Style {
  return { error: style.red, warning: style.yellow, info: style.cyan }[severity];
}
