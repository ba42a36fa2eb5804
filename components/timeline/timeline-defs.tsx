/**
 * Definitions every row uses: the plot's clip path (marks never run into the label or remaining-time
 * columns) and the two stripe patterns (the warning window, and the stretch a certificate outlives
 * its CA). Patterns are in user space, so stripes keep their spacing however far the axis is zoomed.
 */
import type { TimelineDefIds } from "./timeline-style";

export function TimelineDefs({ ids, left, right }: { ids: TimelineDefIds; left: number; right: number }) {
  return (
    <defs>
      <clipPath id={ids.clip} clipPathUnits="userSpaceOnUse">
        <rect x={left} y={-100_000} width={Math.max(0, right - left)} height={200_000} />
      </clipPath>
      <pattern
        id={ids.warnHatch}
        patternUnits="userSpaceOnUse"
        width={6}
        height={6}
        patternTransform="rotate(45)"
      >
        <rect width={6} height={6} style={{ fill: "var(--color-warning-soft)" }} />
        <rect width={2.6} height={6} style={{ fill: "var(--color-warning)" }} />
      </pattern>
      <pattern
        id={ids.errorHatch}
        patternUnits="userSpaceOnUse"
        width={5}
        height={5}
        patternTransform="rotate(-45)"
      >
        <rect width={5} height={5} style={{ fill: "var(--color-error-soft)" }} />
        <rect width={2.4} height={5} style={{ fill: "var(--color-error)" }} />
      </pattern>
    </defs>
  );
}
