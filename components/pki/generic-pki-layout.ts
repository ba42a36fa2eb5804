/**
 * The generic PKI picture for files with no Kubernetes wiring: each CA as a box with the
 * certificates it signed (by `issuerId`) beneath it, intermediates indented under their parent, a
 * spine from every CA to what it signed. A pure function of the report and the width (d3-free: rows
 * of cards need no more than arithmetic); React draws exactly this.
 */
import { commonName } from "@/lib/format/common-name";
import type { RelationshipStatus, Report, ReportCertificate } from "@/lib/report";
import type { Bounds } from "@/components/graph/topology-layout";
import { pkiCertificateFacts, type KeyPairState, type PkiUse } from "./pki-certificate-facts";
import { maxOf } from "@/lib/shared/collections";
import { inertText } from "@/lib/format/inert-text";

export interface PkiCard {
  /** Certificate id, or {@link UNKNOWN_ISSUER_ID} for the box of leaves whose issuer is not here. */
  id: string;
  kind: "ca" | "leaf" | "unknown-issuer";
  x: number;
  y: number;
  width: number;
  height: number;
  /** First line, forms longest first: the file for a leaf, the common name for a CA. */
  titles: string[];
  /** Second line, forms longest first. */
  captions: string[];
  use: PkiUse;
  key: KeyPairState;
  status: RelationshipStatus;
  ariaLabel: string;
}

export interface PkiLink {
  from: string;
  to: string;
  path: string;
}

export interface GenericPkiLayout {
  cards: PkiCard[];
  links: PkiLink[];
  bounds: Bounds;
}

export interface PkiMetrics {
  caWidth: number;
  cardWidth: number;
  cardHeight: number;
  gapX: number;
  /** Vertical air between rows; the line from the CA runs in it. */
  gapY: number;
  indent: number;
  margin: number;
  maxColumns: number;
}

export const PKI_WIDE: PkiMetrics = {
  caWidth: 280,
  cardWidth: 210,
  cardHeight: 52,
  gapX: 14,
  gapY: 22,
  indent: 28,
  margin: 12,
  maxColumns: 4,
};
export const PKI_COMPACT: PkiMetrics = {
  caWidth: 260,
  cardWidth: 152,
  cardHeight: 50,
  gapX: 10,
  gapY: 20,
  indent: 20,
  margin: 6,
  maxColumns: 2,
};

export const UNKNOWN_ISSUER_ID = "unknown-issuer";

/** The key pair in a narrow card: still said, in fewer letters. */
const SHORT_KEY = { matched: "key ✓", mismatched: "key ✗", none: "no key" } as const;

function byPath(a: ReportCertificate, b: ReportCertificate): number {
  const pa = a.paths[0] ?? a.id;
  const pb = b.paths[0] ?? b.id;
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

/**
 * A card with its words as drawn: SVG text has no `<bdi>`, so a bidi control or a zero-width space
 * of the input is written as its escape (`inertText`) before it is measured and drawn.
 */
function inert(card: PkiCard): PkiCard {
  return {
    ...card,
    titles: card.titles.map(inertText),
    captions: card.captions.map(inertText),
    ariaLabel: inertText(card.ariaLabel),
  };
}

function fileForms(cert: ReportCertificate): string[] {
  const path = cert.paths[0] ?? cert.id;
  const base = path.slice(path.lastIndexOf("/") + 1);
  const more = cert.paths.length > 1 ? ` (+${cert.paths.length - 1})` : "";
  return [...new Set([`${path}${more}`, path, base])];
}

/**
 * Lay out every certificate of `report` under the CA that signed it, for a container `width` pixels
 * wide (`compact` below 640). Deterministic: the same report and width give the same picture.
 */
export function layoutGenericPki(report: Report, width: number, m: PkiMetrics): GenericPkiLayout {
  const certs = [...report.certificates].sort(byPath);
  const ids = new Set(certs.map((c) => c.id));
  const issuers = new Set(certs.map((c) => c.issuerId).filter((id) => id !== undefined));
  const isCa = (c: ReportCertificate) => c.isCA || issuers.has(c.id);
  const parentOf = (c: ReportCertificate) =>
    c.issuerId !== undefined && c.issuerId !== c.id && ids.has(c.issuerId) ? c.issuerId : undefined;
  const children = new Map<string, ReportCertificate[]>();
  for (const c of certs) {
    const parent = parentOf(c) ?? (isCa(c) ? undefined : UNKNOWN_ISSUER_ID);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), c]);
  }

  const cards: PkiCard[] = [];
  const links: PkiLink[] = [];
  let cursor = m.margin;
  const caHeight = m.cardHeight;

  const leafCard = (c: ReportCertificate, x: number, y: number): PkiCard => {
    const facts = pkiCertificateFacts(report, c);
    const file = c.paths[0] ?? c.id;
    return inert({
      id: c.id,
      kind: "leaf",
      x,
      y,
      width: m.cardWidth,
      height: m.cardHeight,
      titles: fileForms(c),
      captions: [`${facts.useLabel} · ${facts.keyLabel}`, `${facts.useLabel} · ${SHORT_KEY[facts.key]}`],
      use: facts.use,
      key: facts.key,
      status: facts.status,
      ariaLabel: `${file}: ${facts.useLabel} certificate for ${commonName(c.subject)}, ${facts.keyLabel}, ${facts.statusReason}`,
    });
  };

  const place = (id: string, cert: ReportCertificate | undefined, depth: number, seen: Set<string>) => {
    const x = m.margin + depth * m.indent;
    const caWidth = Math.min(m.caWidth, Math.max(m.cardWidth, width - x - m.margin));
    const top = cursor;
    if (cert) {
      const facts = pkiCertificateFacts(report, cert);
      const name = commonName(cert.subject);
      const file = cert.paths[0] ?? cert.id;
      cards.push(
        inert({
          id,
          kind: "ca",
          x,
          y: top,
          width: caWidth,
          height: caHeight,
          titles: [`CA ${name}`, name],
          captions: [`${file} · ${facts.keyLabel}`, file],
          use: "ca",
          key: facts.key,
          status: facts.status,
          ariaLabel: `CA ${name} at ${file}, ${facts.keyLabel}, ${facts.statusReason}, signs ${children.get(id)?.length ?? 0} certificates`,
        }),
      );
    } else {
      cards.push({
        id,
        kind: "unknown-issuer",
        x,
        y: top,
        width: caWidth,
        height: caHeight,
        titles: ["Issuer not in these files"],
        captions: ["certificates whose CA was not dropped"],
        use: "ca",
        key: "none",
        status: "unknown",
        ariaLabel: "Issuer not in these files",
      });
    }
    cursor += caHeight + m.gapY;
    const spine = x + m.indent / 2;
    const below = top + caHeight;
    const mine = children.get(id) ?? [];
    const leaves = mine.filter((c) => !isCa(c) || seen.has(c.id));
    const x0 = x + m.indent;
    const columns = Math.max(
      1,
      Math.min(m.maxColumns, Math.floor((width - x0 - m.margin + m.gapX) / (m.cardWidth + m.gapX))),
    );
    leaves.forEach((c, i) => {
      const row = Math.floor(i / columns);
      const col = i % columns;
      const cx = x0 + col * (m.cardWidth + m.gapX);
      const cy = cursor + row * (m.cardHeight + m.gapY);
      cards.push(leafCard(c, cx, cy));
      const bus = cy - m.gapY / 2;
      links.push({ from: id, to: c.id, path: `M${spine} ${below}V${bus}H${cx + m.cardWidth / 2}V${cy}` });
    });
    cursor += Math.ceil(leaves.length / columns) * (m.cardHeight + m.gapY);
    for (const sub of mine.filter((c) => isCa(c) && !seen.has(c.id))) {
      const subTop = cursor;
      links.push({ from: id, to: sub.id, path: `M${spine} ${below}V${subTop + caHeight / 2}H${x0}` });
      place(sub.id, sub, depth + 1, new Set(seen).add(sub.id));
    }
  };

  for (const root of certs.filter((c) => isCa(c) && parentOf(c) === undefined))
    place(root.id, root, 0, new Set([root.id]));
  // CAs that sign each other have no root above them: each that is still missing starts its own tree.
  for (const ca of certs.filter(isCa))
    if (!cards.some((card) => card.id === ca.id)) place(ca.id, ca, 0, new Set([ca.id]));
  if (children.has(UNKNOWN_ISSUER_ID)) place(UNKNOWN_ISSUER_ID, undefined, 0, new Set());

  const right = Math.max(0, maxOf(cards.map((c) => c.x + c.width)));
  const bottom = Math.max(0, maxOf(cards.map((c) => c.y + c.height)));
  return {
    cards,
    links,
    bounds:
      cards.length === 0
        ? { x: 0, y: 0, width: 0, height: 0 }
        : { x: 0, y: 0, width: right + m.margin, height: bottom + m.margin },
  };
}
