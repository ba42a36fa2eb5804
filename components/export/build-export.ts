/**
 * Makes one export's file from the report on screen and the drawings on the page. Nothing leaves the
 * tab: every file is built here and handed to the browser's own download.
 */
import type { ExportFormat } from "@/lib/bridge/protocol";
import type { Report } from "@/lib/report";
import { exportFileName, exportMimeType, type ExportKind } from "./export-files";
import { rasterize } from "./rasterize";
import { findDrawing, snapshotSvg } from "./svg-export";

export type Drawing = "graph" | "timeline";

const DRAWING_TITLES: Record<Drawing, string> = {
  graph: "Trust topology",
  timeline: "Certificate expiry timeline",
};

/** The drawing of a section marked `data-export="graph"` or `"timeline"`, when it is drawn. */
export function drawingOf(drawing: Drawing): SVGSVGElement | undefined {
  return findDrawing(document.querySelector(`[data-export="${drawing}"]`));
}

export interface ExportFile {
  blob: Blob;
  name: string;
}

/**
 * Makes the whole report as a file where the report lives (the analysis engine): its UTF-8 bytes, or
 * why not. Serialising a large report here would freeze the page.
 */
export type ReportFileMaker = (format: ExportFormat) => Promise<ArrayBuffer | string>;

/** The file for `kind`; rejects with a reason a person can act on when it cannot be made. */
export async function buildExport(
  kind: ExportKind,
  report: Report,
  makeReportFile: ReportFileMaker,
): Promise<ExportFile> {
  const name = exportFileName(kind, report.now);
  const type = exportMimeType(kind);
  switch (kind) {
    case "report-json":
    case "markdown":
    case "html":
    case "sarif":
    case "junit":
    case "prometheus": {
      const made = await makeReportFile(kind === "report-json" ? "json" : kind);
      if (typeof made === "string") throw new Error(made);
      return { name, blob: new Blob([made], { type }) };
    }
    case "graph-svg":
    case "graph-png":
    case "timeline-svg":
    case "timeline-png": {
      const drawing: Drawing = kind.startsWith("graph") ? "graph" : "timeline";
      const svg = drawingOf(drawing);
      if (!svg) throw new Error(`the ${DRAWING_TITLES[drawing].toLowerCase()} is not drawn on the page`);
      const title = `${DRAWING_TITLES[drawing]} — judged at ${report.now.slice(0, 10)}`;
      const snapshot = snapshotSvg(svg, title, { drawing, report });
      const blob = kind.endsWith("png") ? await rasterize(snapshot) : new Blob([snapshot.markup], { type });
      return { name, blob };
    }
  }
}
