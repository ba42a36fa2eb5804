/**
 * One line that answers "how is this cluster?" before anyone reads the graph: relationship statuses
 * and finding counts, each with its icon and word (never colour alone), the recognised layout, keys
 * read as public halves, and how the analysis ran. A report without PKI material says "Nothing to judge", never a green verdict.
 */
import type { Report, RelationshipStatus } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { nothingToJudge, nothingToJudgePhrase } from "@/lib/format/nothing-to-judge";
import { headline } from "./headline";
import { LayoutFacts } from "./layout-facts";
import { PublicHalvesFacts } from "./public-halves-facts";

const STATUS_META: Record<RelationshipStatus, { icon: string; word: string; className: string }> = {
  error: { icon: "✗", word: "broken", className: "text-error bg-error-soft" },
  warning: { icon: "!", word: "warning", className: "text-warning bg-warning-soft" },
  unknown: { icon: "?", word: "unknown", className: "text-unknown bg-unknown-soft" },
  ok: { icon: "✓", word: "ok", className: "text-ok bg-ok-soft" },
};

const TONE_TEXT = { error: "text-error", warning: "text-warning", ok: "text-ok" } as const;

export interface SummaryBarProps {
  report: Report;
  millis?: number;
  engine: "worker" | "main-thread";
}

/** Relationship and finding counts for the current report. */
export function SummaryBar({ report, millis, engine }: SummaryBarProps) {
  const counts: Record<RelationshipStatus, number> = { error: 0, warning: 0, unknown: 0, ok: 0 };
  for (const relationship of report.relationships) counts[relationship.status]++;
  const { error, warning, info } = report.summary;
  const empty = nothingToJudge(report);
  const judged = headline({ errors: error, warnings: warning, broken: counts.error, atRisk: counts.warning });
  const verdict = empty
    ? { text: "Nothing to judge", className: "text-fg" }
    : { text: judged.text, className: TONE_TEXT[judged.tone] };
  return (
    <div data-testid={testIds.summary} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className={`font-semibold ${verdict.className}`}>{verdict.text}</span>
      {empty ? (
        <span className="text-muted text-xs">{nothingToJudgePhrase(report)}</span>
      ) : (
        <>
          <LayoutFacts report={report} />
          <PublicHalvesFacts report={report} />
        </>
      )}
      <ul hidden={empty} className="flex flex-wrap items-center gap-1.5" aria-label="Relationships by status">
        {(Object.keys(STATUS_META) as RelationshipStatus[]).map((status) =>
          counts[status] === 0 ? null : (
            <li
              key={status}
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_META[status].className}`}
            >
              <span aria-hidden>{STATUS_META[status].icon}</span>
              {counts[status]} {STATUS_META[status].word}
            </li>
          ),
        )}
      </ul>
      <span className="text-muted text-xs">
        {empty && report.findings.length === 0 ? (
          // "0 findings" would read as a clean bill of health; the phrase beside the verdict says it all.
          `${report.inputs.files} files read`
        ) : (
          <>
            {report.findings.length} finding{report.findings.length === 1 ? "" : "s"} ({error} error,{" "}
            {warning} warning, {info} info) · {report.inputs.certificates} certificates in{" "}
            {report.inputs.files} files
          </>
        )}
        {millis !== undefined
          ? ` · analysed in ${Math.round(millis)} ms${engine === "worker" ? " in a Web Worker" : " on the page"}`
          : ""}
      </span>
    </div>
  );
}
