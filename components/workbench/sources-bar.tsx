/**
 * What is loaded: one chip per source (the demo is labelled as sample data), each removable, and the
 * two ways back to a known state — clear everything, or load the demo again.
 */
import type { LoadedSource } from "@/components/input/sources";
import { testIds } from "@/components/test-ids";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";

export interface SourcesBarProps {
  sources: LoadedSource[];
  onRemove: (id: string) => void;
  onClear: () => void;
  onLoadDemo: () => void;
}

const QUIET_BUTTON =
  "text-muted hover:text-fg hover:bg-raised rounded-md px-2 py-1 text-xs font-medium transition-colors";

export function SourcesBar({ sources, onRemove, onClear, onLoadDemo }: SourcesBarProps) {
  const hasDemo = sources.some((s) => s.kind === "demo");
  return (
    <div data-testid={testIds.sources} className="flex min-w-0 flex-wrap items-center gap-1.5">
      <span className="text-muted mr-1 text-xs font-medium tracking-wide uppercase">Loaded</span>
      {sources.length === 0 ? <span className="text-muted text-xs">nothing yet</span> : null}
      {sources.map((source) => (
        <span
          key={source.id}
          className={`inline-flex max-w-full items-center gap-1.5 rounded-md border py-0.5 pr-1 pl-2 text-xs ${
            source.kind === "demo"
              ? "border-accent/40 bg-accent-soft text-accent"
              : "border-line bg-raised text-fg"
          }`}
        >
          <span className="truncate font-medium">
            <InputText text={source.label} />
          </span>
          <span className="text-muted tabular-nums">
            {source.fileCount} file{source.fileCount === 1 ? "" : "s"}
          </span>
          <button
            type="button"
            onClick={() => onRemove(source.id)}
            aria-label={`Remove ${inertText(source.label)}`}
            className="hover:bg-line rounded px-1 leading-none"
          >
            ×
          </button>
        </span>
      ))}
      {sources.length > 0 ? (
        <button type="button" onClick={onClear} className={QUIET_BUTTON}>
          Clear all
        </button>
      ) : null}
      {hasDemo ? null : (
        <button type="button" onClick={onLoadDemo} className={QUIET_BUTTON}>
          Load demo
        </button>
      )}
    </div>
  );
}
