/**
 * The renewal plan: every certificate of a report grouped by the UTC day it expires, each with the
 * step that renews it, what to restart afterwards and what stops working if nobody does, plus the
 * whole plan as one ordered list of shell commands. Pure: a function of the report alone, so the
 * CLI, the Markdown report and the explorer show the same plan.
 */
import type { ExpiryState } from "../expiry";
import type { Report, ReportCertificate } from "../report";
import { certificateBreaks, dayImpact, relationshipsUsing } from "./breakage";
import { certificateLabel, primaryPath } from "../view/certificate-label";
import { renewalStep } from "./renewal-kind";
import { renewalNodes } from "./renewal-nodes";
import { kubeletRestart, type Restart, restartsFor } from "./restart";
import type { RenewalDay, RenewalItem, RenewalKind, RenewalPlan } from "./types";
import { reportIndex } from "../view/report-index";
import { minOf } from "../shared/collections";
import { servedDating } from "../served/plan-served";

/** What replaces every per-certificate kubeadm command when they all fall on one day. */
export const KUBEADM_RENEW_ALL = "kubeadm certs renew all";

const STATE_URGENCY: Record<ExpiryState, number> = { expired: 0, "not-yet-valid": 1, soon: 2, ok: 3 };
const KIND_ORDER: Record<RenewalKind, number> = {
  kubeadm: 0,
  "kubelet-rotation": 1,
  "kubelet-self-signed": 2,
  manual: 3,
  "ca-rotation": 4,
};

interface Planned {
  item: RenewalItem;
  restarts: Restart[];
}

/**
 * Build the plan for `report`. Days run earliest first (so expired ones lead); within a day items
 * run by kind (kubeadm's first, CAs last), then name.
 *
 * `commands` is a runbook for one sitting on the node, because that is how renewals are done: once
 * someone is on a control-plane node with an outage or a deadline, they renew everything due and
 * restart each component once. So two or more kubeadm certificates become one `kubeadm certs renew
 * all` at the place of the earliest — it renews unconditionally, so it does what the separate
 * commands would, and it leaves every kubeadm certificate on one date, so the next plan has one
 * day for them. A lone kubeadm certificate keeps its own command (the items always do). Restarts
 * follow the renewals, each once, etcd before kube-apiserver before its clients.
 */
export function renewalPlan(report: Report): RenewalPlan {
  const labels = distinctLabels(report.certificates);
  const nodesOf = renewalNodes(report);
  const planned = report.certificates.map((certificate) =>
    planCertificate(
      report,
      certificate,
      labels.get(certificate.id) ?? certificateLabel(certificate),
      nodesOf(certificate),
    ),
  );
  const byDay = new Map<string, Planned[]>();
  for (const entry of withBundledCasFolded(planned)) {
    const date = utcDay(entry.item.notAfter);
    byDay.set(date, [...(byDay.get(date) ?? []), entry]);
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, entries]) => planDay(report, date, entries.sort(byItemOrder)));
  const ordered = days.flatMap((day) => day.entries);
  return {
    now: report.now,
    days: days.map(({ day }) => day),
    commands: planCommands(ordered),
  };
}

function planCertificate(
  report: Report,
  certificate: ReportCertificate,
  label: string,
  nodes: string[],
): Planned {
  const step = renewalStep(report, certificate);
  const restarts = restartsForStep(report, certificate, step.kind, step.restartKubelet === true);
  // A file renewed while its process still serves the old certificate: dated by the served one.
  const served = servedDating(report, certificate);
  // The file already outlives what runs: renewing it again changes nothing until the restart.
  const restartOnly = served !== undefined && Date.parse(certificate.notAfter) > Date.parse(served.notAfter);
  const notes = [served?.note, step.note, outlivesIssuerNote(report, certificate)].filter(
    (note) => note !== undefined,
  );
  const item: RenewalItem = {
    certificateId: certificate.id,
    sha256: certificate.sha256,
    label,
    paths: certificate.paths,
    subject: certificate.subject,
    ...(certificate.role === undefined ? {} : { role: certificate.role }),
    isCA: certificate.isCA,
    notAfter: served?.notAfter ?? certificate.notAfter,
    daysLeft: served?.daysLeft ?? certificate.daysLeft,
    expiryState: served?.expiryState ?? certificate.expiryState,
    kind: step.kind,
    command: restartOnly
      ? `nothing to renew: ${label} on disk is valid until ${utcDay(certificate.notAfter)}; restart what serves it`
      : step.command,
    runnable: restartOnly ? false : step.runnable,
    restart: unique(restarts.map((restart) => restart.what)),
    followUp: unique(restarts.flatMap((restart) => (restart.command === undefined ? [] : [restart.command]))),
    breaks: certificateBreaks(report, certificate),
    ...(nodes.length === 0 ? {} : { nodes }),
    ...(step.docUrl === undefined ? {} : { docUrl: step.docUrl }),
    ...(notes.length === 0 ? {} : { note: notes.join(" ") }),
  };
  return { item, restarts };
}

/** The file a certificate was read from, without the `#block 2` of a bundle. */
function fileOf(item: RenewalItem): string {
  return (item.paths[0] ?? "").split("#", 1)[0] ?? "";
}

/**
 * The kubelet's self-signed serving pair is one thing to renew: its CA is written into kubelet.crt
 * with the leaf, expires with it and is replaced by the same step. So the CA is no item of its own
 * when its leaf is planned for the same day from the same file; the leaf's note says it goes along.
 */
function withBundledCasFolded(planned: Planned[]): Planned[] {
  const leaves = new Map<string, Planned>();
  for (const entry of planned)
    if (entry.item.kind === "kubelet-self-signed" && !entry.item.isCA)
      leaves.set(`${fileOf(entry.item)}\u0000${utcDay(entry.item.notAfter)}`, entry);
  const folded = new Set<Planned>();
  for (const entry of planned) {
    if (entry.item.kind !== "kubelet-self-signed" || !entry.item.isCA) continue;
    const leaf = leaves.get(`${fileOf(entry.item)}\u0000${utcDay(entry.item.notAfter)}`);
    if (!leaf) continue;
    folded.add(entry);
    const along = "Its self-signed CA, the second certificate in the file, is replaced with it.";
    leaf.item.note = leaf.item.note ? `${leaf.item.note} ${along}` : along;
    leaf.item.bundledIds = [...(leaf.item.bundledIds ?? []), entry.item.certificateId];
  }
  return planned.filter((entry) => !folded.has(entry));
}

/**
 * Restarts by kind: the kubelet re-reads what it rotates by itself (nothing to restart unless the
 * step says so), a CA rotation restarts everything and is the guide's business, and every other
 * renewal restarts whoever presents the certificate.
 */
function restartsForStep(
  report: Report,
  certificate: ReportCertificate,
  kind: RenewalKind,
  restartKubelet: boolean,
): Restart[] {
  switch (kind) {
    case "kubelet-rotation":
    case "kubelet-self-signed":
      return restartKubelet ? [kubeletRestart(kubeletNode(report, certificate))] : [];
    case "ca-rotation":
      return [];
    case "kubeadm":
    case "manual":
      return restartsFor(report, certificate, kind === "kubeadm");
  }
}

/** The node of the kubelet a certificate belongs to, from the relationships that use it. */
function kubeletNode(report: Report, certificate: ReportCertificate): string | undefined {
  for (const relationship of relationshipsUsing(report, certificate))
    for (const id of [relationship.client, relationship.server]) {
      const component = reportIndex(report).component(id);
      if (component?.kind === "kubelet") return component.node;
    }
  return undefined;
}

/** The plan's own wording of CERT_OUTLIVES_ISSUER: a certificate stops verifying when its CA expires. */
function outlivesIssuerNote(report: Report, certificate: ReportCertificate): string | undefined {
  if (certificate.issuerId === undefined || certificate.issuerId === certificate.id) return undefined;
  const issuer = reportIndex(report).certificate(certificate.issuerId);
  if (!issuer || !(Date.parse(issuer.notAfter) < Date.parse(certificate.notAfter))) return undefined;
  return `Its CA ${certificateLabel(issuer)} expires first, on ${utcDay(issuer.notAfter)}: from then on it no longer verifies, whatever its own date.`;
}

function planDay(report: Report, date: string, entries: Planned[]): { day: RenewalDay; entries: Planned[] } {
  const items = entries.map((entry) => entry.item);
  const state = items.reduce<ExpiryState>(
    (worst, item) => (STATE_URGENCY[item.expiryState] < STATE_URGENCY[worst] ? item.expiryState : worst),
    "ok",
  );
  const certificates = new Map(report.certificates.map((certificate) => [certificate.id, certificate]));
  const dayCertificates = items.flatMap((item) => certificates.get(item.certificateId) ?? []);
  return {
    day: {
      date,
      daysLeft: minOf(items.map((item) => item.daysLeft)),
      state,
      items,
      afterwards: unique(
        inRunOrder(entries.flatMap((entry) => entry.restarts)).map((restart) => restart.what),
      ),
      impact: dayImpact(report, dayCertificates),
    },
    entries,
  };
}

function planCommands(entries: Planned[]): string[] {
  const renewAll = entries.filter(({ item }) => item.kind === "kubeadm" && item.runnable).length >= 2;
  const renewals = entries.flatMap(({ item }) =>
    !item.runnable ? [] : [item.kind === "kubeadm" && renewAll ? KUBEADM_RENEW_ALL : item.command],
  );
  const restarts = inRunOrder(entries.flatMap((entry) => entry.restarts)).flatMap((restart) =>
    restart.command === undefined ? [] : [restart.command],
  );
  return unique([...renewals, ...restarts]);
}

/** Restarts by rank (etcd, kube-apiserver, its clients, the kubelet, copies), stable within a rank. */
function inRunOrder(restarts: Restart[]): Restart[] {
  return restarts
    .map((restart, index) => ({ restart, index }))
    .sort((a, b) => a.restart.rank - b.restart.rank || a.index - b.index)
    .map(({ restart }) => restart);
}

/** Within a day: by kind (kubeadm's together, CAs last), then by name; the hour of expiry does not matter. */
function byItemOrder(a: Planned, b: Planned): number {
  const kinds = KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind];
  if (kinds !== 0) return kinds;
  return a.item.label < b.item.label ? -1 : a.item.label > b.item.label ? 1 : 0;
}

/**
 * Labels that tell certificates apart: the short name (`apiserver.crt`) unless another certificate
 * of the report has it too (two nodes' inputs), then the path that differs.
 */
function distinctLabels(certificates: ReportCertificate[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const certificate of certificates) {
    const label = certificateLabel(certificate);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Map(
    certificates.map((certificate) => {
      const label = certificateLabel(certificate);
      return [certificate.id, (counts.get(label) ?? 0) > 1 ? primaryPath(certificate) : label];
    }),
  );
}

/** `YYYY-MM-DD` of an ISO instant in UTC; an unreadable date is kept as given (it sorts apart). */
function utcDay(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 10);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
