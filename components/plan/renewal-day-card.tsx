/**
 * One date of the renewal plan: when (the date and "in N days"/"expired"), how urgent (colour, icon
 * and word), what stops working, which certificates, what to run, what to do afterwards, where it is
 * documented. Side by side on wide screens, stacked on phones.
 */
import { useMemo, useState } from "react";
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { TONE_PILL } from "@/components/detail/status-badge";
import { StatusIcon } from "@/components/detail/status-icon";
import { Pager } from "@/components/paging/pager";
import { usePage } from "@/components/paging/use-page";
import { testIds } from "@/components/test-ids";
import type { RenewalDay } from "@/lib/plan/types";
import { countNoun } from "@/lib/format/labels";
import { CommandBlock } from "./command-block";
import {
  dayCommandGroups,
  dayDocs,
  dayLook,
  dayAfterwards,
  daysPhrase,
  docTitle,
  runOnTitle,
} from "./plan-day";
import { RenewalItemRow } from "./renewal-item-row";
import { InputText } from "@/components/shared/input-text";

/** Certificates a day shows on phones before "Show N more". */
const PHONE_ITEMS = 3;
/**
 * … and on wider screens: every certificate of a control-plane node fits; the day a 200-node
 * cluster's kubelet certificates all expire does not draw 200 rows until asked to.
 */
const WIDE_ITEMS = 24;

const RAIL: Record<string, string> = {
  error: "border-l-error",
  warning: "border-l-warning",
  ok: "border-l-line",
  unknown: "border-l-unknown",
  info: "border-l-accent",
};

export interface RenewalDayCardProps extends Pick<
  ExplorerViewProps,
  "selection" | "highlight" | "onSelect" | "onHover"
> {
  day: RenewalDay;
  /** The plan's instant, which the day's distance is told from. */
  now: string;
}

export function RenewalDayCard({ day, now, selection, highlight, onSelect, onHover }: RenewalDayCardProps) {
  const look = dayLook(day.state);
  // Once per day, not per selection: a fleet's day holds thousands of certificates.
  const commandGroups = useMemo(() => dayCommandGroups(day), [day]);
  const afterwards = useMemo(() => dayAfterwards(day), [day]);
  const docs = useMemo(() => dayDocs(day), [day]);
  const headingId = `renewal-day-${day.date}`;
  const [unfolded, setUnfolded] = useState(false);
  const hidden = unfolded ? 0 : Math.max(0, day.items.length - PHONE_ITEMS);
  // Unfolded, a fleet's day is drawn a page at a time; the selected certificate's page first.
  const selectedIndex =
    selection?.kind === "certificate"
      ? day.items.findIndex((item) => item.certificateId === selection.id)
      : -1;
  const paging = usePage(day.items.length, unfolded ? selectedIndex : -1, "");
  // One more row costs less than a button that reveals one row.
  const [from, to] = unfolded
    ? [paging.start, paging.end]
    : [0, day.items.length <= WIDE_ITEMS + 1 ? day.items.length : WIDE_ITEMS];
  const hiddenWide = unfolded ? 0 : day.items.length - to;
  return (
    <li
      data-testid={testIds.renewalDay}
      data-date={day.date}
      data-state={day.state}
      data-days-left={day.daysLeft}
      data-items={day.items.length}
      aria-labelledby={headingId}
      className={`border-line grid gap-x-4 gap-y-2 border-b border-l-4 px-3 py-3 last:border-b-0 sm:grid-cols-[9.5rem_minmax(0,1fr)] sm:px-4 ${RAIL[look.tone]}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:flex-col sm:items-start">
        <h3 id={headingId} className="font-mono text-base font-semibold tabular-nums">
          <time dateTime={day.date}>{day.date}</time>
        </h3>
        <span className={`text-sm ${day.state === "expired" ? "text-error font-medium" : "text-muted"}`}>
          {daysPhrase(now, day)}
        </span>
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-4 font-medium ${TONE_PILL[look.tone]}`}
        >
          <StatusIcon tone={look.tone} />
          {look.word}
        </span>
        <span className="text-muted text-xs sm:mt-1">
          {day.items.length} certificate{day.items.length === 1 ? "" : "s"}
        </span>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        {day.impact ? (
          <p className="text-sm leading-snug">
            <span className="font-semibold">
              {day.state === "expired" ? "Broken now: " : "If not renewed: "}
            </span>
            <InputText text={day.impact} dir="ltr" />
          </p>
        ) : null}
        <ul aria-label={`Certificates expiring on ${day.date}`} className="-mx-2 flex flex-col">
          {day.items.slice(from, to).map((item, index) => (
            <RenewalItemRow
              key={item.certificateId}
              item={item}
              folded={hidden > 0 && index >= PHONE_ITEMS}
              selected={selection?.kind === "certificate" && selection.id === item.certificateId}
              highlighted={highlight.certificates.has(item.certificateId)}
              onSelect={onSelect}
              onHover={onHover}
            />
          ))}
        </ul>
        {/* Phones fold after 3 rows, wider screens after 24: one button for each, shown where it applies. */}
        <MoreButton count={hidden} onClick={() => setUnfolded(true)} className="sm:hidden" />
        <MoreButton count={hiddenWide} onClick={() => setUnfolded(true)} className="max-sm:hidden" />
        {unfolded ? <Pager paging={paging} noun="Certificates" count={day.items.length} /> : null}
        {commandGroups.map((group) => {
          const title = runOnTitle(group.nodes);
          return (
            <CommandBlock
              key={group.nodes.join(" ") || "-"}
              commands={group.commands}
              title={title}
              label={`the commands for ${day.date}${group.nodes.length > 0 ? ` ${title.slice(4)}` : ""}`}
            />
          );
        })}
        {afterwards.length > 0 || docs.length > 0 ? (
          <dl className="grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
            {afterwards.length > 0 ? (
              <>
                <dt className="text-muted font-medium">Afterwards</dt>
                <dd>
                  <ul className="flex flex-col gap-0.5">
                    {afterwards.map((step) => (
                      <li key={step}>
                        <InputText text={step} dir="ltr" />
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {docs.length > 0 ? (
              <>
                <dt className="text-muted font-medium">Docs</dt>
                <dd className="flex flex-wrap gap-x-3 gap-y-0.5">
                  {docs.map((url) => (
                    <a
                      key={url}
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-accent break-all hover:underline"
                    >
                      {docTitle(url)}
                    </a>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

/** "Show N more certificates", or nothing when none is hidden. */
function MoreButton({
  count,
  onClick,
  className,
}: {
  count: number;
  onClick: () => void;
  className: string;
}) {
  if (count <= 0) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      className={`text-accent self-start text-xs font-medium hover:underline ${className}`}
    >
      Show {countNoun(count, "more certificate")}
    </button>
  );
}
