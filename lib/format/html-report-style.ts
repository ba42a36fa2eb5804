/**
 * The HTML report's one stylesheet, inlined in the file: system fonts, no external resource. On
 * paper it keeps A4- and Letter-safe margins, repeats table headers on each page, keeps a finding
 * or a table row whole where it fits, scales the drawings to the page width and prints every
 * command box wrapped at its spaces only.
 */
export const HTML_REPORT_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px 28px 48px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 16px; margin: 22px 0 8px; }
h4 { font-size: 14.5px; margin: 0 0 6px; }
p, ul { margin: 6px 0; }
ul { padding-left: 22px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
code { overflow-wrap: anywhere; }
pre { white-space: pre-wrap; word-break: normal; overflow-wrap: normal; margin: 6px 0; padding: 8px 10px; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; }
pre code { overflow-wrap: normal; }
.verdict { font-size: 17px; font-weight: 700; margin: 10px 0; padding: 10px 14px; border-radius: 6px; border: 2px solid; }
.verdict.error { border-color: #cf222e; background: #ffebe9; }
.verdict.warning { border-color: #9a6700; background: #fff8c5; }
.verdict.ok { border-color: #1a7f37; background: #dafbe1; }
.verdict.unknown { border-color: #57606a; background: #f6f8fa; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 10px 0; }
.facts dt { font-weight: 600; color: #57606a; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.toc { columns: 2; margin: 10px 0 0; }
figure { margin: 10px 0; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: #57606a; font-size: 12.5px; margin-top: 4px; }
.finding { border: 1px solid #d0d7de; border-left-width: 5px; border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
.finding.error { border-left-color: #cf222e; }
.finding.warning { border-left-color: #9a6700; }
.finding.info { border-left-color: #0969da; }
.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 12px; margin: 8px 0 0; }
.finding dt { font-weight: 600; color: #57606a; }
.finding dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; font-size: 12.5px; }
th, td { border: 1px solid #d0d7de; padding: 4px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f6f8fa; overflow-wrap: normal; }
.nowrap { white-space: nowrap; }
td.number { text-align: right; white-space: nowrap; }
.muted { color: #57606a; }
.status-error { color: #a40e26; font-weight: 600; }
.status-warning { color: #7d4e00; font-weight: 600; }
.status-ok { color: #1a7f37; }
.status-unknown { color: #57606a; }
footer { margin-top: 36px; padding-top: 10px; border-top: 1px solid #d0d7de; font-size: 12.5px; color: #57606a; }
@page { margin: 16mm 14mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  h3, h4 { break-after: avoid; page-break-after: avoid; }
  .finding, figure, pre, .day-head { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  figure svg { width: 100%; }
  .toc { display: none; }
  .verdict, .finding, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`.trim();
