/**
 * The key to the timeline: the three states by colour and word, then each mark drawn as the plot
 * draws it (elapsed and remaining life, warning window, rotation window, the CA's end and the part a
 * certificate outlives it, the judge date, the CA horizon, a bar running out of view).
 */
import { useId, type ReactNode } from "react";
import { LegendItem } from "@/components/shared/legend-item";
import { testIds } from "@/components/test-ids";
import { HatchPatterns } from "./hatch-patterns";
import { STATE_STYLE } from "./timeline-style";

/** Samples are drawn on a 30×14 box. */
function Item(props: { sample: ReactNode; children: ReactNode }) {
  return <LegendItem width={30} height={14} {...props} />;
}

function Bar({ state }: { state: keyof typeof STATE_STYLE }) {
  const style = STATE_STYLE[state];
  return (
    <>
      <rect x={1} y={2} width={28} height={10} rx={3} style={{ fill: style.soft }} />
      <rect x={10} y={2} width={19} height={10} style={{ fill: style.color }} />
      <rect
        x={1.5}
        y={2.5}
        width={27}
        height={9}
        rx={2.5}
        fill="none"
        style={{ stroke: style.color }}
        strokeDasharray={style.dash}
      />
    </>
  );
}

export function TimelineLegend({ horizonDays }: { horizonDays: number }) {
  const id = useId().replace(/:/g, "");
  const warn = `legend-warn-${id}`;
  const error = `legend-error-${id}`;
  return (
    <div data-testid={testIds.timelineLegend} className="text-muted text-xs">
      <h3 className="sr-only">Legend</h3>
      <svg width={0} height={0} aria-hidden="true" className="absolute">
        <defs>
          <HatchPatterns warnId={warn} errorId={error} />
        </defs>
      </svg>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
        <Item sample={<Bar state="ok" />}>Valid (light: elapsed)</Item>
        <Item sample={<Bar state="soon" />}>Due for renewal</Item>
        <Item sample={<Bar state="expired" />}>Expired or not yet valid</Item>
        <Item sample={<rect x={1} y={2} width={28} height={10} style={{ fill: `url(#${warn})` }} />}>
          Warning window
        </Item>
        <Item
          sample={<rect x={1} y={6} width={28} height={3} rx={1.5} style={{ fill: "var(--color-accent)" }} />}
        >
          Kubelet rotates here
        </Item>
        <Item
          sample={
            <>
              <rect x={1} y={2} width={14} height={10} style={{ fill: "var(--color-ok)" }} />
              <rect x={15} y={1} width={14} height={12} style={{ fill: `url(#${error})` }} />
              <line
                x1={15}
                x2={15}
                y1={0}
                y2={14}
                strokeWidth={1.2}
                strokeDasharray="1.5 2.5"
                style={{ stroke: "var(--color-error)" }}
              />
            </>
          }
        >
          CA ends · outlives its CA
        </Item>
        <Item
          sample={
            <line x1={15} x2={15} y1={0} y2={14} strokeWidth={2} style={{ stroke: "var(--color-accent)" }} />
          }
        >
          Now (judge date)
        </Item>
        <Item
          sample={
            <>
              <rect
                x={1}
                y={0}
                width={28}
                height={14}
                style={{ fill: "var(--color-accent)", opacity: 0.1 }}
              />
              <line
                x1={29}
                x2={29}
                y1={0}
                y2={14}
                strokeDasharray="3 2"
                style={{ stroke: "var(--color-accent)" }}
              />
            </>
          }
        >
          CA horizon ({horizonDays} days)
        </Item>
        <Item
          sample={
            <path
              d="M20 3l4 4-4 4"
              fill="none"
              strokeWidth={1.6}
              strokeLinecap="round"
              strokeLinejoin="round"
              style={{ stroke: "var(--color-muted)" }}
            />
          }
        >
          Runs on out of view
        </Item>
      </ul>
    </div>
  );
}
