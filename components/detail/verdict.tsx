/**
 * The top of the detail panel for anything with findings: why it is red or amber, each finding
 * with its files and fix, before the evidence that passed. Long lists keep the first few here and
 * say how many more the sections below hold.
 */
import type { IndexedFinding } from "@/lib/format/report-view";
import { countNoun } from "@/lib/format/labels";
import { testIds } from "@/components/test-ids";
import { FindingCard } from "./finding-card";

export function Verdict({
  findings,
  limit = findings.length,
  more,
}: {
  findings: IndexedFinding[];
  /** Cards drawn here; the rest are counted. */
  limit?: number;
  /** Where the rest are, after "N more findings": "in the relationships below". */
  more?: string;
}) {
  if (findings.length === 0) return null;
  const shown = findings.slice(0, limit);
  const hidden = findings.length - shown.length;
  const worst = findings[0]?.finding.severity;
  const title = worst === "error" ? "Why it fails" : worst === "warning" ? "Why it warns" : "Findings";
  return (
    <section data-testid={testIds.detailVerdict} aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-muted flex items-baseline gap-1.5 text-[0.6875rem] font-semibold tracking-wider uppercase">
        {title}
        <span className="font-normal tabular-nums">{findings.length}</span>
      </h3>
      <ul className="flex flex-col gap-2">
        {shown.map(({ index, finding }) => (
          <li key={index}>
            <FindingCard finding={finding} fixFirst />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="text-muted text-xs">
          {countNoun(hidden, "more finding")}
          {more ? ` ${more}` : ""}.
        </p>
      )}
    </section>
  );
}
