/**
 * The export menu's entries, grouped as people look for them: the audit as data or prose, the
 * audit in the formats other tools read, the drawings as images, and the page as a document.
 */
import type { Drawing } from "./build-export";
import type { ExportKind } from "./export-files";

export interface ExportAction {
  kind: ExportKind | "print";
  label: string;
  /** The format tag shown beside the label. */
  format: string;
  hint: string;
  /** The drawing the export needs on the page. */
  drawing?: Drawing;
}

export interface ExportGroup {
  heading: string;
  actions: ExportAction[];
}

export const EXPORT_GROUPS: ExportGroup[] = [
  {
    heading: "Audit",
    actions: [
      { kind: "report-json", label: "Report data", format: "JSON", hint: "as k8s-pki audit --format json" },
      { kind: "markdown", label: "Audit report", format: "MD", hint: "findings, fixes, renewal plan" },
      {
        kind: "html",
        label: "Audit report",
        format: "HTML",
        hint: "drawings, fixes, input digest",
      },
    ],
  },
  {
    heading: "For other tools",
    actions: [
      { kind: "sarif", label: "SARIF", format: "SARIF", hint: "code scanning, as --format sarif" },
      { kind: "junit", label: "JUnit XML", format: "XML", hint: "relationships as CI tests" },
      { kind: "prometheus", label: "Prometheus metrics", format: "PROM", hint: "node_exporter textfile" },
    ],
  },
  {
    heading: "Drawings",
    actions: [
      { kind: "graph-svg", label: "Trust topology", format: "SVG", hint: "vector", drawing: "graph" },
      { kind: "graph-png", label: "Trust topology", format: "PNG", hint: "2× pixels", drawing: "graph" },
      { kind: "timeline-svg", label: "Expiry timeline", format: "SVG", hint: "vector", drawing: "timeline" },
      {
        kind: "timeline-png",
        label: "Expiry timeline",
        format: "PNG",
        hint: "2× pixels",
        drawing: "timeline",
      },
    ],
  },
  {
    heading: "Document",
    actions: [{ kind: "print", label: "Print or save as PDF", format: "PDF", hint: "the HTML audit report" }],
  },
];
