/**
 * One finding in the list: severity icon and word, code, title and the first file. The whole row is
 * one button that selects the finding (the detail panel then shows it in full, the graph lights
 * its edge, the inventory its files).
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { findingTestId } from "@/components/test-ids";
import { hoverProps } from "@/components/detail/hover-props";
import { TONE_TEXT } from "@/components/detail/status-badge";
import { StatusIcon } from "@/components/detail/status-icon";
import type { Finding } from "@/lib/report";
import { InputText } from "@/components/shared/input-text";

export function FindingRow({
  finding,
  index,
  selected,
  highlighted,
  onSelect,
  onHover,
}: Pick<ExplorerViewProps, "onSelect" | "onHover"> & {
  finding: Finding;
  index: number;
  selected: boolean;
  highlighted: boolean;
}) {
  const tone = finding.severity === "info" ? "info" : finding.severity;
  const selection = { kind: "finding", index } as const;
  const [firstFile, ...moreFiles] = finding.files;
  return (
    <li data-testid={findingTestId(finding.code)} data-severity={finding.severity}>
      <button
        type="button"
        onClick={() => onSelect(selection)}
        {...hoverProps(onHover, selection)}
        aria-current={selected ? "true" : undefined}
        className={`grid w-full grid-cols-[4.75rem_minmax(0,1fr)] gap-x-2 border-l-2 px-3 py-2 text-left transition-colors ${
          selected
            ? "border-l-accent bg-accent-soft"
            : highlighted
              ? "bg-accent-soft/60 border-l-transparent"
              : "hover:bg-raised border-l-transparent"
        }`}
      >
        <span
          className={`inline-flex items-center gap-1 self-start pt-px text-xs font-medium ${TONE_TEXT[tone]}`}
        >
          <StatusIcon tone={tone} />
          {finding.severity}
        </span>
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <code className="text-muted font-mono text-xs">{finding.code}</code>
          </span>
          <span className="text-sm leading-snug wrap-break-word">
            <InputText text={finding.title} dir="ltr" />
          </span>
          {firstFile && (
            <span className="text-muted flex min-w-0 gap-1 font-mono text-xs">
              <span className="truncate">
                <InputText text={firstFile} dir="ltr" />
              </span>
              {moreFiles.length > 0 && <span className="shrink-0">+{moreFiles.length}</span>}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
