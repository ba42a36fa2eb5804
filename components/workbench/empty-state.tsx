/**
 * Before anything is loaded (or after "Clear all"): what to drop, where it lives on a node and the
 * collector that gathers it; while the first analysis runs, its progress.
 */
import type { AnalysisProgress } from "@/components/analysis/analysis-state";
import { CollectorPanel } from "@/components/input/collector-panel";
import { ProgressLine } from "./progress-line";
import { WhereToLook } from "./where-to-look";

export interface EmptyStateProps {
  running: boolean;
  progress?: AnalysisProgress;
  onLoadDemo: () => void;
}

export function EmptyState({ running, progress, onLoadDemo }: EmptyStateProps) {
  if (running) {
    return (
      <section
        aria-label="Analysing"
        className="border-line bg-surface flex min-h-[420px] flex-col items-center justify-center gap-4 rounded-xl border"
      >
        <ProgressLine progress={progress} />
      </section>
    );
  }
  return (
    <section
      aria-label="Nothing loaded"
      className="border-line bg-surface flex min-h-[420px] flex-col items-center justify-center gap-6 rounded-xl border border-dashed px-4 py-10 text-center"
    >
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
          Drop a Kubernetes PKI folder anywhere on this page
        </h2>
        <p className="text-muted mx-auto max-w-xl text-sm text-pretty">
          Everything is parsed and verified in this tab with WebCrypto. Certificates and keys never leave your
          machine.
        </p>
      </div>
      <WhereToLook className="w-full max-w-2xl text-left" />
      <CollectorPanel />
      <button type="button" onClick={onLoadDemo} className="text-accent text-sm font-medium hover:underline">
        Or load the demo cluster
      </button>
    </section>
  );
}
