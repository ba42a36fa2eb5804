/**
 * The certificates' expiry timeline as a still SVG for the HTML report and its print: one bar per
 * certificate from notBefore to notAfter (the same certificate on many nodes is one bar, as the
 * certificate rows fold it), soonest expiry first, on a time axis with a line at the judge instant.
 * A state is told by colour and by pattern — solid ok, diagonal hatch for renew soon, cross-hatch
 * for expired, dots for not yet valid — and by the words beside each bar, so it survives greyscale;
 * the legend explains every style the drawing uses. No d3, no DOM: the same report, the same bytes.
 */
import type { ExpiryState } from "../expiry";
import type { Report } from "../report";
import { maxOf, minOf } from "../shared/collections";
import { certificateLabel, primaryPath } from "../view/certificate-label";
import { type CertificateRow, certificateRows } from "./certificate-rows";
import { clip, escapeHtml, svgNumber } from "./html-report-text";
import { inertReport } from "./inert-report";
import { EXPIRY_STATE_LABEL, formatUtc, remainingPhrase } from "./labels";

/** Bars drawn at most; the rest are counted under the drawing (the inventory lists every one). */
export const MAX_BARS = 200;

const DAY_MS = 86_400_000;
/** The axis reaches at most this far either side of the judge instant; longer bars run off its edge. */
const BEFORE_NOW_MS = 2 * 365 * DAY_MS;
const AFTER_NOW_MS = 6 * 365 * DAY_MS;

const LABEL_WIDTH = 250;
const PLOT_WIDTH = 500;
const REMAINING_WIDTH = 170;
const ROW_HEIGHT = 18;
const AXIS_HEIGHT = 34;
const LABEL_CHARACTERS = 38;

/** Fill, pattern and legend words of each state. */
export const BAR_STYLE: Record<ExpiryState, { fill: string; ink: string; pattern: string; word: string }> = {
  ok: { fill: "#4ac26b", ink: "#1a7f37", pattern: "", word: "ok: valid past the warning window" },
  soon: {
    fill: "#d4a72c",
    ink: "#7d4e00",
    pattern: `<path d="M-1 1L1 -1M0 8L8 0M7 9L9 7" stroke="#7d4e00" stroke-width="1.6"/>`,
    word: "renew soon: inside the warning window",
  },
  expired: {
    fill: "#ff8182",
    ink: "#a40e26",
    pattern: `<path d="M0 0L8 8M8 0L0 8" stroke="#a40e26" stroke-width="1.4"/>`,
    word: "expired: past its notAfter",
  },
  "not-yet-valid": {
    fill: "#c297ff",
    ink: "#512a97",
    pattern: `<circle cx="4" cy="4" r="1.6" fill="#512a97"/>`,
    word: "not yet valid: before its notBefore",
  },
};

const STATES: readonly ExpiryState[] = ["expired", "not-yet-valid", "soon", "ok"];

function patternId(state: ExpiryState): string {
  return `timeline-${state}`;
}

function patterns(used: ReadonlySet<ExpiryState>): string {
  return STATES.filter((state) => used.has(state) && BAR_STYLE[state].pattern !== "")
    .map(
      (state) =>
        `<pattern id="${patternId(state)}" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${BAR_STYLE[state].fill}"/>${BAR_STYLE[state].pattern}</pattern>`,
    )
    .join("");
}

function barFill(state: ExpiryState): string {
  return BAR_STYLE[state].pattern === "" ? BAR_STYLE[state].fill : `url(#${patternId(state)})`;
}

/** One tick per year (every second or fifth year on a long axis), at 1 January UTC. */
function yearTicks(start: number, end: number): number[] {
  const first = new Date(start).getUTCFullYear() + 1;
  const last = new Date(end).getUTCFullYear();
  const span = last - first + 1;
  const step = span > 12 ? 5 : span > 6 ? 2 : 1;
  const ticks: number[] = [];
  for (let year = first; year <= last; year++) if (year % step === 0) ticks.push(Date.UTC(year, 0, 1));
  return ticks;
}

/**
 * The name beside each bar: the certificate's label, with the count of nodes for a folded row, and
 * with the first folder of its path where two rows would read alike (`cp-1 · apiserver.crt`).
 */
function rowNames(rows: readonly CertificateRow[]): string[] {
  const labels = rows.map((row) => certificateLabel(row.certificate));
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
  return rows.map((row, index) => {
    const label = labels[index] ?? row.certificate.id;
    const path = primaryPath(row.certificate);
    const folder = path.includes("/") ? path.slice(0, path.indexOf("/")) : "";
    const named =
      (seen.get(label) ?? 0) > 1 && folder !== "" && row.nodes.length === 0 ? `${folder} · ${label}` : label;
    return row.nodes.length > 0 ? `${named} (${row.nodes.length} nodes)` : named;
  });
}

/**
 * The report's certificates as one standalone SVG element: bars by expiry, the judge instant as a
 * vertical line, a year axis, the days left beside each bar in the report's own words
 * (`remainingPhrase`), and a legend of the styles used.
 */
export function timelineSvg(input: Report): string {
  const report = inertReport(input);
  const rows = certificateRows(report);
  const width = LABEL_WIDTH + PLOT_WIDTH + REMAINING_WIDTH;
  if (rows.length === 0)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" width="${width}" height="40" role="img" aria-label="Expiry timeline"><text x="8" y="24" font-size="13">No certificates in the input.</text></svg>`;
  const shown = rows.slice(0, MAX_BARS);
  const now = Date.parse(report.now);
  const starts = shown.map((row) => Date.parse(row.certificate.notBefore)).filter(Number.isFinite);
  const ends = shown.map((row) => Date.parse(row.certificate.notAfter)).filter(Number.isFinite);
  const start = Math.max(Math.min(now, minOf(starts)), now - BEFORE_NOW_MS);
  const end = Math.min(Math.max(now, maxOf(ends)), now + AFTER_NOW_MS);
  const span = Math.max(end - start, DAY_MS);
  const padded = { start: start - span * 0.02, end: end + span * 0.02 };
  const x = (ms: number): number => {
    const clamped = Math.min(Math.max(ms, padded.start), padded.end);
    return LABEL_WIDTH + ((clamped - padded.start) / (padded.end - padded.start)) * PLOT_WIDTH;
  };
  const plotTop = AXIS_HEIGHT;
  const plotBottom = plotTop + shown.length * ROW_HEIGHT;
  const parts: string[] = [];
  for (const tick of yearTicks(padded.start, padded.end)) {
    const tx = svgNumber(x(tick));
    parts.push(
      `<line x1="${tx}" y1="${plotTop - 6}" x2="${tx}" y2="${plotBottom}" stroke="#d0d7de"/><text x="${tx}" y="${plotTop - 10}" text-anchor="middle" font-size="10.5" fill="#57606a">${new Date(tick).getUTCFullYear()}</text>`,
    );
  }
  const used = new Set<ExpiryState>();
  const names = rowNames(shown);
  shown.forEach((row, index) => {
    const { certificate } = row;
    const state = certificate.expiryState;
    used.add(state);
    const y = plotTop + index * ROW_HEIGHT;
    const x1 = x(Date.parse(certificate.notBefore));
    const x2 = Math.max(x(Date.parse(certificate.notAfter)), x1 + 2);
    const name = clip(names[index] ?? certificate.id, LABEL_CHARACTERS);
    const title = [
      certificate.paths[0] ?? certificate.id,
      certificate.subject,
      `${formatUtc(certificate.notBefore)} → ${formatUtc(certificate.notAfter)}`,
      EXPIRY_STATE_LABEL[state],
    ].join(" · ");
    parts.push(
      `<g class="bar" data-state="${state}"><title>${escapeHtml(title)}</title>` +
        `<text x="${LABEL_WIDTH - 8}" y="${y + 12.5}" text-anchor="end" font-size="11">${escapeHtml(name)}</text>` +
        `<rect x="${svgNumber(x1)}" y="${y + 3}" width="${svgNumber(x2 - x1)}" height="${ROW_HEIGHT - 6}" fill="${barFill(state)}" stroke="${BAR_STYLE[state].ink}" stroke-width="0.8"/>` +
        `<text x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${y + 12.5}" font-size="11" fill="${BAR_STYLE[state].ink}">${escapeHtml(remainingPhrase(report.now, certificate.notAfter))}</text></g>`,
    );
  });
  const nowX = svgNumber(x(now));
  parts.push(
    `<line x1="${nowX}" y1="${plotTop - 22}" x2="${nowX}" y2="${plotBottom + 4}" stroke="#0969da" stroke-width="1.6" stroke-dasharray="5 3"/><text x="${nowX}" y="${plotTop - 24}" text-anchor="middle" font-size="10.5" font-weight="600" fill="#0969da">judged ${escapeHtml(report.now.slice(0, 10))}</text>`,
  );
  let bottom = plotBottom + 10;
  if (rows.length > shown.length) {
    parts.push(
      `<text x="${LABEL_WIDTH}" y="${bottom + 12}" font-size="11" fill="#57606a">and ${rows.length - shown.length} more rows, expiring later: every certificate is in the inventory.</text>`,
    );
    bottom += 20;
  }
  const legendTop = bottom + 14;
  const legendStates = STATES.filter((state) => used.has(state));
  legendStates.forEach((state, index) => {
    const y = legendTop + index * 18;
    parts.push(
      `<rect x="${LABEL_WIDTH}" y="${y - 9}" width="34" height="12" fill="${barFill(state)}" stroke="${BAR_STYLE[state].ink}" stroke-width="0.8"/><text x="${LABEL_WIDTH + 42}" y="${y + 1}" font-size="11">${escapeHtml(BAR_STYLE[state].word)}</text>`,
    );
  });
  const nowY = legendTop + legendStates.length * 18;
  parts.push(
    `<line x1="${LABEL_WIDTH + 17}" y1="${nowY - 10}" x2="${LABEL_WIDTH + 17}" y2="${nowY + 4}" stroke="#0969da" stroke-width="1.6" stroke-dasharray="5 3"/><text x="${LABEL_WIDTH + 42}" y="${nowY + 1}" font-size="11">the judge instant, ${escapeHtml(formatUtc(report.now))}; a bar cut at the edge runs on past the axis</text>`,
  );
  const height = nowY + 14;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Expiry timeline: ${rows.length} rows" font-family="system-ui, sans-serif" fill="#1f2328">`,
    `<defs>${patterns(used)}</defs>`,
    ...parts,
    "</svg>",
  ].join("\n");
}
