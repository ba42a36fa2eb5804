/**
 * The key to the topology graph: each status as its line style, badge and word; primary and
 * secondary line weights; and the three kinds of box (CA, key pair, component). In a quiz, only the
 * boxes and a note that status is hidden: a key to statuses would be a key to the answer.
 */
import type { ReactNode } from "react";
import type { EdgeTag } from "./edge-label";
import { LegendItem } from "@/components/shared/legend-item";
import { testIds } from "@/components/test-ids";
import { STATUS_ORDER } from "@/lib/report";
import { STATUS_STYLE } from "./graph-style";
import { NodeIcon } from "./node-icon";
import { StatusBadge } from "./status-badge";

/** Samples are drawn on a 34×16 box. */
function Item(props: { sample: ReactNode; children: ReactNode }) {
  return <LegendItem width={34} height={16} {...props} />;
}

function LineSample({ status, primary = true }: { status: keyof typeof STATUS_STYLE; primary?: boolean }) {
  const style = STATUS_STYLE[status];
  return (
    <path
      d="M1 8H20"
      style={{ stroke: style.color }}
      strokeWidth={primary ? style.width : style.secondaryWidth}
      strokeDasharray={style.dash}
      strokeLinecap={style.lineCap}
    />
  );
}

function BoxSample({ kind }: { kind: "ca" | "key-pair" | "component" }) {
  const accent = kind !== "component";
  const outline =
    kind === "ca" ? (
      <path d="M3 2.5h28v8.5l-14 4-14-4z" strokeLinejoin="round" />
    ) : (
      <rect x={3} y={2.5} width={28} height={11} rx={kind === "key-pair" ? 5.5 : 3} />
    );
  return (
    <>
      <g
        strokeWidth={1}
        style={{
          fill: accent ? "var(--color-accent-soft)" : "var(--color-surface)",
          stroke: accent ? "var(--color-accent)" : "var(--color-line)",
        }}
      >
        {outline}
      </g>
      <g style={{ color: accent ? "var(--color-accent)" : "var(--color-muted)" }}>
        <NodeIcon icon={kind === "component" ? "kubelet" : kind} x={5} y={3.5} size={9} strokeWidth={1.8} />
      </g>
    </>
  );
}

export interface GraphLegendProps {
  className?: string;
  tags?: EdgeTag[];
  /** A quiz not yet answered: no status entries. */
  statusHidden?: boolean;
}

/**
 * The legend strip; `className` places it (the graph puts it under the drawing). `tags` names the
 * letters that tell parallel edges apart, when the drawing has any.
 */
export function GraphLegend({ className = "", tags = [], statusHidden = false }: GraphLegendProps) {
  return (
    <div data-testid={testIds.graphLegend} className={`text-muted text-xs ${className}`}>
      <h3 className="sr-only">Legend</h3>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
        {statusHidden ? (
          <li data-testid={testIds.graphStatusHidden} className="text-fg font-medium">
            Status is hidden until you answer
          </li>
        ) : null}
        {(statusHidden ? [] : STATUS_ORDER).map((status) => (
          <Item
            key={status}
            sample={
              <>
                <LineSample status={status} />
                <StatusBadge status={status} x={27} y={8} radius={6.5} />
              </>
            }
          >
            {STATUS_STYLE[status].word}
          </Item>
        ))}
        {statusHidden ? null : (
          <Item sample={<LineSample status="ok" primary={false} />}>Secondary (thin)</Item>
        )}
        <li aria-hidden="true" className="bg-line hidden h-4 w-px sm:block" />
        <Item sample={<BoxSample kind="ca" />}>CA</Item>
        <Item sample={<BoxSample kind="key-pair" />}>Key pair</Item>
        <Item sample={<BoxSample kind="component" />}>Component</Item>
      </ul>
      {tags.length > 0 && (
        <ul aria-label="Parallel edges" className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          <li>Parallel edges:</li>
          {tags.map((tag) => (
            <li key={tag.letter} className="inline-flex items-center gap-1">
              <span className="text-fg font-bold">{tag.letter}</span> {tag.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
