/**
 * The timeline's two stripe patterns: the warning window, and the stretch a certificate outlives its
 * CA. In user space, so stripes keep their spacing however far the axis is zoomed. Drawn by the plot
 * and by its legend, each with ids of its own.
 */
export function HatchPatterns({ warnId, errorId }: { warnId: string; errorId: string }) {
  return (
    <>
      <pattern id={warnId} patternUnits="userSpaceOnUse" width={6} height={6} patternTransform="rotate(45)">
        <rect width={6} height={6} style={{ fill: "var(--color-warning-soft)" }} />
        <rect width={2.6} height={6} style={{ fill: "var(--color-warning)" }} />
      </pattern>
      <pattern id={errorId} patternUnits="userSpaceOnUse" width={5} height={5} patternTransform="rotate(-45)">
        <rect width={5} height={5} style={{ fill: "var(--color-error-soft)" }} />
        <rect width={2.4} height={5} style={{ fill: "var(--color-error)" }} />
      </pattern>
    </>
  );
}
