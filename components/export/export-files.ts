/**
 * What each export is called and what it holds. File names carry the day the report was judged at
 * (not the day of the download), so two exports of the same audit sort together and a re-export
 * overwrites the same name.
 */

export type ExportKind =
  | "report-json"
  | "markdown"
  | "html"
  | "sarif"
  | "junit"
  | "prometheus"
  | "graph-svg"
  | "graph-png"
  | "timeline-svg"
  | "timeline-png";

const NAMES: Record<ExportKind, { stem: string; extension: string; type: string }> = {
  "report-json": { stem: "report", extension: "json", type: "application/json" },
  markdown: { stem: "audit", extension: "md", type: "text/markdown;charset=utf-8" },
  html: { stem: "audit", extension: "html", type: "text/html;charset=utf-8" },
  sarif: { stem: "audit", extension: "sarif", type: "application/sarif+json" },
  junit: { stem: "junit", extension: "xml", type: "application/xml" },
  // node_exporter's textfile collector reads only files named *.prom.
  prometheus: { stem: "metrics", extension: "prom", type: "text/plain;version=0.0.4;charset=utf-8" },
  "graph-svg": { stem: "topology", extension: "svg", type: "image/svg+xml" },
  "graph-png": { stem: "topology", extension: "png", type: "image/png" },
  "timeline-svg": { stem: "timeline", extension: "svg", type: "image/svg+xml" },
  "timeline-png": { stem: "timeline", extension: "png", type: "image/png" },
};

/** `k8s-pki-report-2026-06-01.json`: the kind and the UTC day of `now` (the report's judge instant). */
export function exportFileName(kind: ExportKind, now: string): string {
  const { stem, extension } = NAMES[kind];
  const ms = Date.parse(now);
  const day = Number.isNaN(ms) ? "undated" : new Date(ms).toISOString().slice(0, 10);
  return `k8s-pki-${stem}-${day}.${extension}`;
}

/** The MIME type the file is saved with. */
export function exportMimeType(kind: ExportKind): string {
  return NAMES[kind].type;
}

/** The report as the CLI's `--format json` prints it; made in the analysis engine for the page. */
export { reportJson } from "@/lib/bridge/report-json";
