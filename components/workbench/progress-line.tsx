/**
 * What the analysis is doing right now, in words and as a bar: reading files, verifying chains,
 * writing the report. Big drops show it; small ones finish before it is noticed.
 */
import type { AnalysisProgress } from "@/components/analysis/analysis-state";

const STAGE_WORDS: Record<AnalysisProgress["stage"], string> = {
  load: "Reading files",
  read: "Parsing files",
  verify: "Verifying chains",
  report: "Writing the report",
};

export function ProgressLine({ progress }: { progress?: AnalysisProgress }) {
  const fraction = progress && progress.total > 0 ? Math.min(1, progress.done / progress.total) : undefined;
  return (
    <div role="status" aria-live="polite" className="flex min-w-0 items-center gap-3 text-xs">
      <span className="text-muted whitespace-nowrap">
        {progress ? `${STAGE_WORDS[progress.stage]} ${progress.done} of ${progress.total}` : "Analysing…"}
      </span>
      <span className="bg-raised relative h-1.5 w-32 overflow-hidden rounded-full" aria-hidden>
        <span
          className="bg-accent absolute inset-y-0 left-0 rounded-full transition-[width]"
          style={{ width: fraction === undefined ? "30%" : `${Math.round(fraction * 100)}%` }}
        />
      </span>
    </div>
  );
}
