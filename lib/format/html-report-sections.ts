/**
 * The HTML report's sections after its headline: the findings with their explanation, evidence and
 * fix, the relationships, the certificate inventory and the renewal plan. The same content and the
 * same folds as the Markdown audit (a finding, a relationship or a certificate repeated per node is
 * told once with its count), written as HTML from a report already made inert.
 */
import { naturalOrder } from "../shared/natural-order";
import { renewalPlan } from "../plan/renewal-plan";
import type { RenewalDay } from "../plan/types";
import type { Evidence, Report, ReportRelationship, Severity } from "../report";
import { certificateLabel } from "../view/certificate-label";
import { certificateRows } from "./certificate-rows";
import { type FindingFold, foldCount, foldFindings } from "./finding-folds";
import { escapeHtml } from "./html-report-text";
import { countNoun, EXPIRY_STATE_LABEL, expiryPhrase, formatUtc, percent, statusLabel } from "./labels";
import { examplesPhrase, nodesPhrase } from "./node-fold";
import { type PlanRow, planRows } from "./plan-rows";
import { dayEarliest, procedureGroups } from "./plan-view";
import { relationshipRows, rowEnds, rowKey, rowSoonest } from "./relationship-rows";
import { groupRelationships } from "./report-view";

const SEVERITY_HEADINGS: { severity: Severity; heading: string }[] = [
  { severity: "error", heading: "Errors" },
  { severity: "warning", heading: "Warnings" },
  { severity: "info", heading: "Info" },
];

const code = (text: string): string => `<code>${escapeHtml(text)}</code>`;

/** Every finding by severity, folded per node, each with its detail, files, evidence and fix. */
export function findingsHtml(report: Report): string {
  if (report.findings.length === 0) return `<h2 id="findings">Findings</h2>\n<p>No findings.</p>`;
  const parts = [`<h2 id="findings">Findings</h2>`];
  for (const { severity, heading } of SEVERITY_HEADINGS) {
    const findings = report.findings
      .map((finding, index) => ({ finding, index }))
      .filter(({ finding }) => finding.severity === severity);
    if (findings.length === 0) continue;
    parts.push(`<h3>${heading} (${findings.length})</h3>`);
    for (const fold of foldFindings(report, findings)) parts.push(findingHtml(fold));
  }
  return parts.join("\n");
}

function findingHtml(fold: FindingFold): string {
  const { finding } = fold;
  const folded = fold.nodes.length > 0;
  const rows: string[] = [];
  const keys = [
    ...new Set(fold.instances.flatMap(({ finding: one }) => one.relationshipKey ?? one.relationship ?? [])),
  ].sort(naturalOrder);
  if (keys.length > 0)
    rows.push(
      `<dt>${keys.length === 1 ? "Relationship" : "Relationships"}</dt><dd>${examplesPhrase(keys.map(code))}</dd>`,
    );
  if (fold.files.length > 0)
    rows.push(
      `<dt>Files</dt><dd>${folded ? examplesPhrase(fold.files.map(code)) : fold.files.map(code).join(", ")}</dd>`,
    );
  if (finding.evidence && finding.evidence.length > 0)
    rows.push(`<dt>Rests on</dt><dd>${someEvidence(finding.evidence).join("<br>")}</dd>`);
  if (finding.fix) rows.push(`<dt>Fix</dt><dd>${fixHtml(finding.fix)}</dd>`);
  const detail = folded ? `On ${nodesPhrase(fold.nodes)}. For example: ${finding.detail}` : finding.detail;
  return [
    `<section class="finding ${finding.severity}" data-code="${escapeHtml(finding.code)}">`,
    `<h4>${code(finding.code)} — ${escapeHtml(finding.title)}${folded ? ` (${escapeHtml(foldCount(fold))})` : ""}</h4>`,
    `<p>${escapeHtml(detail)}</p>`,
    rows.length > 0 ? `<dl>${rows.join("")}</dl>` : "",
    "</section>",
  ].join("\n");
}

/** A fix as prose, with any backquoted command in it set as code. */
function fixHtml(fix: string): string {
  return fix
    .split(/(`[^`\n]{1,2000}`)/)
    .map((piece) =>
      piece.length > 1 && piece.startsWith("`") && piece.endsWith("`")
        ? code(piece.slice(1, -1))
        : escapeHtml(piece),
    )
    .join("");
}

/** Facts listed per finding or relationship; the apiserver's clients on 500 nodes are counted, not listed. */
const EVIDENCE_FACTS = 8;

/** The first facts as HTML, then how many more there are. */
function someEvidence(evidence: readonly Evidence[]): string[] {
  const listed = evidence.slice(0, EVIDENCE_FACTS).map(evidenceHtml);
  const rest = evidence.length - listed.length;
  return rest > 0
    ? [...listed, `<span class="muted">and ${countNoun(rest, "more fact")} of the same kind</span>`]
    : listed;
}

function evidenceHtml(evidence: Evidence): string {
  return `${escapeHtml(evidence.fact)} <span class="muted">(${evidence.source}: ${escapeHtml(evidence.from)})</span>`;
}

function statusCell(status: ReportRelationship["status"]): string {
  return `<td class="status-${status} nowrap">${escapeHtml(statusLabel(status))}</td>`;
}

/** The relationships as tables, primary then secondary, per-node ones folded. */
export function relationshipsHtml(report: Report): string {
  const groups = groupRelationships(report);
  const parts = [
    `<h2 id="relationships">Trust relationships</h2>`,
    relationshipTable(report, groups.primary),
  ];
  if (groups.secondary.length > 0)
    parts.push(`<h3>Secondary relationships</h3>`, relationshipTable(report, groups.secondary));
  return parts.join("\n");
}

function relationshipTable(report: Report, relationships: ReportRelationship[]): string {
  if (relationships.length === 0) return "<p>None could be derived from the input.</p>";
  const rows = relationshipRows(report, relationships).map((row) => {
    const soonest = rowSoonest(report, row);
    const codes = row.findings.map((fold) =>
      fold.nodes.length > 0
        ? `${code(fold.finding.code)} (${escapeHtml(foldCount(fold))})`
        : code(fold.finding.code),
    );
    const missing = row.missing.map((item) => `missing: ${escapeHtml(item)}`);
    return `<tr>${statusCell(row.relationship.status)}<td>${code(rowKey(row))}</td><td>${escapeHtml(
      rowEnds(report, row),
    )}</td><td>${soonest ? escapeHtml(expiryPhrase(report.now, soonest.notAfter)) : ""}</td><td>${[
      ...codes,
      ...missing,
    ].join("<br>")}</td></tr>`;
  });
  return table(["Status", "Relationship", "Client → server", "Presented certificate", "Findings"], rows);
}

function table(headings: string[], rows: string[], numeric: ReadonlySet<number> = new Set()): string {
  const head = headings
    .map((heading, index) => `<th${numeric.has(index) ? ' class="number"' : ""}>${escapeHtml(heading)}</th>`)
    .join("");
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`;
}

/** How many relationships the evidence section explains: the first instance of each, never a fleet. */
const EVIDENCE_LISTED = 15;

/** Why each relationship is wired as it is: the facts its ends rest on, per relationship id. */
export function relationshipEvidenceHtml(report: Report): string {
  const seen = new Set<string>();
  const firsts = report.relationships.filter((relationship) => {
    if (seen.has(relationship.id) || !relationship.evidence?.length) return false;
    seen.add(relationship.id);
    return true;
  });
  if (firsts.length === 0) return "";
  const items = firsts.slice(0, EVIDENCE_LISTED).map(
    (relationship) =>
      `<li>${code(relationship.key)}<ul>${someEvidence(relationship.evidence ?? [])
        .map((line) => `<li>${line}</li>`)
        .join("")}</ul></li>`,
  );
  return [`<h2 id="evidence">What each relationship rests on</h2>`, `<ul>`, ...items, `</ul>`].join("\n");
}

/** Every certificate by expiry; the same certificate on many nodes is one row with their count. */
export function certificatesHtml(report: Report): string {
  const rows = certificateRows(report);
  if (rows.length === 0)
    return `<h2 id="certificates">Certificate inventory</h2>\n<p>No certificates in the input.</p>`;
  const body = rows.map(({ certificate, certificates, nodes }) => {
    const listed = pathsHtml(certificate.paths);
    const paths =
      nodes.length > 0
        ? `${code(certificateLabel(certificate))} <span class="muted">on ${escapeHtml(nodesPhrase(nodes))}, e.g.</span> ${listed}`
        : listed;
    const expired = Date.parse(certificate.notAfter) < Date.parse(report.now);
    return `<tr><td>${paths}</td><td>${escapeHtml(certificate.subject)}</td><td>${escapeHtml(
      certificate.issuer,
    )}</td><td class="nowrap">${escapeHtml(formatUtc(certificate.notAfter))}</td><td class="number">${
      expired ? `${certificate.daysLeft} (expired)` : String(certificate.daysLeft)
    }</td><td class="number">${escapeHtml(percent(certificate.lifetimeUsed))}</td><td class="nowrap">${escapeHtml(
      EXPIRY_STATE_LABEL[certificate.expiryState],
    )}${certificates.length > 1 ? ` <span class="muted">×${certificates.length}</span>` : ""}</td></tr>`;
  });
  return [
    `<h2 id="certificates">Certificate inventory</h2>`,
    `<p>${countNoun(report.certificates.length, "certificate")}, soonest expiry first; the same file on several nodes is one row.</p>`,
    table(
      ["Paths", "Subject", "Issuer", "Not after", "Days left", "Lifetime used", "State"],
      body,
      new Set([4, 5]),
    ),
  ].join("\n");
}

/** Paths listed in a row of the inventory; a CA embedded in every kubeconfig names the rest by count. */
const PATHS_LISTED = 5;

function pathsHtml(paths: readonly string[]): string {
  const listed = paths.slice(0, PATHS_LISTED).map(code).join("<br>");
  const rest = paths.length - PATHS_LISTED;
  return rest > 0 ? `${listed}<br><span class="muted">and ${countNoun(rest, "more file")}</span>` : listed;
}

/** The renewal plan: each day, what breaks, the certificates with their step, then the commands. */
export function renewalPlanHtml(report: Report): string {
  const plan = renewalPlan(report);
  if (plan.days.length === 0)
    return `<h2 id="plan">Renewal plan</h2>\n<p>No certificates in the input: nothing to renew.</p>`;
  const parts = [
    `<h2 id="plan">Renewal plan</h2>`,
    "<p>Every certificate by the UTC day it expires, earliest first, with the step that renews it. Commands run as root on the node; kubeadm's on every control-plane node.</p>",
  ];
  const rows = plan.days.map((day) => planRows(report, day.items));
  plan.days.forEach((day, index) => parts.push(dayHtml(report, day, rows[index] ?? [])));
  parts.push(`<h3>Commands, in order</h3>`);
  parts.push(
    plan.commands.length === 0
      ? "<p>None: every step above is a procedure.</p>"
      : `<pre class="commands"><code>${escapeHtml(plan.commands.join("\n"))}</code></pre>`,
  );
  const procedures = procedureGroups(rows.flat());
  if (procedures.length > 0) {
    const items = procedures.map((group) => {
      const names = group.days
        .map(({ date, labels }) => `${labels.map(code).join(", ")} (${escapeHtml(date)})`)
        .join("; ");
      const guide = group.docUrl === undefined ? "" : ` — guide: ${code(group.docUrl)}`;
      return `<li>${escapeHtml(group.title)}: ${names}${guide}</li>`;
    });
    parts.push("<p>Not commands:</p>", `<ul>${items.join("")}</ul>`);
  }
  return parts.join("\n");
}

function dayHtml(report: Report, day: RenewalDay, rows: PlanRow[]): string {
  const head = `<h3 class="day-head">${escapeHtml(day.date)} — ${escapeHtml(expiryPhrase(report.now, dayEarliest(day)))} (${escapeHtml(
    EXPIRY_STATE_LABEL[day.state],
  )}, ${countNoun(day.items.length, "certificate")})</h3>`;
  const body = rows.map(
    ({ item, label, nodes, restart }) =>
      `<tr><td>${code(label)}${nodes.length > 0 ? ` <span class="muted">(${escapeHtml(nodesPhrase(nodes))})</span>` : ""}</td><td>${
        item.runnable ? code(item.command) : escapeHtml(item.command)
      }</td><td>${escapeHtml(restart.join("; "))}</td></tr>`,
  );
  const notes = new Map<string, string[]>();
  for (const row of rows)
    if (row.item.note !== undefined)
      notes.set(row.item.note, [...(notes.get(row.item.note) ?? []), code(row.label)]);
  const guides = [...new Set(day.items.flatMap((item) => (item.docUrl === undefined ? [] : [item.docUrl])))];
  const extra = [
    ...[...notes.entries()].map(([note, names]) => `<li>${names.join(", ")}: ${escapeHtml(note)}</li>`),
    ...guides.map((url) => `<li>Guide: ${code(url)}</li>`),
  ];
  return [
    head,
    `<p>If not renewed: ${escapeHtml(day.impact)}.</p>`,
    table(["Certificate", "Renewal", "Afterwards"], body),
    extra.length > 0 ? `<ul>${extra.join("")}</ul>` : "",
  ]
    .filter((part) => part !== "")
    .join("\n");
}

/** The files that could not be analysed, and why. */
export function skippedHtml(report: Report): string {
  const skipped = report.inputs.skipped;
  if (skipped.length === 0) return "";
  return [
    `<h2 id="skipped">Files not analysed</h2>`,
    `<ul>`,
    ...skipped.map((item) => `<li>${code(item.path)}: ${escapeHtml(item.reason)}</li>`),
    `</ul>`,
  ].join("\n");
}
