"use client";
/**
 * Every finding of the report, grouped by severity with counts in the group headings. Rows select
 * the finding; rows bearing on the current selection are highlighted.
 */
import { useId, useMemo } from "react";
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { TONE_TEXT } from "@/components/detail/status-badge";
import { StatusIcon } from "@/components/detail/status-icon";
import { Pager } from "@/components/paging/pager";
import { usePage } from "@/components/paging/use-page";
import { FindingRow } from "./finding-row";
import { groupFindings, type FindingGroup } from "./group-findings";

export function FindingsList({ report, selection, onSelect, highlight, onHover }: ExplorerViewProps) {
  const baseId = useId();
  const groups = useMemo(() => groupFindings(report.findings), [report.findings]);
  const selectedIndex = selection?.kind === "finding" ? selection.index : undefined;
  if (groups.length === 0) {
    return (
      <div className="px-3 py-6 text-center">
        <p className="text-ok inline-flex items-center gap-1.5 text-sm font-medium">
          <StatusIcon tone="ok" className="size-4" />
          No findings — every relationship that could be checked passed.
        </p>
        {report.relationships.some((relationship) => relationship.status === "unknown") && (
          <p className="text-muted mt-1 text-xs">
            Relationships shown as unknown lacked inputs; they were not checked.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="isolate flex flex-col">
      {groups.map((group) => (
        <FindingGroupList
          key={group.severity}
          group={group}
          headingId={`${baseId}-${group.severity}`}
          selectedIndex={selectedIndex}
          highlighted={highlight.findings}
          onSelect={onSelect}
          onHover={onHover}
        />
      ))}
    </div>
  );
}

interface FindingGroupListProps extends Pick<ExplorerViewProps, "onSelect" | "onHover"> {
  group: FindingGroup;
  headingId: string;
  selectedIndex: number | undefined;
  highlighted: ReadonlySet<number>;
}

/** One severity's findings, a page at a time when a fleet has thousands. */
function FindingGroupList({
  group,
  headingId,
  selectedIndex,
  highlighted,
  onSelect,
  onHover,
}: FindingGroupListProps) {
  const tone = group.severity === "info" ? "info" : group.severity;
  const pinned =
    selectedIndex === undefined ? -1 : group.items.findIndex((item) => item.index === selectedIndex);
  const paging = usePage(group.items.length, pinned, "");
  return (
    <div className="border-line border-b last:border-b-0">
      <h3
        id={headingId}
        className="bg-raised/70 text-muted sticky top-0 z-[1] flex items-center gap-1.5 px-3 py-1.5 text-xs font-semibold backdrop-blur"
      >
        <span className={TONE_TEXT[tone]}>
          <StatusIcon tone={tone} />
        </span>
        {group.heading}
        <span className="font-normal tabular-nums">{group.items.length}</span>
      </h3>
      <ul aria-labelledby={headingId} className="divide-line divide-y">
        {group.items.slice(paging.start, paging.end).map(({ index, finding }) => (
          <FindingRow
            key={index}
            finding={finding}
            index={index}
            selected={selectedIndex === index}
            highlighted={highlighted.has(index)}
            onSelect={onSelect}
            onHover={onHover}
          />
        ))}
      </ul>
      <Pager paging={paging} noun="Findings" count={group.items.length} />
    </div>
  );
}
