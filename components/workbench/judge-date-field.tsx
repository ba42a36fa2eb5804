/**
 * "Judged at": the instant certificates are judged at and where it comes from — the demo's fixed
 * date, today, or a day the person chose (which answers "what will be broken then?" and lives in the
 * URL as `?at=`). The automatic choice is one press away once a day is chosen.
 */
import { testIds } from "@/components/test-ids";
import { formatUtc } from "@/lib/format/labels";
import { JUDGE_SOURCE_LABEL, type JudgeDateSource } from "./judge-date";

export interface JudgeDateFieldProps {
  chosen?: string;
  /** The report's judge instant (ISO). */
  effective: string;
  source: JudgeDateSource;
  onChange: (day: string | undefined) => void;
}

export function JudgeDateField({ chosen, effective, source, onChange }: JudgeDateFieldProps) {
  return (
    <div className="text-muted flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <label htmlFor="judge-date-input" className="font-medium">
        Judged at
      </label>
      <input
        id="judge-date-input"
        type="date"
        data-testid={testIds.judgeDate}
        value={chosen ?? effective.slice(0, 10)}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
        className="border-line bg-surface text-fg rounded-md border px-2 py-1 text-xs tabular-nums"
        aria-describedby="judge-date-source"
      />
      <span id="judge-date-source" data-testid={testIds.judgeDateSource} data-source={source}>
        <span className="tabular-nums">{formatUtc(effective)}</span> · {JUDGE_SOURCE_LABEL[source]}
      </span>
      {source === "chosen" ? (
        <button type="button" className="text-accent hover:underline" onClick={() => onChange(undefined)}>
          back to automatic
        </button>
      ) : null}
    </div>
  );
}
