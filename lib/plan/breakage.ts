/**
 * What stops working when a certificate expires, in operator language ("the API goes down",
 * "kube-scheduler stops authenticating") rather than relationship ids. Derived only from the
 * report: each certificate's `usedBy` names the relationships that present it, verify with it or
 * chain to it, and each relationship's ends name the components.
 */
import type { Report, ReportCertificate, ReportRelationship } from "../report";
import { naturalOrder } from "../shared/natural-order";
import { reportIndex } from "../view/report-index";

/** One relationship's failure: a full phrase for an item, a short one for a day's summary. */
export interface Breakage {
  /** Worst first: 0 is an outage of the API, higher is narrower. */
  rank: number;
  /** The full phrase, e.g. "kube-scheduler can no longer authenticate to kube-apiserver: new pods stay Pending". */
  text: string;
  /** The short form for a day's impact sentence. */
  short: string;
  /** Who stops authenticating, for client relationships; days list them in one clause. */
  subject?: string;
  /**
   * The node of a per-node failure (a kubelet's client or serving certificate), so that a day on
   * which hundreds of nodes fail the same way names a few and counts the rest.
   */
  node?: string;
}

/** A day names this many nodes of a per-node failure, then counts the rest. */
export const NODES_NAMED = 3;

const API_DOWN = "the API goes down (kube-apiserver loses etcd)";

/** How one relationship fails when a certificate it relies on expires. */
export function relationshipBreakage(report: Report, relationship: ReportRelationship): Breakage {
  const client = componentPhrase(report, relationship.client);
  const server = componentPhrase(report, relationship.server);
  const clientNode = kubeletNode(report, relationship.client);
  const auth = (consequence: string): Breakage => ({
    rank: 3,
    text: `${client} can no longer authenticate to kube-apiserver: ${consequence}`,
    short: `${client} stops authenticating`,
    subject: client,
    ...(clientNode === undefined ? {} : { node: clientNode }),
  });
  switch (relationship.id) {
    case "etcd-serving":
      return {
        rank: 0,
        text: "kube-apiserver rejects etcd's certificate: the API goes down",
        short: API_DOWN,
      };
    case "apiserver-etcd-client":
      return {
        rank: 0,
        text: "etcd rejects kube-apiserver's client certificate: the API goes down",
        short: API_DOWN,
      };
    case "etcd-peer":
      return {
        rank: 1,
        text: "etcd members reject each other: a multi-member etcd loses quorum",
        short: "etcd members lose each other",
      };
    case "apiserver-serving":
      return {
        rank: 2,
        text: "every client rejects kube-apiserver's serving certificate: kubectl, kubelets and controllers lose the API",
        short: "every client rejects kube-apiserver",
      };
    case "admin-client":
      return auth("kubectl answers Unauthorized");
    case "controller-manager-client":
      return auth("controllers stop (Deployments, node lifecycle, certificate signing)");
    case "scheduler-client":
      return auth("new pods stay Pending");
    case "kube-proxy-client":
      return auth("Service rules stop updating");
    case "kubelet-client":
      return auth("the node goes NotReady");
    case "apiserver-kubelet-client":
      return {
        rank: 4,
        text: "kubelets reject kube-apiserver's client certificate: kubectl logs, exec and port-forward fail",
        short: "kubectl logs, exec and port-forward fail",
      };
    case "front-proxy-client":
      return {
        rank: 4,
        text: "aggregated APIs (metrics-server, kubectl top) reject the requests kube-apiserver proxies to them",
        short: "aggregated APIs fail",
      };
    case "kubelet-serving": {
      const node = kubeletNode(report, relationship.server);
      const certificate = node
        ? `the kubelet's serving certificate on ${node}`
        : "the kubelet's serving certificate";
      return {
        rank: 5,
        text: `clients that verify ${certificate} reject it (metrics-server, kube-apiserver with --kubelet-certificate-authority)`,
        short: `${certificate} is rejected where it is verified`,
        ...(node === undefined ? {} : { node }),
      };
    }
    case "etcd-healthcheck-client":
      return {
        rank: 6,
        text: "etcd rejects the healthcheck client certificate: etcdctl health checks fail",
        short: "etcd health checks fail",
      };
    case "kubelet-bootstrap":
      return {
        rank: 6,
        text: "joining kubelets get no client certificate: new nodes cannot join",
        short: "new nodes cannot join",
      };
    case "service-account-signing":
      return {
        rank: 2,
        text: "kube-apiserver rejects service-account tokens: pods lose API access",
        short: "service-account tokens stop verifying",
      };
  }
  // A relationship a newer analyzer knows and this list does not: say it plainly.
  const unknown: string = relationship.id;
  return { rank: 6, text: `${client} → ${server} (${unknown}) fails`, short: `${unknown} fails` };
}

/** The relationships of the report that rely on a certificate, in the report's order. */
export function relationshipsUsing(report: Report, certificate: ReportCertificate): ReportRelationship[] {
  const index = reportIndex(report);
  const positions = [...new Set(certificate.usedBy)].flatMap((key) => index.relationshipPositions(key));
  return positions.sort((a, b) => a - b).flatMap((position) => report.relationships[position] ?? []);
}

/**
 * Every failure an expired certificate causes, worst first, as full phrases. A CA is also said to
 * take every certificate it signed with it; a certificate nothing uses says so.
 */
export function certificateBreaks(report: Report, certificate: ReportCertificate): string[] {
  const breakages = sortBreakages(
    relationshipsUsing(report, certificate).map((r) => relationshipBreakage(report, r)),
  );
  const phrases = unique(breakages.map((breakage) => breakage.text));
  if (certificate.isCA) phrases.unshift("every certificate it signed stops verifying");
  return phrases.length > 0 ? phrases : ["nothing in the input relies on it"];
}

/**
 * One clause for a day: the short failures of every relationship the day's certificates rely on,
 * worst first, with the clients that stop authenticating named together ("kubectl (admin),
 * kube-scheduler and the kubelet on cp-1 stop authenticating").
 */
export function dayImpact(report: Report, certificates: ReportCertificate[]): string {
  const seen = new Set<string>();
  const relationships: ReportRelationship[] = [];
  for (const certificate of certificates)
    for (const relationship of relationshipsUsing(report, certificate))
      if (!seen.has(relationship.key)) {
        seen.add(relationship.key);
        relationships.push(relationship);
      }
  const breakages = sortBreakages(
    relationships.map((relationship) => relationshipBreakage(report, relationship)),
  );
  if (breakages.length === 0) return "nothing in the input relies on them";
  const clauses: string[] = [];
  const authenticating = breakages.filter((breakage) => breakage.subject !== undefined);
  const subjects = foldNodes(
    authenticating.map((breakage) => ({ phrase: breakage.subject ?? "", node: breakage.node })),
    (nodes) => `the kubelets on ${nodes}`,
  );
  const serving = foldNodes(
    breakages
      .filter((breakage) => breakage.subject === undefined)
      .map((breakage) => ({ phrase: breakage.short, node: breakage.node })),
    (nodes) => `the kubelets' serving certificates on ${nodes} are rejected where they are verified`,
  );
  let subjectsPlaced = false;
  for (const breakage of breakages) {
    if (breakage.subject === undefined) {
      const phrase = serving.get(breakage.short);
      if (phrase !== undefined) clauses.push(phrase);
    } else if (!subjectsPlaced) {
      subjectsPlaced = true;
      const named = unique([...subjects.values()]);
      clauses.push(
        named.length === 1 && subjects.size === 1
          ? `${named[0]} stops authenticating`
          : `${joinWords(named)} stop authenticating`,
      );
    }
  }
  return unique(clauses).join("; ");
}

/**
 * Maps each phrase to what a day says for it: itself, or — once more than NODES_NAMED phrases are
 * per-node — one phrase for all their nodes, made by `many` from "201 nodes (control-1, node-1,
 * node-2 and 198 more)". Phrases keep their first order; folded ones take the first one's place.
 */
function foldNodes(
  entries: { phrase: string; node: string | undefined }[],
  many: (nodes: string) => string,
): Map<string, string> {
  const nodes = unique(entries.flatMap((entry) => (entry.node === undefined ? [] : [entry.node])));
  const folded = new Map<string, string>();
  if (nodes.length <= NODES_NAMED) {
    for (const entry of entries) folded.set(entry.phrase, entry.phrase);
    return folded;
  }
  const sorted = [...nodes].sort(naturalOrder);
  const phrase = many(
    `${sorted.length} nodes (${sorted.slice(0, NODES_NAMED).join(", ")} and ${sorted.length - NODES_NAMED} more)`,
  );
  for (const entry of entries) folded.set(entry.phrase, entry.node === undefined ? entry.phrase : phrase);
  return folded;
}

/** The node a kubelet component runs on; undefined for anything else. */
function kubeletNode(report: Report, id: string): string | undefined {
  const component = reportIndex(report).component(id);
  return component?.kind === "kubelet" ? component.node : undefined;
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** A component as operators say it: "the kubelet on cp-1", "kubectl (admin)", "kube-apiserver". */
function componentPhrase(report: Report, id: string): string {
  const component = reportIndex(report).component(id);
  if (!component) return id;
  if (component.kind === "kubelet")
    return component.node ? `the kubelet on ${component.node}` : "the kubelet";
  if (component.kind === "clients") return "every API client";
  return component.name;
}

function sortBreakages(breakages: Breakage[]): Breakage[] {
  return breakages
    .map((breakage, index) => ({ breakage, index }))
    .sort((a, b) => a.breakage.rank - b.breakage.rank || a.index - b.index)
    .map(({ breakage }) => breakage);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
