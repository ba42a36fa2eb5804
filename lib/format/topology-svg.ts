/**
 * The trust topology as a still SVG for the HTML report and its print: a deterministic layered
 * drawing of the report's components and relationships, with no d3 and no DOM. Three columns — etcd
 * and the control plane's clients on the left, the apiserver in the middle, the kubelets and
 * kube-proxies on the right — each arrow from a client to the server that verifies it. A status is
 * told three ways, so it survives a greyscale print: colour, line pattern (solid, dashed, heavy,
 * dotted) and a glyph on the edge (✓ ! ✗ ?). Past a few nodes, a component that runs on every node
 * is one box for all the nodes where its relationships agree, as the relationship rows fold them.
 */
import { maxOf } from "../shared/collections";
import { naturalOrder } from "../shared/natural-order";
import type { RelationshipStatus, Report, ReportComponent } from "../report";
import { clip, escapeHtml, svgNumber } from "./html-report-text";
import { inertReport } from "./inert-report";
import { STATUS_SYMBOL } from "./labels";
import { nodeContext, nodesPhrase } from "./node-fold";
import { relationshipRows } from "./relationship-rows";
import { componentName, groupRelationships } from "./report-view";

/** Up to this many nodes every component is drawn; more, and per-node components fold. */
export const UNFOLDED_NODES = 8;

/** How each status is drawn: colour, stroke width, dash pattern and the word the legend uses. */
export const EDGE_STYLE: Record<
  RelationshipStatus,
  { color: string; width: number; dash?: string; word: string }
> = {
  ok: { color: "#1a7f37", width: 1.6, word: "ok: the chain verifies" },
  warning: { color: "#9a6700", width: 2, dash: "8 4", word: "warning: works now, needs attention" },
  error: { color: "#cf222e", width: 3.4, word: "error: broken or about to break" },
  unknown: { color: "#57606a", width: 2, dash: "1.5 4", word: "unknown: a fact is missing" },
};

const COLUMN_X = [0, 330, 660] as const;
const BOX_WIDTH = 220;
const BOX_HEIGHT = 40;
const ROW_GAP = 14;
const MARGIN = 70;
const LABEL_CHARACTERS = 32;

interface Vertex {
  id: string;
  label: string;
  sub: string;
  title: string;
  /** Whether the box stands for the same component on several nodes. */
  many: boolean;
  column: number;
  rank: number;
}

interface Edge {
  from: string;
  to: string;
  status: RelationshipStatus;
  primary: boolean;
  title: string;
}

const LEFT_ORDER: readonly ReportComponent["kind"][] = [
  "etcd",
  "etcd-healthcheck",
  "kube-controller-manager",
  "kube-scheduler",
  "front-proxy",
  "admin",
  "user",
  "clients",
];

/** The column of a kind and its rank inside the column. */
function place(kind: ReportComponent["kind"] | undefined): { column: number; rank: number } {
  if (kind === "kube-apiserver") return { column: 1, rank: 0 };
  if (kind === "kubelet") return { column: 2, rank: 0 };
  if (kind === "kube-proxy") return { column: 2, rank: 1 };
  const rank = kind === undefined ? -1 : LEFT_ORDER.indexOf(kind);
  return { column: 0, rank: rank < 0 ? LEFT_ORDER.length : rank };
}

/** "kubelet" for "kubelet (node-1)": the name a box standing for many nodes carries. */
function baseName(component: ReportComponent): string {
  const { name, node } = component;
  if (node === undefined) return name;
  const stripped = name.replace(` (${node})`, "");
  return stripped.includes(node) ? component.kind : stripped;
}

/** The boxes and arrows of the drawing, per-node components folded once the nodes are many. */
function graphOf(report: Report): { vertices: Map<string, Vertex>; edges: Edge[] } {
  const { components, nodes } = nodeContext(report);
  const vertices = new Map<string, Vertex>();
  const single = (id: string): string => {
    if (!vertices.has(id)) {
      const component = components.get(id);
      const name = componentName(report, id);
      vertices.set(id, {
        id,
        label: clip(component ? baseName(component) : name, LABEL_CHARACTERS),
        sub: component?.node === undefined ? "" : clip(component.node, LABEL_CHARACTERS),
        title: name,
        many: false,
        ...place(component?.kind),
      });
    }
    return id;
  };
  // One box per kind for every folded row (the kubelets of 500 nodes, whether a row holds 500 or
  // 501 of them); a node that differs keeps its own box through its single rows.
  const foldedNodes = new Map<string, { name: string; nodes: Set<string> }>();
  const folded = (id: string, onNodes: string[]): string => {
    const component = components.get(id);
    const key = `fold\u0001${component?.kind ?? id}`;
    const name = component ? baseName(component) : id;
    const known = foldedNodes.get(key) ?? { name, nodes: new Set<string>() };
    for (const node of onNodes) known.nodes.add(node);
    foldedNodes.set(key, known);
    if (!vertices.has(key))
      vertices.set(key, {
        id: key,
        label: clip(name, LABEL_CHARACTERS),
        sub: "",
        title: name,
        many: true,
        ...place(component?.kind),
      });
    return key;
  };
  const nameFolds = (): void => {
    for (const [key, { name, nodes: onNodes }] of foldedNodes) {
      const vertex = vertices.get(key);
      if (!vertex) continue;
      vertex.sub = `${onNodes.size} nodes`;
      vertex.title = `${name} on ${nodesPhrase([...onNodes])}`;
    }
  };
  const { primary, secondary } = groupRelationships(report);
  const all = [...primary, ...secondary];
  const fold = nodes.size > UNFOLDED_NODES;
  const edges: Edge[] = [];
  if (!fold) {
    for (const relationship of all)
      edges.push({
        from: single(relationship.client),
        to: single(relationship.server),
        status: relationship.status,
        primary: relationship.primary,
        title: `${relationship.key}: ${relationship.status}`,
      });
    return { vertices, edges };
  }
  for (const row of relationshipRows(report, all)) {
    const { relationship, nodes: onNodes, side } = row;
    const folding = onNodes.length > 0;
    edges.push({
      from: folding && side === "client" ? folded(relationship.client, onNodes) : single(relationship.client),
      to: folding && side === "server" ? folded(relationship.server, onNodes) : single(relationship.server),
      status: relationship.status,
      primary: relationship.primary,
      title: `${folding ? relationship.id : relationship.key}: ${relationship.status}${
        folding ? ` (${onNodes.length} nodes)` : ""
      }`,
    });
  }
  nameFolds();
  return { vertices, edges };
}

interface Box {
  x: number;
  y: number;
  vertex: Vertex;
}

/** Columns stacked top to bottom in kind order, then natural order of their names; centred. */
function layout(vertices: Map<string, Vertex>): { boxes: Map<string, Box>; height: number } {
  const columns: Vertex[][] = [[], [], []];
  for (const vertex of vertices.values()) columns[vertex.column]?.push(vertex);
  const step = BOX_HEIGHT + ROW_GAP;
  const tallest = Math.max(1, maxOf(columns.map((column) => column.length)));
  const boxes = new Map<string, Box>();
  columns.forEach((column, index) => {
    column.sort(
      (a, b) =>
        a.rank - b.rank ||
        naturalOrder(a.label, b.label) ||
        naturalOrder(a.sub, b.sub) ||
        naturalOrder(a.id, b.id),
    );
    const top = ((tallest - column.length) * step) / 2;
    column.forEach((vertex, row) =>
      boxes.set(vertex.id, { x: (COLUMN_X[index] ?? 0) + MARGIN, y: top + row * step + 20, vertex }),
    );
  });
  return { boxes, height: tallest * step + 20 };
}

/** The path of one edge and the point where its glyph sits. */
function route(from: Box, to: Box, lane: number): { d: string; mid: { x: number; y: number } } {
  const offset = lane * 7;
  const y1 = from.y + BOX_HEIGHT / 2 + offset;
  const y2 = to.y + BOX_HEIGHT / 2 + offset;
  if (from.vertex.column === to.vertex.column) {
    // Within a column: an arc outside it (left of the left column, right of the others).
    const left = from.vertex.column === 0;
    const x = left ? from.x : from.x + BOX_WIDTH;
    const bulge = (left ? -1 : 1) * (34 + Math.abs(lane) * 10 + Math.min(30, Math.abs(y2 - y1) / 12));
    const same = from === to;
    const yEnd = same ? y1 + 12 : y2;
    const d = `M${svgNumber(x)} ${svgNumber(y1)}C${svgNumber(x + bulge)} ${svgNumber(y1)} ${svgNumber(
      x + bulge,
    )} ${svgNumber(yEnd)} ${svgNumber(x)} ${svgNumber(yEnd)}`;
    return { d, mid: { x: x + bulge * 0.75, y: (y1 + yEnd) / 2 } };
  }
  const rightward = from.vertex.column < to.vertex.column;
  const x1 = rightward ? from.x + BOX_WIDTH : from.x;
  const x2 = rightward ? to.x : to.x + BOX_WIDTH;
  const pull = (x2 - x1) / 2;
  const d = `M${svgNumber(x1)} ${svgNumber(y1)}C${svgNumber(x1 + pull)} ${svgNumber(y1)} ${svgNumber(
    x2 - pull,
  )} ${svgNumber(y2)} ${svgNumber(x2)} ${svgNumber(y2)}`;
  return { d, mid: { x: (x1 + x2) / 2, y: (y1 + y2) / 2 } };
}

function markerId(status: RelationshipStatus): string {
  return `topology-arrow-${status}`;
}

function markers(): string {
  return (Object.keys(EDGE_STYLE) as RelationshipStatus[])
    .map(
      (status) =>
        `<marker id="${markerId(status)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${EDGE_STYLE[status].color}"/></marker>`,
    )
    .join("");
}

function edgeMarkup(edge: Edge, from: Box, to: Box, lane: number): string {
  const style = EDGE_STYLE[edge.status];
  const { d, mid } = route(from, to, lane);
  const width = edge.primary ? style.width : style.width * 0.7;
  const dash = style.dash ? ` stroke-dasharray="${style.dash}"` : "";
  const cap = edge.status === "unknown" ? ` stroke-linecap="round"` : "";
  return [
    `<g class="edge" data-status="${edge.status}"><title>${escapeHtml(edge.title)}</title>`,
    `<path d="${d}" fill="none" stroke="${style.color}" stroke-width="${svgNumber(width)}"${dash}${cap} marker-end="url(#${markerId(edge.status)})"/>`,
    glyph(edge.status, mid.x, mid.y),
    "</g>",
  ].join("");
}

/** The status glyph in a small white disc, so the status reads without colour. */
function glyph(status: RelationshipStatus, x: number, y: number): string {
  const { color } = EDGE_STYLE[status];
  return `<circle cx="${svgNumber(x)}" cy="${svgNumber(y)}" r="7.5" fill="#fff" stroke="${color}" stroke-width="1.2"/><text x="${svgNumber(x)}" y="${svgNumber(y + 3.6)}" text-anchor="middle" font-size="10" font-weight="700" fill="${color}">${escapeHtml(STATUS_SYMBOL[status])}</text>`;
}

function boxMarkup({ x, y, vertex }: Box): string {
  const text = vertex.sub
    ? `<text x="${svgNumber(x + BOX_WIDTH / 2)}" y="${svgNumber(y + 17)}" text-anchor="middle" font-size="12" font-weight="600">${escapeHtml(vertex.label)}</text><text x="${svgNumber(x + BOX_WIDTH / 2)}" y="${svgNumber(y + 32)}" text-anchor="middle" font-size="10.5" fill="#57606a">${escapeHtml(vertex.sub)}</text>`
    : `<text x="${svgNumber(x + BOX_WIDTH / 2)}" y="${svgNumber(y + 24)}" text-anchor="middle" font-size="12" font-weight="600">${escapeHtml(vertex.label)}</text>`;
  return `<g class="component"><title>${escapeHtml(vertex.title)}</title><rect x="${svgNumber(x)}" y="${svgNumber(y)}" width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="6" fill="#f6f8fa" stroke="#8c959f"/>${text}</g>`;
}

/** The legend under the drawing: a sample of each status's line and glyph, and what an arrow means. */
function legend(top: number, used: ReadonlySet<RelationshipStatus>, folded: boolean): string {
  const items = (Object.keys(EDGE_STYLE) as RelationshipStatus[]).filter((status) => used.has(status));
  const parts = items.map((status, index) => {
    const style = EDGE_STYLE[status];
    const y = top + index * 20;
    const dash = style.dash ? ` stroke-dasharray="${style.dash}"` : "";
    const cap = status === "unknown" ? ` stroke-linecap="round"` : "";
    return `<line x1="${MARGIN}" y1="${y}" x2="${MARGIN + 60}" y2="${y}" stroke="${style.color}" stroke-width="${style.width}"${dash}${cap}/>${glyph(status, MARGIN + 80, y)}<text x="${MARGIN + 96}" y="${y + 4}" font-size="11.5">${escapeHtml(style.word)}</text>`;
  });
  const notes = [
    "An arrow runs from a client to the server that verifies it; thinner lines are secondary relationships.",
    ...(folded
      ? ["A box marked “N nodes” is one component on many nodes; a node that differs has a box of its own."]
      : []),
  ];
  notes.forEach((note, index) =>
    parts.push(
      `<text x="${MARGIN}" y="${top + items.length * 20 + 6 + index * 16}" font-size="11" fill="#57606a">${escapeHtml(note)}</text>`,
    ),
  );
  return `<g class="legend">${parts.join("")}</g>`;
}

/** How tall the legend is for `statuses` statuses and `notes` lines of notes. */
function legendHeight(statuses: number, notes: number): number {
  return statuses * 20 + notes * 16 + 10;
}

/**
 * The report's topology as one standalone SVG element (no script, no external reference, fonts
 * from the reader's system). Deterministic: the same report gives the same bytes.
 */
export function topologySvg(input: Report): string {
  const report = inertReport(input);
  const { vertices, edges } = graphOf(report);
  const width = COLUMN_X[2] + BOX_WIDTH + 2 * MARGIN;
  if (edges.length === 0)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 60" width="${width}" height="60" role="img" aria-label="Trust topology"><text x="${MARGIN}" y="34" font-size="13">No relationship could be derived from the input.</text></svg>`;
  const { boxes, height } = layout(vertices);
  const lanes = new Map<string, number>();
  const edgeParts = edges.flatMap((edge) => {
    const from = boxes.get(edge.from);
    const to = boxes.get(edge.to);
    if (!from || !to) return [];
    // Edges between one pair (either way) take lanes 0, 1, -1, 2, …, so parallel arrows stay apart.
    const pair = [edge.from, edge.to].sort().join("\u0002");
    const count = lanes.get(pair) ?? 0;
    lanes.set(pair, count + 1);
    const lane = count % 2 === 0 ? count / 2 : -(count + 1) / 2;
    return [edgeMarkup(edge, from, to, lane)];
  });
  const used = new Set(edges.map((edge) => edge.status));
  const folded = [...vertices.values()].some((vertex) => vertex.many);
  const legendTop = height + 24;
  const total = legendTop + legendHeight(used.size, folded ? 2 : 1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${total}" width="${width}" height="${total}" role="img" aria-label="Trust topology: ${vertices.size} components, ${edges.length} relationships" font-family="system-ui, sans-serif" fill="#1f2328">`,
    `<defs>${markers()}</defs>`,
    ...[...boxes.values()].map(boxMarkup),
    ...edgeParts,
    legend(legendTop, used, folded),
    "</svg>",
  ].join("\n");
}
