/**
 * The rows of the expiry timeline, before any geometry: one bar per certificate, grouped by trust
 * domain. Each CA heads the certificates it issued (by the core's `issuerId`, which follows the
 * signature, not the name), its children ordered by the component that presents them, so an auditor
 * reads "the cluster CA, then the apiserver's certificates, then the controller-manager's…".
 * Certificates with no issuer in the input (self-signed leaves, issuers not dropped) sit in a group
 * of their own at the end. Intermediate CAs nest under their issuer with their own children.
 * Certificates found only in Kubernetes Secrets follow in one group per namespace ("Secrets in
 * cert-manager"), each named after its Secret and key, a CA there heading what it issued in the
 * same namespace.
 */
import { finishSteps } from "@/components/explorer/finish-steps";
import { commonName } from "@/lib/format/common-name";
import { displayPath } from "@/lib/format/report-view";
import type { ExpiryState } from "@/lib/expiry";
import { DAY_MS } from "@/lib/expiry";
import type { ComponentKind, Report, ReportCertificate, ReportSecretRef } from "@/lib/report";
import { naturalOrder } from "@/lib/shared/natural-order";
import { reportIndex } from "@/lib/view/report-index";
import { barAriaLabel, describeRole, durationWords, fileName, timeLeftPhrase } from "./timeline-labels";
import { inertText } from "@/lib/format/inert-text";
import { groupBySecretNamespace, homeSecret, namespaceTitle, secretRowName } from "@/lib/view/secret-groups";

export interface TimelineBar {
  id: string;
  sha256: string;
  state: ExpiryState;
  /** 0 for a domain's CA, 1 for what it issued, 2 under an intermediate CA… */
  depth: number;
  /** A CA (or any issuer) heading the certificates under it. */
  heading: boolean;
  /**
   * First line: the file a leaf is known by, or the anchor's role for a CA ("Cluster CA"). Like
   * `detail` and `ariaLabel`, inert (`inertText`): drawn in SVG, which has no `<bdi>`, so a bidi
   * control or a zero-width space of the input is written as its escape and measured as drawn.
   */
  name: string;
  /** Second line: the component presenting a leaf, or a CA's file and subject. */
  detail: string;
  /** The role in words, for the accessible name. */
  description: string;
  /** Component run the bar belongs to inside its domain; the first bar of a run starts a group. */
  group: string;
  startsGroup: boolean;
  notBefore: number;
  notAfter: number;
  warnFrom: number;
  rotation?: { start: number; end: number };
  /** The issuer's end, when the issuer is another certificate of the input. */
  issuerEnd?: number;
  /** "in 214 days", "expired 3 days ago". */
  phrase: string;
  /** Findings that make the bar stand out, in words ("outlives its CA by 45 days"). */
  flags: TimelineFlag[];
  ariaLabel: string;
  paths: string[];
}

export interface TimelineFlag {
  text: string;
  tone: "error" | "warning";
}

/** A group heading's `title` is inert (`inertText`): a namespace is the input's words, drawn in SVG. */
export type TimelineRow =
  { kind: "bar"; bar: TimelineBar } | { kind: "group"; id: string; title: string; count: number };

export interface TimelineModel {
  rows: TimelineRow[];
  /** The bars in row order (keyboard order). */
  bars: TimelineBar[];
  now: number;
  /** `now + caHorizonDays`: a CA ending before this needs its rotation planned. */
  horizonEnd: number;
  horizonDays: number;
}

/** Trust anchors first, in the order people meet them in a kubeadm cluster. */
const ANCHOR_RANK: Record<string, number> = {
  "cluster-ca": 0,
  "etcd-ca": 1,
  "front-proxy-ca": 2,
  "kubelet-serving-ca": 3,
};

/** Components in the order the graph's control plane reads: apiserver, etcd, controllers, nodes, people. */
const COMPONENT_RANK: Record<ComponentKind, number> = {
  "kube-apiserver": 0,
  etcd: 1,
  "kube-controller-manager": 2,
  "kube-scheduler": 3,
  "kube-proxy": 4,
  kubelet: 5,
  "front-proxy": 6,
  "etcd-healthcheck": 7,
  admin: 8,
  user: 9,
  clients: 10,
};

const UNPRESENTED_RANK = 99;

interface Presenter {
  rank: number;
  key: string;
  names: string[];
}

/** Which components present each certificate (as a client or a server), best-ranked first. */
function presenters(report: Report): Map<string, Presenter> {
  const index = reportIndex(report);
  const kinds = new Map(report.components.map((c) => [c.id, c.kind]));
  const found = new Map<string, string[]>();
  for (const relationship of report.relationships) {
    for (const end of [relationship.clientEnd, relationship.serverEnd]) {
      const id = end.presents?.certificateId;
      if (!id) continue;
      const list = found.get(id) ?? [];
      if (!list.includes(end.component)) list.push(end.component);
      found.set(id, list);
    }
  }
  const out = new Map<string, Presenter>();
  for (const [id, components] of found) {
    const rankOf = (c: string) => {
      const kind = kinds.get(c);
      return kind ? COMPONENT_RANK[kind] : UNPRESENTED_RANK;
    };
    const sorted = [...components].sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b));
    const first = sorted[0] ?? "";
    out.set(id, {
      rank: rankOf(first),
      key: sorted.join("+"),
      names: sorted.map((c) => index.componentName(c)),
    });
  }
  return out;
}

/** Flags from the findings that bear on one certificate's dates (the rules decide, the timeline tells). */
function flagsOf(
  report: Report,
  certificate: ReportCertificate,
  issuerEnd: number | undefined,
): TimelineFlag[] {
  const codes = new Set(
    reportIndex(report)
      .findingsOf(certificate.id)
      .map((at) => report.findings[at]?.code),
  );
  const flags: TimelineFlag[] = [];
  const end = Date.parse(certificate.notAfter);
  if (codes.has("CERT_OUTLIVES_ISSUER") && issuerEnd !== undefined && end > issuerEnd)
    flags.push({ text: `outlives its CA by ${durationWords(issuerEnd, end)}`, tone: "error" });
  if (codes.has("CA_EXPIRES_SOON")) {
    const inside = end - Date.parse(report.now) <= report.caHorizonDays * DAY_MS;
    flags.push({
      text: inside ? `inside the ${report.caHorizonDays}-day CA horizon` : "CA due for rotation",
      tone: "warning",
    });
  }
  return flags;
}

function anchorRank(report: Report, certificate: ReportCertificate): number {
  const anchor = reportIndex(report).anchorOf(certificate.id);
  if (!anchor) return 5;
  return ANCHOR_RANK[anchor.role] ?? 4;
}

/**
 * How a CA heads its domain: a trust anchor by its role ("Cluster CA") with its file and subject
 * below; any other CA by its subject, with its file and what kind of CA it is below.
 */
function caLines(report: Report, certificate: ReportCertificate, file: string): [string, string] {
  const anchor = reportIndex(report).anchorOf(certificate.id);
  const role = anchor?.name.replace(/\s*\([^)]*\)\s*$/, "");
  const subject = commonName(certificate.subject);
  if (role) return [role, `${file} · ${subject}`];
  const kind = certificate.isCA ? (certificate.selfSigned ? "self-signed CA" : "intermediate CA") : "issuer";
  return [subject, `${file} · ${kind}`];
}

interface BarPlace {
  depth: number;
  heading: boolean;
  group: string;
  startsGroup: boolean;
  issuerEnd: number | undefined;
  flags: TimelineFlag[];
  /** The file the certificate is known by. */
  leaf: string;
  /** The components that present it, by display name. */
  presenterNames: string[] | undefined;
}

/**
 * A bar whose words (second line, role, phrase, accessible name) are worked out when its row is
 * drawn and then kept: a fleet has ten thousand bars and the timeline draws the thirty on screen.
 * One object per bar, its getters on the prototype, so building them all leaves little garbage.
 */
class LazyBar implements TimelineBar {
  readonly id: string;
  readonly sha256: string;
  readonly state: ExpiryState;
  readonly depth: number;
  readonly heading: boolean;
  readonly name: string;
  readonly group: string;
  readonly startsGroup: boolean;
  readonly notBefore: number;
  readonly notAfter: number;
  readonly warnFrom: number;
  readonly rotation?: { start: number; end: number };
  readonly issuerEnd?: number;
  readonly flags: TimelineFlag[];
  readonly paths: string[];
  private words: { detail?: string; description?: string; phrase?: string; ariaLabel?: string } = {};

  constructor(
    private readonly report: Report,
    private readonly certificate: ReportCertificate,
    private readonly place: BarPlace,
  ) {
    const c = certificate;
    this.id = c.id;
    this.sha256 = c.sha256.toLowerCase();
    this.state = c.expiryState;
    this.depth = place.depth;
    this.heading = place.heading;
    this.name = inertText(place.heading ? this.lines()[0] : place.leaf);
    this.group = place.group;
    this.startsGroup = place.startsGroup;
    this.notBefore = Date.parse(c.notBefore);
    this.notAfter = Date.parse(c.notAfter);
    this.warnFrom = Date.parse(c.warnFrom);
    if (c.rotation) this.rotation = { start: Date.parse(c.rotation.start), end: Date.parse(c.rotation.end) };
    if (place.issuerEnd !== undefined) this.issuerEnd = place.issuerEnd;
    this.flags = place.flags;
    this.paths = c.paths;
  }

  private lines(): [string, string] {
    const { heading, leaf, presenterNames } = this.place;
    return heading
      ? caLines(this.report, this.certificate, leaf)
      : [leaf, presenterNames?.join(", ") ?? `${this.description}, not used by any component`];
  }

  get detail(): string {
    return (this.words.detail ??= inertText(this.lines()[1]));
  }

  get description(): string {
    return (this.words.description ??= describeRole(this.certificate));
  }

  get phrase(): string {
    return (this.words.phrase ??= timeLeftPhrase(
      this.certificate,
      this.certificate.expiryState,
      this.report.now,
    ));
  }

  get ariaLabel(): string {
    const { heading, leaf } = this.place;
    return (this.words.ariaLabel ??= inertText(
      barAriaLabel({
        name: heading ? `${leaf} (${commonName(this.certificate.subject)})` : leaf,
        description: this.description,
        state: this.state,
        notBefore: this.notBefore,
        notAfter: this.notAfter,
        phrase: this.phrase,
        flags: this.flags.map((flag) => flag.text),
      }),
    ));
  }
}

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
  const byId = new Map(report.certificates.map((c) => [c.id, c]));
  const homes = new Map<string, ReportSecretRef>();
  for (const c of report.certificates) {
    const home = homeSecret(c);
    if (home) homes.set(c.id, home);
  }
  // A node's certificates and each namespace's Secrets are trees of their own: an issuer heads only
  // what sits in the same place.
  const placeOf = (c: ReportCertificate) => {
    const home = homes.get(c.id);
    return home ? `namespace:${home.namespace ?? ""}` : "node";
  };
  const parentOf = (c: ReportCertificate) => {
    const issuer = c.issuerId && c.issuerId !== c.id ? byId.get(c.issuerId) : undefined;
    return issuer && placeOf(issuer) === placeOf(c) ? issuer.id : undefined;
  };
  const children = new Map<string, ReportCertificate[]>();
  for (const c of report.certificates) {
    const parent = parentOf(c);
    if (!parent) continue;
    const siblings = children.get(parent);
    if (siblings) siblings.push(c);
    else children.set(parent, [c]);
  }
  yield;
  const presented = presenters(report);
  yield;
  const rankOf = (c: ReportCertificate) => presented.get(c.id)?.rank ?? UNPRESENTED_RANK;
  const leafNames = new Map<string, string>();
  const leafName = (c: ReportCertificate) => {
    let name = leafNames.get(c.id);
    if (name === undefined) {
      const home = homes.get(c.id);
      leafNames.set(c.id, (name = home ? secretRowName(home) : fileName(displayPath(c))));
    }
    return name;
  };
  const byComponent = (a: ReportCertificate, b: ReportCertificate) =>
    Number(children.has(a.id)) - Number(children.has(b.id)) ||
    rankOf(a) - rankOf(b) ||
    naturalOrder(presented.get(a.id)?.key ?? "", presented.get(b.id)?.key ?? "") ||
    naturalOrder(leafName(a), leafName(b)) ||
    a.notAfter.localeCompare(b.notAfter) ||
    a.id.localeCompare(b.id);

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
    const flags = flagsOf(report, c, issuerEnd);
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
    .sort(
      (a, b) =>
        anchorRank(report, a) - anchorRank(report, b) ||
        commonName(a.subject).localeCompare(commonName(b.subject)) ||
        a.notAfter.localeCompare(b.notAfter) ||
        a.id.localeCompare(b.id),
    );
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
