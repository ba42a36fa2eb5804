/**
 * "Judge at": the day certificates are judged at. Empty means automatic (the demo's own date, or
 * now for your files); a chosen day answers "what will be broken then?".
 */
import { testIds } from "@/components/test-ids";

export interface JudgeDateFieldProps {
  chosen?: string;
  effective: string;
  onChange: (day: string | undefined) => void;
}

export function JudgeDateField({ chosen, effective, onChange }: JudgeDateFieldProps) {
  return (
    <label className="text-muted flex items-center gap-2 text-xs">
      <span className="font-medium">Judged at</span>
      <input
        type="date"
        data-testid={testIds.judgeDate}
        value={chosen ?? effective.slice(0, 10)}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
        className="border-line bg-surface text-fg rounded-md border px-2 py-1 text-xs tabular-nums"
        aria-describedby="judge-date-hint"
      />
      <span id="judge-date-hint" className="hidden sm:inline">
        {chosen ? (
          <button type="button" className="text-accent hover:underline" onClick={() => onChange(undefined)}>
            back to automatic
          </button>
        ) : (
          "automatic"
        )}
      </span>
    </label>
  );
}
