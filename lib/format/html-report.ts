/**
 * The audit as one self-contained HTML file, for an auditor to hand over, archive or print to PDF:
 * the headline (overall status, counts, what was judged), the topology and the expiry timeline as
 * inline SVG, every finding with its explanation, evidence and fix, the relationships, the
 * certificate inventory and the renewal plan; a footer names the judge instant, the layout, the
 * input's file count and SHA-256 digest (with the recipe to recompute it) and the product version.
 * No script, no stylesheet, font or image from elsewhere: it opens offline and prints as it shows.
 * Pure text from the report, so `k8s-pki audit --format html` and the page's export are the same bytes.
 */
import type { RelationshipStatus, Report } from "../report";
import { inertReport } from "./inert-report";
import { DIGEST_RECIPE, type InputDigest } from "./input-digest";
import { HTML_REPORT_CSS } from "./html-report-style";
import {
  certificatesHtml,
  findingsHtml,
  relationshipEvidenceHtml,
  relationshipsHtml,
  renewalPlanHtml,
  skippedHtml,
} from "./html-report-sections";
import { escapeHtml } from "./html-report-text";
import { PRODUCT_VERSION } from "./html-report-version";
import {
  clusterFacts,
  countNoun,
  EXPIRY_STATE_LABEL,
  findingCounts,
  formatUtc,
  layoutPhrase,
  scopeNotes,
  statusLabel,
  thresholdsPhrase,
} from "./labels";
import { nothingToJudge, nothingToJudgePhrase, WHAT_IS_READ } from "./nothing-to-judge";
import { publicHalvesNote } from "./public-halves-note";
import { timelineSvg } from "./timeline-svg";
import { topologySvg } from "./topology-svg";

export interface HtmlReportOptions {
  /** The digest of the files the report was made from (`inputDigest`), for the footer. */
  digest: InputDigest;
}

const OVERVIEW_STATUS_ORDER: readonly RelationshipStatus[] = ["ok", "warning", "error", "unknown"];
const EXPIRY_ORDER = ["expired", "not-yet-valid", "soon", "ok"] as const;

/**
 * Render `input` as one HTML document (UTF-8, ending in a newline). Every value from the input is
 * made inert (`inertReport`) and HTML-escaped, so no name in the files can become markup.
 */
export function formatHtmlReport(input: Report, options: HtmlReportOptions): string {
  const report = inertReport(input);
  const day = report.now.slice(0, 10);
  const body = [
    headline(report, options.digest),
    contents(report),
    `<h2 id="topology">Trust topology</h2>`,
    `<figure>${topologySvg(report)}<figcaption>Components and the relationships between them, as judged at ${escapeHtml(formatUtc(report.now))}.</figcaption></figure>`,
    `<h2 id="timeline">Expiry timeline</h2>`,
    `<figure>${timelineSvg(report)}<figcaption>Each certificate's validity, soonest expiry first.</figcaption></figure>`,
    findingsHtml(report),
    relationshipsHtml(report),
    relationshipEvidenceHtml(report),
    certificatesHtml(report),
    renewalPlanHtml(report),
    skippedHtml(report),
    footer(report, options.digest),
  ].filter((part) => part !== "");
  return [
    "<!DOCTYPE html>",
    `<html lang="en">`,
    "<head>",
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<meta name="generator" content="k8s-pki ${PRODUCT_VERSION}">`,
    `<title>Kubernetes PKI audit — ${escapeHtml(day)}</title>`,
    `<style>\n${HTML_REPORT_CSS}\n</style>`,
    "</head>",
    `<body data-status="${report.summary.status}">`,
    "<main>",
    ...body,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function headline(report: Report, digest: InputDigest): string {
  const { inputs } = report;
  const facts = clusterFacts(report);
  const statuses = OVERVIEW_STATUS_ORDER.flatMap((status) => {
    const count = report.relationships.filter((relationship) => relationship.status === status).length;
    return count === 0 ? [] : [`${count} ${statusLabel(status)}`];
  });
  const states = EXPIRY_ORDER.flatMap((state) => {
    const count = report.certificates.filter((certificate) => certificate.expiryState === state).length;
    return count === 0 ? [] : [`${count} ${EXPIRY_STATE_LABEL[state]}`];
  });
  const read = [
    countNoun(inputs.certificates, "certificate"),
    countNoun(inputs.keys, "key"),
    countNoun(inputs.kubeconfigs, "kubeconfig"),
    countNoun(inputs.manifests, "manifest"),
  ].join(", ");
  const halves = publicHalvesNote(report, (path) => `<code>${escapeHtml(path)}</code>`);
  const rows: [string, string][] = [
    ["Judged at", escapeHtml(formatUtc(report.now))],
    ["Cluster", facts === "" ? "not recognised" : escapeHtml(facts)],
    ...scopeNotes(report).map((note): [string, string] => ["Scope", escapeHtml(note)]),
    ["Input", `${countNoun(inputs.files, "file")} read: ${read}`],
    [
      "Input digest",
      `<code>${digest.sha256}</code> (SHA-256 over ${countNoun(digest.files, "file")}; see the footer)`,
    ],
    ...(halves ? [["Private keys", halves] as [string, string]] : []),
    ["Thresholds", escapeHtml(thresholdsPhrase(report))],
    ["Relationships", statuses.length === 0 ? "none" : escapeHtml(statuses.join(", "))],
    ["Certificates", states.length === 0 ? "none" : escapeHtml(states.join(", "))],
  ];
  const verdict = nothingToJudge(report)
    ? `Nothing to judge: ${escapeHtml(nothingToJudgePhrase(report))} (looked for ${escapeHtml(WHAT_IS_READ.join(", "))})`
    : `${escapeHtml(findingCounts(report))} — overall status: ${escapeHtml(statusLabel(report.summary.status))}`;
  return [
    "<header>",
    "<h1>Kubernetes PKI audit</h1>",
    `<p class="muted">Judged at ${escapeHtml(formatUtc(report.now))} by k8s-pki ${PRODUCT_VERSION}.</p>`,
    `<p class="verdict ${report.summary.status}">${verdict}</p>`,
    `<dl class="facts">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("")}</dl>`,
    "</header>",
  ].join("\n");
}

function contents(report: Report): string {
  const entries: [string, string][] = [
    ["topology", "Trust topology"],
    ["timeline", "Expiry timeline"],
    ["findings", `Findings (${report.findings.length})`],
    ["relationships", "Trust relationships"],
    ["certificates", "Certificate inventory"],
    ["plan", "Renewal plan"],
    ["digest", "Input digest and version"],
  ];
  return `<nav><ul class="toc">${entries.map(([id, title]) => `<li><a href="#${id}">${escapeHtml(title)}</a></li>`).join("")}</ul></nav>`;
}

function footer(report: Report, digest: InputDigest): string {
  const layout = report.layout ? layoutPhrase(report.layout) : "none recognised";
  const notRead =
    digest.notRead > 0
      ? ` ${countNoun(digest.notRead, "file")} named in the input could not be read and ${digest.notRead === 1 ? "is" : "are"} not in it.`
      : "";
  return [
    `<footer>`,
    `<h2 id="digest">Input digest and version</h2>`,
    `<dl class="facts">`,
    `<dt>Judged at</dt><dd>${escapeHtml(report.now)}</dd>`,
    `<dt>Layout</dt><dd>${escapeHtml(layout)}</dd>`,
    `<dt>Files</dt><dd>${countNoun(digest.files, "file")} in the digest; ${countNoun(report.inputs.files, "file")} read by the analysis (archives counted by their entries)</dd>`,
    `<dt>SHA-256</dt><dd><code>${digest.sha256}</code></dd>`,
    `<dt>Product</dt><dd>k8s-pki ${PRODUCT_VERSION}</dd>`,
    `</dl>`,
    `<p>The digest is the SHA-256 of what <code>sha256sum</code> prints for the input files, one line per file in the byte order of their paths; a path is relative to the folder audited, and an archive given as such is one file named by its name (<code>sha256sum node.tgz | sha256sum</code>).${notRead} To recompute it for a folder (GNU find, sort and xargs):</p>`,
    `<pre><code>${escapeHtml(DIGEST_RECIPE)}</code></pre>`,
    `</footer>`,
  ].join("\n");
}
