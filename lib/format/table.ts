/**
 * The terminal report for people: what was read, every relationship with its status and the
 * findings under it, findings tied to no relationship, certificates by expiry, and a closing line
 * with the counts and the exit code. Pure: the CLI decides colour and width and prints the string.
 */
import type { ExpiryState } from "../expiry";
import { certificateLabel } from "../view/certificate-label";
import type { RelationshipStatus, Report, Severity } from "../report";
import { createStyler, type Style, type Styler } from "./ansi";
import { commonName } from "./common-name";
import { exitCodeFor, type FailOn } from "./exit-code";
import { nothingToJudge, nothingToJudgePhrase } from "./nothing-to-judge";
import {
  clusterFacts,
  scopeNotes,
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
import { type FindingFold, foldCount, foldFindings } from "./finding-folds";
import { publicHalvesNote } from "./public-halves-note";
import { certificateRows } from "./certificate-rows";
import { examplesPhrase, nodeContext, nodesPhrase, replaceNode } from "./node-fold";
import { type RelationshipRow, relationshipRows, rowEnds, rowKey, rowSoonest } from "./relationship-rows";
import { displayPath, groupRelationships, unattachedFindings } from "./report-view";
import { inertReport } from "./inert-report";
import { fitColumns, padEnd, textWidth, truncate, truncatePath, wrap } from "./text-layout";
import { pushAll } from "../shared/collections";
import { homeSecret } from "../view/secret-groups";

export interface TableOptions {
  /** ANSI colours; the CLI passes `isTTY && !NO_COLOR && !--no-color`. */
  color: boolean;
  /** Terminal columns to stay within where possible (default 100). */
  width?: number;
  /** The severity that fails the audit, for the closing line's exit code (default "error"). */
  failOn?: FailOn;
  /** `--allow-missing`: input that could not be read does not set the closing line's exit code. */
  allowMissing?: boolean;
}

const DEFAULT_WIDTH = 100;
const ROW_INDENT = "  ";
const FINDING_INDENT = "      ";
/** The certificate list's column that carries the expiry state (and its colour). */
const STATE_COLUMN = 3;

/**
 * Render `report` as aligned plain text, one relationship per line with a symbol and a word for its
 * status (so colour is never the only cue), its findings indented below it, and for `unknown`
 * relationships the inputs that were missing. Colour codes appear only when `options.color` is true;
 * text from the input is laid out and printed inert (`inertReport`), so it can hold no other escape.
 */
export function formatTable(input: Report, options: TableOptions): string {
  const report = inertReport(input);
  const width = options.width ?? DEFAULT_WIDTH;
  const style = createStyler(options.color);
  const lines: string[] = [...header(report, width, style), ""];
  const groups = groupRelationships(report);
  const primary = relationshipRows(report, groups.primary);
  const secondary = relationshipRows(report, groups.secondary);
  const cells = new Map([...primary, ...secondary].map((row) => [row, rowCells(report, row)]));
  const widths = fitColumns([...cells.values()], width - ROW_INDENT.length, [2, 1]);
  const section = (title: string, rows: RelationshipRow[]): string[] =>
    relationshipSection(title, rows, { report, cells, widths, width, style });
  pushAll(lines, section("Trust relationships", primary));
  if (secondary.length > 0) {
    lines.push("");
    pushAll(lines, section("Secondary relationships", secondary));
  }
  const others = foldFindings(report, unattachedFindings(report));
  if (others.length > 0) {
    lines.push("", style.bold("Other findings"));
    for (const fold of others) pushAll(lines, findingBlock(fold, ROW_INDENT, width, style));
  }
  lines.push("");
  pushAll(lines, certificateSection(report, width, style));
  if (nothingToJudge(report)) pushAll(lines, skippedSection(report, width, style));
  lines.push("", summaryLine(report, options.failOn, options.allowMissing, style));
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
  const halves = publicHalvesNote(report);
  return [
    ...first.flatMap((line) => wrap(line, width, "", "  ")).map(style.bold),
    ...second.flatMap((line) => wrap(line, width, "", "  ")),
    ...(halves ? wrap(halves, width, "", "  ") : []),
    ...scopeNotes(report).flatMap((note) => wrap(note, width, "", "  ")),
  ];
}

/** One row's cells: status, key, client → server, soonest expiry of what it presents. */
function rowCells(report: Report, row: RelationshipRow): string[] {
  const soonest = rowSoonest(report, row);
  return [
    statusLabel(row.relationship.status),
    rowKey(row),
    rowEnds(report, row),
    soonest ? remainingPhrase(report.now, soonest.notAfter) : "",
  ];
}

interface SectionLayout {
  report: Report;
  cells: Map<RelationshipRow, string[]>;
  /** Shared by both sections so primary and secondary rows line up. */
  widths: number[];
  width: number;
  style: Styler;
}

function relationshipSection(title: string, rows: RelationshipRow[], layout: SectionLayout): string[] {
  const { report, cells, widths, width, style } = layout;
  const lines = [style.bold(title)];
  if (rows.length === 0)
    return [...lines, `${ROW_INDENT}${style.dim("none could be derived from the input")}`];
  for (const row of rows) {
    const own = [...(cells.get(row) ?? [])];
    // A folded row whose node list does not fit says only the count and names the nodes below it.
    const named = row.nodes.length > 0 && textWidth(own[2] ?? "") > (widths[2] ?? 0);
    if (named) own[2] = rowEnds(report, row, countNoun(row.nodes.length, "node"));
    const fitted = own.map((cell, column) => {
      // A long instance key (`controller-manager-client:node-b/controller-manager.conf`) needs both ends.
      const text = truncate(cell, widths[column] ?? cell.length, column === 1);
      return column === own.length - 1 ? text : padEnd(text, widths[column] ?? 0);
    });
    fitted[0] = statusStyle(row.relationship.status, style)(fitted[0] ?? "");
    lines.push((ROW_INDENT + fitted.join("  ")).trimEnd());
    if (named) pushAll(lines, styledWrap(`on ${nodesPhrase(row.nodes)}`, width, FINDING_INDENT, style.dim));
    for (const fold of row.findings) pushAll(lines, findingBlock(fold, FINDING_INDENT, width, style));
    for (const missing of row.missing)
      pushAll(lines, styledWrap(`missing: ${missing}`, width, FINDING_INDENT, style.dim));
    const served = row.members.length === 1 ? row.relationship.served : undefined;
    if (served?.sameAsDisk === true)
      pushAll(
        lines,
        styledWrap(
          `served = on disk: ${served.address} (${served.source})`,
          width,
          FINDING_INDENT,
          style.dim,
        ),
      );
  }
  return lines;
}

/** A finding, or one repeated on several nodes told once with their count and a few of its files. */
function findingBlock(fold: FindingFold, indent: string, width: number, style: Styler): string[] {
  const { finding } = fold;
  const label = severityLabel(finding.severity);
  const detailIndent = indent + " ".repeat(label.length + 1);
  const title = fold.nodes.length > 0 ? `${finding.title} (${foldCount(fold)})` : finding.title;
  const lines = wrap(`${label} ${finding.code}  ${title}`, width, indent, detailIndent);
  // The label and code lead the first line whole (neither contains a breakable space past the symbol).
  const lead = `${indent}${label} ${finding.code}`;
  if (lines[0]?.startsWith(lead)) {
    lines[0] = `${indent}${severityStyle(finding.severity, style)(label)} ${style.bold(finding.code)}${lines[0].slice(lead.length)}`;
  }
  pushAll(
    lines,
    wrap(
      fold.nodes.length > 0
        ? `On ${nodesPhrase(fold.nodes)}. For example: ${finding.detail}`
        : finding.detail,
      width,
      detailIndent,
    ),
  );
  if (fold.files.length > 0) {
    const files = fold.nodes.length > 0 ? examplesPhrase(fold.files) : fold.files.join(", ");
    pushAll(lines, wrap(`files: ${files}`, width, detailIndent));
  }
  if (finding.fix) pushAll(lines, styledWrap(`fix: ${finding.fix}`, width, detailIndent, style.cyan));
  return lines;
}

/** Wrap, then style only the text of each line so indentation stays plain. */
function styledWrap(text: string, width: number, indent: string, apply: Style): string[] {
  return wrap(text, width, indent).map((line) => indent + apply(line.slice(indent.length)));
}

function certificateSection(report: Report, width: number, style: Styler): string[] {
  const certificates = certificateRows(report);
  const lines = [style.bold("Certificates by expiry")];
  if (certificates.length === 0)
    return [...lines, `${ROW_INDENT}${style.dim("no certificates in the input")}`];
  const headings = ["PATH", "SUBJECT CN", "EXPIRES", "STATE", "LEFT"];
  const { certificateNodes } = nodeContext(report);
  const rows = certificates.map(({ certificate, nodes }) => {
    const more = certificate.paths.length > 1 ? ` (+${certificate.paths.length - 1})` : "";
    const node = certificateNodes.get(certificate.id);
    // Folded, the file every node keeps, and the subject with its node left open and their count;
    // kept only in Secrets, its Secret and key (the dump's file name says nothing).
    return [
      nodes.length > 0 || homeSecret(certificate)
        ? certificateLabel(certificate)
        : `${displayPath(certificate)}${more}`,
      nodes.length > 0 && node !== undefined
        ? `${replaceNode(commonName(certificate.subject), node, "<node>")} (${countNoun(nodes.length, "node")})`
        : commonName(certificate.subject),
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
  certificates.forEach(({ certificate }, index) => {
    lines.push(render(rows[index] ?? [], expiryStyle(certificate.expiryState, style)));
  });
  return lines;
}

/** Shown only when nothing was judged: each file that was read and why it held nothing to judge. */
function skippedSection(report: Report, width: number, style: Styler): string[] {
  const { skipped } = report.inputs;
  if (skipped.length === 0) return [];
  return [
    "",
    style.bold("Files not analysed"),
    ...skipped.flatMap((item) => wrap(`${item.path}: ${item.reason}`, width, ROW_INDENT, `${ROW_INDENT}  `)),
  ];
}

function summaryLine(
  report: Report,
  failOn: FailOn | undefined,
  allowMissing: boolean | undefined,
  style: Styler,
): string {
  const code = exitCodeFor(report, failOn, allowMissing);
  const hasWarning = report.findings.some((finding) => finding.severity === "warning");
  if (nothingToJudge(report)) {
    // Never green: zero findings in a folder without PKI material is not a clean bill of health.
    const counts = report.findings.length > 0 ? ` · ${findingCounts(report)}` : "";
    const text = `nothing to judge: ${nothingToJudgePhrase(report)}${counts} — exit ${code}`;
    return style.bold(code === 1 ? style.red(text) : hasWarning ? style.yellow(text) : text);
  }
  const text = `${findingCounts(report)} — exit ${code}`;
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
