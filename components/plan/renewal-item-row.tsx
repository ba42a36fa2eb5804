/**
 * One certificate of a renewal day: its name, how it gets renewed (the step in words when it is not
 * a shell command), its files, and who stops working without it (on wide screens; phones show the
 * day's impact and leave the rest to the details, one tap away). The row selects the certificate (the inventory, the graph and the
 * details then show it) and previews it on hover or focus.
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { BreakText } from "@/components/detail/break-text";
import { hoverProps } from "@/components/detail/hover-props";
import { testIds } from "@/components/test-ids";
import type { RenewalItem } from "@/lib/plan/types";
import { KIND_WORDS } from "./plan-day";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";

/**
 * What stops, named up to this many times: a fleet's cluster CA stops every kubelet's relationships,
 * thousands of phrases that no one reads in a row and that the browser takes long to lay out.
 */
const BREAKS_SHOWN = 6;

export interface RenewalItemRowProps extends Pick<ExplorerViewProps, "onSelect" | "onHover"> {
  item: RenewalItem;
  selected: boolean;
  highlighted: boolean;
  /** Hidden on phones until the day is expanded (long days stay short on small screens). */
  folded?: boolean;
}

function Tag({ children, accent = false }: { children: string; accent?: boolean }) {
  return (
    <span
      className={`rounded px-1.5 text-[0.7rem] leading-4 font-medium whitespace-nowrap ${
        accent ? "bg-accent-soft text-accent" : "bg-raised text-muted"
      }`}
    >
      {children}
    </span>
  );
}

export function RenewalItemRow({
  item,
  selected,
  highlighted,
  folded,
  onSelect,
  onHover,
}: RenewalItemRowProps) {
  const selection = { kind: "certificate", id: item.certificateId } as const;
  const [firstPath, ...morePaths] = item.paths;
  // The label is the path itself when several files share a name (kubelet.crt on every node).
  const showPath = firstPath !== undefined && (firstPath !== item.label || morePaths.length > 0);
  return (
    <li
      data-testid={testIds.renewalItem}
      data-certificate-id={item.certificateId}
      className={folded ? "max-sm:hidden" : undefined}
    >
      <button
        type="button"
        onClick={() => onSelect(selection)}
        {...hoverProps(onHover, selection)}
        aria-current={selected ? "true" : undefined}
        className={`grid w-full gap-x-4 gap-y-0.5 rounded-md border-l-2 px-2 py-1.5 text-left transition-colors md:grid-cols-[minmax(14rem,2fr)_minmax(0,3fr)] ${
          selected
            ? "border-l-accent bg-accent-soft"
            : highlighted
              ? "bg-accent-soft/60 border-l-transparent"
              : "hover:bg-raised border-l-transparent"
        }`}
      >
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
            <span className="font-mono text-sm font-medium wrap-anywhere">
              <BreakText text={item.label} />
            </span>
            <Tag>{KIND_WORDS[item.kind]}</Tag>
            {item.isCA ? <Tag accent>CA</Tag> : null}
          </span>
          {showPath ? (
            <span
              className="text-muted font-mono text-xs wrap-anywhere"
              title={item.paths.map(inertText).join("\n")}
            >
              <BreakText text={firstPath} />
              {morePaths.length > 0 ? (
                <span className="font-sans whitespace-nowrap">
                  {" "}
                  +{morePaths.length} {morePaths.length === 1 ? "copy" : "copies"}
                </span>
              ) : null}
            </span>
          ) : null}
        </span>
        <span className="flex min-w-0 flex-col gap-0.5 text-xs leading-snug">
          {item.runnable ? null : (
            <span>
              <span className="font-semibold">Step: </span>
              <InputText text={item.command} dir="ltr" />
            </span>
          )}
          {item.breaks.length > 0 ? (
            <span className="text-fg/90 max-sm:hidden">
              <span className="text-muted font-medium">Stops: </span>
              <InputText text={item.breaks.slice(0, BREAKS_SHOWN).join("; ")} dir="ltr" />
              {item.breaks.length > BREAKS_SHOWN
                ? `; and ${item.breaks.length - BREAKS_SHOWN} more (every one in the Markdown export)`
                : null}
            </span>
          ) : null}
          {item.note ? (
            <span className="text-muted max-sm:hidden">
              <InputText text={item.note} dir="ltr" />
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}
