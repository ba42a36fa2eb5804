/**
 * Before anything is loaded (or after "Clear all"): what to drop, where it lives on a node and the
 * collector that gathers it; while the first analysis runs, its progress. Where-to-look is shared with the nothing-to-judge state.
 */
import type { AnalysisProgress } from "@/components/analysis/analysis-state";
import { CollectorPanel } from "@/components/input/collector-panel";
import { ProgressLine } from "./progress-line";

export interface EmptyStateProps {
  running: boolean;
  progress?: AnalysisProgress;
  onLoadDemo: () => void;
}

/** Where PKI material lives on a node, and how to bring it in one piece. */
export const WHERE_TO_LOOK = [
  { path: "/etc/kubernetes", what: "pki/, the *.conf kubeconfigs and manifests/ of a control-plane node" },
  { path: "/var/lib/kubelet", what: "pki/ and config.yaml of any node" },
  {
    path: "node.tgz",
    what: "a tarball or zip of the above (tar czf node.tgz /etc/kubernetes /var/lib/kubelet)",
  },
  { path: "~/.kube/config", what: "a single kubeconfig" },
];

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
      <ul className="grid w-full max-w-2xl gap-2 text-left sm:grid-cols-2">
        {WHERE_TO_LOOK.map((item) => (
          <li key={item.path} className="border-line bg-raised rounded-lg border px-3 py-2">
            <code className="font-mono text-sm">{item.path}</code>
            <p className="text-muted text-xs">{item.what}</p>
          </li>
        ))}
      </ul>
      <CollectorPanel />
      <button type="button" onClick={onLoadDemo} className="text-accent text-sm font-medium hover:underline">
        Or load the demo cluster
      </button>
    </section>
  );
}
