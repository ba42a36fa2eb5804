/**
 * The rows of the expiry timeline, before any geometry: one bar per certificate, grouped by trust
 * domain. Each CA heads the certificates it issued (issuer-tree.ts), its children ordered by the
 * component that presents them (row-order.ts), so an auditor reads "the cluster CA, then the
 * apiserver's certificates, then the controller-manager's…". Certificates with no issuer in the input
 * (self-signed leaves, issuers not dropped) sit in a group of their own at the end. Intermediate CAs
 * nest under their issuer with their own children. Certificates found only in Kubernetes Secrets
 * follow in one group per namespace ("Secrets in cert-manager"), each named after its Secret and key,
 * a CA there heading what it issued in the same namespace.
 */
import { finishSteps } from "@/components/explorer/finish-steps";
import { displayPath } from "@/lib/format/report-view";
import { inertText } from "@/lib/format/inert-text";
import { DAY_MS } from "@/lib/expiry";
import type { Report, ReportCertificate } from "@/lib/report";
import { groupBySecretNamespace, namespaceTitle, secretRowName } from "@/lib/view/secret-groups";
import { homeObject, objectRowName } from "@/lib/view/object-refs";
import { barFlags } from "./bar-flags";
import { issuerTree } from "./issuer-tree";
import { LazyBar } from "./lazy-bar";
import { presenters, rootOrder, siblingOrder } from "./row-order";
import { fileName } from "./timeline-labels";
import type { TimelineBar, TimelineModel, TimelineRow } from "./timeline-model";

/** Build the timeline's rows from a report. Pure: the same report gives the same rows. */
export function buildTimeline(report: Report): TimelineModel {
  return finishSteps(timelineSteps(report));
}

/** Bars made between two steps of {@link timelineSteps}. */
const BARS_PER_STEP = 500;

/**
 * {@link buildTimeline} in steps of a few milliseconds each: a caller may run them in separate tasks
 * (see use-timeline-model.ts), so a fleet's ten thousand bars never freeze the page in one.
 */
export function* timelineSteps(report: Report): Generator<void, TimelineModel> {
  const now = Date.parse(report.now);
  const { byId, homes, parentOf, children } = issuerTree(report);
  yield;
  const presented = presenters(report);
  yield;
  const leafNames = new Map<string, string>();
  const leafName = (c: ReportCertificate) => {
    let name = leafNames.get(c.id);
    if (name === undefined) {
      const home = homes.get(c.id);
      const object = home ? undefined : homeObject(c);
      const own = object ? objectRowName(object) : fileName(displayPath(c));
      leafNames.set(c.id, (name = home ? secretRowName(home) : own));
    }
    return name;
  };
  const byComponent = siblingOrder({ heads: children, presented, leafName });

  const rows: TimelineRow[] = [];
  const bars: TimelineBar[] = [];
  const placed = new Set<string>();

  const push = (c: ReportCertificate, depth: number, previousGroup: string | undefined) => {
    const heading = c.isCA || children.has(c.id);
    const parent = parentOf(c);
    const issuerEnd = parent ? Date.parse(byId.get(parent)?.notAfter ?? "") : undefined;
    const presenter = presented.get(c.id);
    const group = heading ? `ca:${c.id}` : (presenter?.key ?? "");
    // Flags stay eager: row heights and the summary need them all; the words are lazy (LazyBar).
    const flags = barFlags(report, c, issuerEnd);
    const bar = new LazyBar(report, c, {
      depth,
      heading,
      group,
      startsGroup: group !== previousGroup,
      issuerEnd,
      flags,
      leaf: leafName(c),
      presenterNames: presenter?.names,
    });
    placed.add(c.id);
    rows.push({ kind: "bar", bar });
    bars.push(bar);
    return bar;
  };

  function* walk(c: ReportCertificate, depth: number): Generator<void, void> {
    push(c, depth, undefined);
    let previous: string | undefined;
    const ordered = [...(children.get(c.id) ?? [])].sort(byComponent);
    if (ordered.length > BARS_PER_STEP) yield;
    for (const child of ordered) {
      if (placed.has(child.id)) continue;
      if (children.has(child.id)) {
        yield* walk(child, depth + 1);
        previous = undefined;
      } else previous = push(child, depth + 1, previous).group;
      if (bars.length % BARS_PER_STEP === 0) yield;
    }
  }

  const roots = report.certificates
    .filter((c) => !homes.has(c.id) && !parentOf(c) && (c.isCA || children.has(c.id)))
    .sort(rootOrder(report));
  for (const root of roots) yield* walk(root, 0);

  // Leaves without an issuer in the input, and anything only reachable through an issuer cycle.
  const rest = report.certificates.filter((c) => !placed.has(c.id) && !homes.has(c.id)).sort(byComponent);
  if (rest.length > BARS_PER_STEP) yield;
  if (rest.length > 0) {
    rows.push({
      kind: "group",
      id: "unanchored",
      title: "Self-signed or issuer not in the input",
      count: rest.length,
    });
    let previous: string | undefined;
    for (const c of rest) {
      previous = push(c, 1, previous).group;
      if (bars.length % BARS_PER_STEP === 0) yield;
    }
  }

  const inSecrets = report.certificates.filter((c) => homes.has(c.id));
  for (const { namespace, certificates } of groupBySecretNamespace(inSecrets).namespaces) {
    rows.push({
      kind: "group",
      id: `namespace:${namespace ?? ""}`,
      title: inertText(namespaceTitle(namespace)),
      count: certificates.length,
    });
    const tops = certificates.filter((c) => !parentOf(c)).sort(byComponent);
    let previous: string | undefined;
    // The tops, then anything only reachable through an issuer cycle.
    for (const c of [...tops, ...certificates]) {
      if (placed.has(c.id)) continue;
      if (children.has(c.id)) {
        yield* walk(c, 1);
        previous = undefined;
      } else previous = push(c, 1, previous).group;
      if (bars.length % BARS_PER_STEP === 0) yield;
    }
  }

  return {
    rows,
    bars,
    now,
    horizonEnd: now + report.caHorizonDays * DAY_MS,
    horizonDays: report.caHorizonDays,
  };
}
