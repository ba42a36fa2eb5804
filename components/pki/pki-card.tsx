/**
 * One certificate of the generic PKI picture: a card with its file and what its EKU lets it be, its
 * key pair, a status badge (glyph and colour) and a status stripe; a CA is tinted like the topology
 * graph's trust anchors. Keyboard-operable like the graph's boxes.
 */
import type { KeyboardEvent } from "react";
import { MONO, SANS, STATUS_STYLE } from "@/components/graph/graph-style";
import { measureText } from "@/components/graph/measure-text";
import { NodeIcon } from "@/components/graph/node-icon";
import { fitText } from "@/components/graph/node-label";
import { StatusBadge } from "@/components/graph/status-badge";
import { isActivationKey } from "@/components/shared/svg-button";
import type { PkiCard as Card } from "./generic-pki-layout";

export interface PkiCardProps {
  card: Card;
  selected: boolean;
  lit: boolean;
  dimmed: boolean;
  onActivate: () => void;
  onPreview: (on: boolean) => void;
  onKey: (event: KeyboardEvent<SVGGElement>) => void;
}

const TITLE_SIZE = 12;
const CAPTION_SIZE = 10.5;

export function PkiCard({ card, selected, lit, dimmed, onActivate, onPreview, onKey }: PkiCardProps) {
  const { width: w, height: h } = card;
  const ca = card.kind !== "leaf";
  const selectable = card.kind !== "unknown-issuer";
  const style = STATUS_STYLE[card.status];
  const iconSize = 14;
  const textX = ca ? 12 + iconSize + 8 : 14;
  const budget = w - textX - 24;
  const title = fitText(card.titles, budget, `600 ${TITLE_SIZE}px ${ca ? SANS : MONO}`, measureText);
  const caption = fitText(card.captions, budget, `${CAPTION_SIZE}px ${ca ? MONO : SANS}`, measureText);
  const stroke = selected || lit ? "var(--color-accent)" : ca ? "var(--color-accent)" : "var(--color-line)";
  return (
    <g
      transform={`translate(${card.x} ${card.y})`}
      data-nav="pki-card"
      data-card={card.kind}
      data-certificate={selectable ? card.id : undefined}
      data-status={card.status}
      data-use={card.use}
      data-key={card.key}
      role={selectable ? "button" : "img"}
      tabIndex={selectable ? 0 : undefined}
      aria-label={card.ariaLabel}
      aria-pressed={selectable ? selected : undefined}
      className={`group outline-none ${selectable ? "cursor-pointer" : ""}`}
      style={{ opacity: dimmed ? 0.35 : 1, transition: "opacity 120ms" }}
      onClick={(event) => {
        event.stopPropagation();
        if (selectable) onActivate();
      }}
      onKeyDown={(event) => {
        if (selectable && isActivationKey(event.key)) {
          event.preventDefault();
          onActivate();
        } else onKey(event);
      }}
      onPointerEnter={() => selectable && onPreview(true)}
      onPointerLeave={() => selectable && onPreview(false)}
      onFocus={() => onPreview(true)}
      onBlur={() => onPreview(false)}
    >
      <title>{card.ariaLabel}</title>
      <rect
        x={-4}
        y={-4}
        width={w + 8}
        height={h + 8}
        rx={9}
        fill="none"
        strokeWidth={2}
        className="opacity-0 group-focus-visible:opacity-100"
        style={{ stroke: "var(--color-accent)" }}
      />
      <rect
        width={w}
        height={h}
        rx={6}
        strokeWidth={selected ? 2 : lit ? 1.5 : 1}
        strokeDasharray={card.kind === "unknown-issuer" ? "4 3" : undefined}
        style={{ fill: ca ? "var(--color-accent-soft)" : "var(--color-surface)", stroke }}
      />
      {/* The status in colour along the left edge; the badge says it again with a glyph. */}
      {card.kind === "leaf" && (
        <rect x={0.5} y={6} width={3.5} height={h - 12} rx={1.75} style={{ fill: style.color }} />
      )}
      {ca && (
        <g style={{ color: "var(--color-accent)" }}>
          <NodeIcon icon="ca" x={12} y={h / 2 - iconSize / 2} size={iconSize} />
        </g>
      )}
      <text
        x={textX}
        y={h / 2 - 3}
        fontSize={TITLE_SIZE}
        fontWeight={600}
        fontFamily={ca ? SANS : MONO}
        style={{ fill: "var(--color-fg)" }}
      >
        {title}
      </text>
      <text
        x={textX}
        y={h / 2 + CAPTION_SIZE + 1}
        fontSize={CAPTION_SIZE}
        fontFamily={ca ? MONO : SANS}
        style={{ fill: card.key === "mismatched" ? "var(--color-error)" : "var(--color-muted)" }}
      >
        {caption}
      </text>
      {selectable && <StatusBadge status={card.status} x={w - 12} y={12} radius={6.5} />}
    </g>
  );
}
