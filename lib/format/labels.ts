/**
 * Words and symbols shared by the table and Markdown formatters, so a status or a date reads the
 * same in a terminal, in a pull-request comment and in the explorer. Every status carries a symbol
 * and a word: colour is never the only cue.
 */
import type { ExpiryState } from "../expiry";
import { NODES_NAMED } from "../plan/breakage";
import {
  LAYOUT_LABELS,
  type RelationshipStatus,
  type Report,
  type ReportLayout,
  type Severity,
} from "../report";
import { nodesPhrase } from "./node-fold";
import { expiryPhrase, formatRelative } from "./relative-time";

export { expiryPhrase };

export const STATUS_SYMBOL: Record<RelationshipStatus, string> = {
  ok: "✓",
  warning: "!",
  error: "✗",
  unknown: "?",
};
export const SEVERITY_SYMBOL: Record<Severity, string> = { error: "✗", warning: "!", info: "i" };

export const EXPIRY_STATE_LABEL: Record<ExpiryState, string> = {
  expired: "✗ expired",
  "not-yet-valid": "✗ not yet valid",
  soon: "! renew soon",
  ok: "✓ ok",
};

/** "✓ ok", "✗ error", "? unknown". */
export function statusLabel(status: RelationshipStatus): string {
  return `${STATUS_SYMBOL[status]} ${status}`;
}

/** "✗ error", "! warning", "i info". */
export function severityLabel(severity: Severity): string {
  return `${SEVERITY_SYMBOL[severity]} ${severity}`;
}

/** "1 kubeconfig", "4 kubeconfigs", "0 errors"; `info` is a mass noun and never takes an s. */
export function countNoun(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 || noun === "info" ? "" : "s"}`;
}

/** An ISO instant as "2027-11-22 03:22 UTC"; an unparseable value is shown as given. */
export function formatUtc(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * The short form for the end of a relationship line: "356 days left", "9 years left", "expired 3
 * days ago", "less than an hour left" — the same words as `expiryPhrase`, fewer columns.
 */
export function remainingPhrase(now: string, notAfter: string): string {
  const relative = formatRelative(now, notAfter);
  if (Date.parse(notAfter) < Date.parse(now)) return `expired ${relative}`;
  return relative.startsWith("in ") ? `${relative.slice(3)} left` : `expires ${relative}`;
}

/**
 * "1 error, 2 warnings, 3 info": the report's finding counts in one phrase, counted from the
 * findings themselves (as the exit code is), so the two can never disagree.
 */
export function findingCounts(report: Report): string {
  const count = (severity: Severity): number =>
    report.findings.filter((finding) => finding.severity === severity).length;
  return [
    countNoun(count("error"), "error"),
    countNoun(count("warning"), "warning"),
    countNoun(count("info"), "info"),
  ].join(", ");
}

/**
 * "kubeadm layout · Kubernetes v1.20.2 · node cp-1", or "… · 201 nodes: control-1, node-1, node-2
 * and 198 more": the cluster facts known, empty when none are.
 */
export function clusterFacts(report: Report): string {
  const parts: string[] = [];
  if (report.layout && report.layout.name !== "none") parts.push(layoutPhrase(report.layout));
  if (report.cluster.kubernetesVersion) parts.push(`Kubernetes ${report.cluster.kubernetesVersion}`);
  const nodes = report.cluster.nodes;
  // Past the few the renewal plan names, a cluster's nodes are a count and the first of them.
  if (nodes.length > NODES_NAMED) parts.push(nodesPhrase(nodes));
  else if (nodes.length > 0) parts.push(`${nodes.length === 1 ? "node" : "nodes"} ${nodes.join(", ")}`);
  return parts.join(" · ");
}

/**
 * What the report could and could not judge, said first: the layout was not recognised (roles only
 * where configuration names them), and the relationships whose ends are all outside the drop.
 */
export function scopeNotes(report: Report): string[] {
  const notes: string[] = [];
  if (report.layout?.note) notes.push(report.layout.note);
  if (report.notInDrop)
    notes.push(`${report.notInDrop.note} (not in this drop: ${report.notInDrop.relationships.join(", ")})`);
  return notes;
}

/** "kubeadm layout", "k3s layout (also kubeadm)", "generic mutual TLS (no Kubernetes wiring found)". */
export function layoutPhrase(layout: ReportLayout): string {
  const label = LAYOUT_LABELS[layout.name];
  const base = layout.name === "generic-mtls" || layout.name === "kubernetes" ? label : `${label} layout`;
  const also = layout.also?.map((name) => LAYOUT_LABELS[name]);
  return also && also.length > 0 ? `${base} (also ${also.join(", ")})` : base;
}

/** A fraction as people read it: 0.1 → "10 %", 0.125 → "12.5 %". */
export function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))} %`;
}

/**
 * The report's expiry thresholds in one phrase, so a reader knows what "renew soon" meant for this
 * audit: "warning window 30 days or last 10 % of lifetime · CA horizon 365 days".
 */
export function thresholdsPhrase(report: Report): string {
  return `warning window ${countNoun(report.warnDays, "day")} or last ${percent(report.warnFraction)} of lifetime · CA horizon ${countNoun(report.caHorizonDays, "day")}`;
}
