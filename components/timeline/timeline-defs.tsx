/**
 * Definitions every row uses: the plot's clip path (marks never run into the label or remaining-time
 * columns) and the two stripe patterns (the warning window, and the stretch a certificate outlives
 * its CA).
 */
import { HatchPatterns } from "./hatch-patterns";
import type { TimelineDefIds } from "./timeline-style";

export function TimelineDefs({ ids, left, right }: { ids: TimelineDefIds; left: number; right: number }) {
  return (
    <defs>
      <clipPath id={ids.clip} clipPathUnits="userSpaceOnUse">
        <rect x={left} y={-100_000} width={Math.max(0, right - left)} height={200_000} />
      </clipPath>
      <HatchPatterns warnId={ids.warnHatch} errorId={ids.errorHatch} />
    </defs>
  );
}
