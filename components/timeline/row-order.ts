/**
 * The order of the timeline's rows. Trust anchors come first, in the order people meet them in a
 * kubeadm cluster; under a CA, its certificates run by the component that presents them, in the order
 * the graph's control plane reads (apiserver, etcd, controllers, nodes, people), then by the names
 * people count in (node-9 before node-10), and the CAs it issued after its leaves.
 */
import { commonName } from "@/lib/format/common-name";
import type { ComponentKind, Report, ReportCertificate } from "@/lib/report";
import { naturalOrder } from "@/lib/shared/natural-order";
import { reportIndex } from "@/lib/view/report-index";

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

export interface Presenter {
  /** Rank of the best-ranked component presenting the certificate. */
  rank: number;
  /** The presenting components' ids, best-ranked first: certificates of one run share it. */
  key: string;
  /** The presenting components, by display name. */
  names: string[];
}

/** Which components present each certificate (as a client or a server), best-ranked first. */
export function presenters(report: Report): Map<string, Presenter> {
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

function anchorRank(report: Report, certificate: ReportCertificate): number {
  const anchor = reportIndex(report).anchorOf(certificate.id);
  if (!anchor) return 5;
  return ANCHOR_RANK[anchor.role] ?? 4;
}

/** The order of the CAs heading a domain each: trust anchors first, then by subject and end. */
export function rootOrder(report: Report): (a: ReportCertificate, b: ReportCertificate) => number {
  return (a, b) =>
    anchorRank(report, a) - anchorRank(report, b) ||
    commonName(a.subject).localeCompare(commonName(b.subject)) ||
    a.notAfter.localeCompare(b.notAfter) ||
    a.id.localeCompare(b.id);
}

export interface SiblingOrderOptions {
  /** Certificates that head others (an issuer of the input): they follow their leaf siblings. */
  heads: { has: (id: string) => boolean };
  presented: ReadonlyMap<string, Presenter>;
  /** The name a certificate's row is known by. */
  leafName: (certificate: ReportCertificate) => string;
}

/** The order of certificates under one CA (or in one group): by the component presenting them. */
export function siblingOrder(
  options: SiblingOrderOptions,
): (a: ReportCertificate, b: ReportCertificate) => number {
  const { heads, presented, leafName } = options;
  const rankOf = (c: ReportCertificate) => presented.get(c.id)?.rank ?? UNPRESENTED_RANK;
  return (a, b) =>
    Number(heads.has(a.id)) - Number(heads.has(b.id)) ||
    rankOf(a) - rankOf(b) ||
    naturalOrder(presented.get(a.id)?.key ?? "", presented.get(b.id)?.key ?? "") ||
    naturalOrder(leafName(a), leafName(b)) ||
    a.notAfter.localeCompare(b.notAfter) ||
    a.id.localeCompare(b.id);
}
