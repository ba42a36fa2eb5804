/**
 * The title block of an exported drawing: what it is (product and drawing), which cluster (its API
 * endpoint or advertised address, version and nodes, as the files name them), the layout the files
 * were recognised as, the judge date in UTC and the overall status with its counts. A pure builder:
 * facts from the report in, SVG markup out, every input-derived word inert and escaped.
 */
import { SANS, STATUS_STYLE } from "@/components/graph/graph-style";
import { countNoun, findingCounts, formatUtc, layoutPhrase } from "@/lib/format/labels";
import type { Report } from "@/lib/report";
import { escapeXml, fitWidth, paint, type Palette } from "./svg-text";

/** The drawings the page exports. */
export type ExportDrawing = "graph" | "timeline";

export const PRODUCT_NAME = "K8s PKI Explorer";

export const DRAWING_NAMES: Record<ExportDrawing, string> = {
  graph: "Trust topology",
  timeline: "Certificate expiry timeline",
};

/** Nodes named in the cluster line; past these, a count. */
const NODES_NAMED = 3;

export interface TitleFacts {
  /** "K8s PKI Explorer — Trust topology". */
  title: string;
  /** "Cluster: https://10.0.0.10:6443 · Kubernetes v1.30.2 · nodes cp-1, cp-2". */
  cluster: string;
  /** "Layout: kubeadm layout". */
  layout: string;
  /** "Judged at 2026-11-28 12:00 UTC". */
  judged: string;
  /** "Overall: Error — 2 errors, 1 warning, 0 info"; a quiz not yet answered keeps it hidden. */
  status: string;
  /** The status whose colour and glyph the status line's badge shows; absent when hidden. */
  statusTone?: Report["summary"]["status"];
}

export interface TitleOptions {
  /** A quiz not yet answered: the overall status would give the answer away. */
  statusHidden?: boolean;
}

function clusterLine(report: Report): string {
  const { cluster } = report;
  const parts: string[] = [];
  // A shared endpoint (a load balancer) names the cluster best; else the apiserver's own address.
  const endpoint = cluster.endpoints?.[0];
  if (endpoint) parts.push(endpoint);
  else if (cluster.advertiseAddress) parts.push(`API server ${cluster.advertiseAddress}`);
  if (cluster.kubernetesVersion) parts.push(`Kubernetes ${cluster.kubernetesVersion}`);
  const nodes = cluster.nodes;
  if (nodes.length > NODES_NAMED)
    parts.push(`${countNoun(nodes.length, "node")}: ${nodes.slice(0, NODES_NAMED).join(", ")} …`);
  else if (nodes.length > 0) parts.push(`${nodes.length === 1 ? "node" : "nodes"} ${nodes.join(", ")}`);
  return `Cluster: ${parts.length > 0 ? parts.join(" · ") : "not named in the files"}`;
}

/** The words of the title block for `drawing` of `report`. */
export function titleFacts(drawing: ExportDrawing, report: Report, options: TitleOptions = {}): TitleFacts {
  const layout =
    report.layout && report.layout.name !== "none" ? layoutPhrase(report.layout) : "not recognised";
  const hidden = options.statusHidden === true;
  return {
    title: `${PRODUCT_NAME} — ${DRAWING_NAMES[drawing]}`,
    cluster: clusterLine(report),
    layout: `Layout: ${layout}`,
    judged: `Judged at ${formatUtc(report.now)}`,
    status: hidden
      ? "Overall: hidden until the question is answered"
      : `Overall: ${STATUS_STYLE[report.summary.status].word} — ${findingCounts(report)}`,
    statusTone: hidden ? undefined : report.summary.status,
  };
}

export interface SvgBlock {
  /** A `<g>` whose content starts at 0,0. */
  markup: string;
  width: number;
  height: number;
}

const PAD = 16;
const TITLE_SIZE = 15;
const LINE_SIZE = 12;
const LINE_GAP = 5;
const BADGE = 6;

/** The status glyph in a disc of radius `radius` centred on (x, y), drawn as the graph's badges are. */
export function badgeMarkup(
  tone: Report["summary"]["status"],
  x: number,
  y: number,
  radius: number,
  palette: Palette,
): string {
  const style = STATUS_STYLE[tone];
  const color = paint(style.color, palette);
  const dot = style.glyph.dot
    ? `<circle cx="${style.glyph.dot.x}" cy="${style.glyph.dot.y}" r="0.14" fill="${color}"/>`
    : "";
  return (
    `<g transform="translate(${x} ${y})">` +
    `<circle r="${radius}" fill="${paint(style.soft, palette)}" stroke="${color}" stroke-width="1.2"/>` +
    `<g transform="scale(${radius})"><path d="${style.glyph.strokes}" fill="none" stroke="${color}" ` +
    `stroke-width="0.22" stroke-linecap="round" stroke-linejoin="round"/>${dot}</g></g>`
  );
}

/**
 * The title block as SVG markup `width` wide: the title, then one line each for the cluster, the
 * layout, the judge date and the overall status (with its badge), and a rule under them.
 */
export function titleBlockSvg(facts: TitleFacts, width: number, palette: Palette): SvgBlock {
  const room = width - 2 * PAD;
  const text = (value: string, x: number, y: number, size: number, fill: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">` +
    `${escapeXml(fitWidth(value, room - (x - PAD), size))}</text>`;
  const parts: string[] = [];
  let y = PAD + TITLE_SIZE;
  parts.push(text(facts.title, PAD, y, TITLE_SIZE, palette.fg, 700));
  for (const line of [facts.cluster, facts.layout, facts.judged]) {
    y += LINE_SIZE + LINE_GAP;
    parts.push(text(line, PAD, y, LINE_SIZE, palette.muted));
  }
  y += LINE_SIZE + LINE_GAP + 2;
  if (facts.statusTone) {
    parts.push(badgeMarkup(facts.statusTone, PAD + BADGE, y - LINE_SIZE / 2 + 2, BADGE, palette));
    parts.push(text(facts.status, PAD + 2 * BADGE + 6, y, LINE_SIZE, palette.fg, 600));
  } else parts.push(text(facts.status, PAD, y, LINE_SIZE, palette.fg, 600));
  y += PAD / 2 + 4;
  parts.push(
    `<line x1="${PAD}" x2="${width - PAD}" y1="${y}" y2="${y}" stroke="${palette.line}" stroke-width="1"/>`,
  );
  return {
    markup: `<g data-export-part="title-block" font-family="${escapeXml(SANS)}">${parts.join("")}</g>`,
    width,
    height: y + 4,
  };
}
