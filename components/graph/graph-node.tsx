/**
 * One box of the topology graph: a component (rounded box), a group of kubelets (stacked boxes), a CA
 * (a pennant pointing down at what it vouches for) or the service-account key pair (a pill), each
 * with its glyph, its label cut to fit, and the full name in a tooltip and the accessible name.
 */
import { useId } from "react";
import type { LayoutMetrics } from "./layout-metrics";
import { graphItemProps, type ItemHandlers } from "./graph-item";
import { MONO, SANS } from "./graph-style";
import { measureText } from "./measure-text";
import { NodeIcon } from "./node-icon";
import { fitText } from "./node-label";
import type { PlacedNode } from "./place-nodes";
import { nameFromVisible } from "./visible-name";

export interface GraphNodeProps extends ItemHandlers {
  node: PlacedNode;
  metrics: LayoutMetrics;
  ariaLabel: string;
  selected: boolean;
  lit: boolean;
  dimmed: boolean;
}

/** Outline of a CA: a box whose bottom edge points down at the graph, like a pennant. */
function pennant(w: number, h: number, tip: number, r: number): string {
  const x = -w / 2;
  const y = -h / 2;
  return [
    `M${x + r} ${y}H${x + w - r}Q${x + w} ${y} ${x + w} ${y + r}`,
    `V${y + h - tip}L0 ${y + h}L${x} ${y + h - tip}V${y + r}Q${x} ${y} ${x + r} ${y}Z`,
  ].join("");
}

interface OutlineProps {
  node: PlacedNode;
  /** Fill of the main shape; the stacked cards of a group are always surface-coloured. */
  fill: string;
  stroke: string;
  strokeWidth: number;
}

function Outline({ node, fill, stroke, strokeWidth }: OutlineProps) {
  const { width: w, height: h } = node;
  const common = { strokeWidth, vectorEffect: "non-scaling-stroke" as const };
  switch (node.shape) {
    case "ca":
      return <path d={pennant(w, h, 8, 6)} style={{ fill, stroke }} {...common} />;
    case "key-pair":
      return (
        <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={h / 2} style={{ fill, stroke }} {...common} />
      );
    case "group":
      return (
        <>
          {[6, 3].map((d) => (
            <rect
              key={d}
              x={-w / 2 + d}
              y={-h / 2 - d}
              width={w}
              height={h}
              rx={6}
              style={{
                fill: "var(--color-surface)",
                stroke: stroke === "none" ? "none" : "var(--color-line)",
              }}
              {...common}
              strokeWidth={1}
            />
          ))}
          <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={6} style={{ fill, stroke }} {...common} />
        </>
      );
    case "component":
      return <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={6} style={{ fill, stroke }} {...common} />;
  }
}

/** A node of the topology graph, centred on its layout position. */
export function GraphNode(props: GraphNodeProps) {
  const { node, metrics: m, ariaLabel, selected, lit, dimmed } = props;
  const anchor = node.column === "anchors";
  const compact = m.variant === "compact";
  // Narrow boxes show a glyph only where the label does not say what the box is (a kubelet is
  // labelled with its node's name there); shapes tell CAs, the key pair and a group apart.
  const showIcon = !compact || node.icon === "kubelet" || node.icon === "user";
  // The glyph grows with the type (presenter mode's is larger): 14 at the wide variant's 12.
  const iconSize = compact ? 12 : Math.round(m.fontSize * 1.15);
  const pad = (compact ? 7 : 10) + (node.shape === "key-pair" ? 6 : 0);
  const left = -node.width / 2;
  // A CA keeps its text in the box above the pennant's point.
  const bodyHeight = node.shape === "ca" ? node.height - 8 : node.height;
  const top = -node.height / 2;
  const textX = left + pad + (showIcon ? iconSize + (compact ? 5 : 8) : 0);
  const budget = node.width / 2 - (compact ? 6 : 8) - textX;
  const weight = anchor || node.icon === "kube-apiserver" ? 600 : 500;
  const label = fitText(
    node.labels,
    budget,
    `${weight} ${m.fontSize}px ${SANS}`,
    measureText,
    node.labelPeers,
  );
  const caption =
    node.captions.length > 0
      ? fitText(node.captions, budget, `${m.captionSize}px ${MONO}`, measureText)
      : undefined;
  const labelY = caption ? top + bodyHeight / 2 - 2 : top + bodyHeight / 2 + m.fontSize * 0.36;
  // The drawn words open the accessible name, so they can be spoken to reach the box (WCAG 2.5.3).
  const name = nameFromVisible([label, caption], ariaLabel);
  const descriptionId = useId();
  const stroke =
    selected || lit ? "var(--color-accent)" : anchor ? "var(--color-accent)" : "var(--color-line)";

  return (
    <g
      transform={`translate(${node.x} ${node.y})`}
      data-node={node.id}
      data-lit={lit ? "true" : undefined}
      {...graphItemProps(props, {
        label: name.label,
        pressed: selected,
        describedBy: name.description ? descriptionId : undefined,
      })}
      className="group cursor-pointer outline-none"
    >
      <title>{node.name}</title>
      {name.description && <desc id={descriptionId}>{name.description}</desc>}
      <rect
        x={left - 4}
        y={top - 4}
        width={node.width + 8}
        height={node.height + 8}
        rx={9}
        fill="none"
        pointerEvents="none"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
        className="opacity-0 group-focus-visible:opacity-100"
        style={{ stroke: "var(--color-accent)" }}
      />
      {/* An opaque backdrop, so a faded box still hides the anchor links drawn beneath it. */}
      <Outline node={node} fill="var(--color-surface)" stroke="none" strokeWidth={0} />
      <g style={{ opacity: dimmed ? 0.35 : 1, transition: "opacity 120ms" }}>
        <Outline
          node={node}
          fill={anchor ? "var(--color-accent-soft)" : "var(--color-surface)"}
          stroke={stroke}
          strokeWidth={selected ? 2 : lit ? 1.5 : 1}
        />
        {showIcon && (
          <g style={{ color: anchor ? "var(--color-accent)" : "var(--color-muted)" }}>
            <NodeIcon
              icon={node.icon}
              x={left + pad}
              y={top + bodyHeight / 2 - iconSize / 2}
              size={iconSize}
            />
          </g>
        )}
        <text
          x={textX}
          y={labelY}
          fontSize={m.fontSize}
          fontWeight={weight}
          style={{ fill: "var(--color-fg)" }}
        >
          {label}
        </text>
        {/* A space between the two texts, so the words drawn read as words, not one run. */}
        {caption && " "}
        {caption && (
          <text
            x={textX}
            y={labelY + m.captionSize + 3}
            fontSize={m.captionSize}
            fontFamily={MONO}
            style={{ fill: "var(--color-muted)" }}
          >
            {caption}
          </text>
        )}
      </g>
    </g>
  );
}
