"use client";
/**
 * The kubelets the graph draws as one node, as a view of their own: how many, how each relationship
 * they take part in came out across them, and every kubelet that is not ok with the findings that
 * make it so, each one click from its relationship or its kubelet. A filter by node name and status
 * walks names lower-cased once per report, and the list draws a page of rows: a fleet of ten
 * thousand kubelets answers each keystroke without laying out thousands of rows.
 */
import { memo, useDeferredValue, useMemo, useState } from "react";
import { testIds } from "@/components/test-ids";
import { Pager } from "@/components/paging/pager";
import { usePage } from "@/components/paging/use-page";
import { InputText } from "@/components/shared/input-text";
import { LineIcon } from "@/components/shared/icons";
import { countNoun } from "@/lib/format/labels";
import { PRIMARY_RELATIONSHIPS, type RelationshipId, type RelationshipStatus } from "@/lib/report";
import { reportIndex } from "@/lib/view/report-index";
import { type LinkProps } from "./detail-links";
import { DetailSection } from "./detail-section";
import { hoverProps } from "./hover-props";
import { KubeletGroupRow } from "./kubelet-group-row";
import {
  EXCEPTION_STATUSES,
  filterKubelets,
  FILTER_STATUSES,
  kubeletFleet,
  type FleetRelationship,
  type KubeletFleet,
} from "./kubelet-fleet";
import { StatusBadge, TONE_TEXT } from "./status-badge";
import { StatusIcon } from "./status-icon";

const PRIMARY: ReadonlySet<string> = new Set(PRIMARY_RELATIONSHIPS);

export interface KubeletGroupDetailProps extends LinkProps {
  /** One relationship of the group's (a group's edge), or every one (the group node). */
  relationship?: RelationshipId;
}

/** "2 error, 1 unknown": the counts of kubelets not ok that are not zero, worst first. */
function countsPhrase(counts: Record<RelationshipStatus, number>): string {
  return FILTER_STATUSES.filter((status) => status !== "ok" && counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`)
    .join(", ");
}

function Summary({ fleet, scope }: { fleet: KubeletFleet; scope?: RelationshipId }) {
  const total = fleet.kubelets.length;
  const bad = total - fleet.counts.ok;
  const on = scope ? ` on ${scope}` : "";
  return (
    <p className="text-sm" data-status={bad === 0 ? "ok" : "attention"}>
      {bad === 0 ? (
        <span className={`inline-flex items-center gap-1.5 font-medium ${TONE_TEXT.ok}`}>
          <StatusIcon tone="ok" />
          {total === 1 ? `The kubelet is ok${on}.` : `All ${total} kubelets ok${on}.`}
        </span>
      ) : (
        <>
          <span className="font-medium">
            {bad} of {countNoun(total, "kubelet")} not ok{on}:
          </span>{" "}
          <span className="text-muted">{countsPhrase(fleet.counts)}.</span>
        </>
      )}
    </p>
  );
}

/** Each relationship of the group by status; a row narrows the view to that relationship. */
const RelationshipCounts = memo(function RelationshipCounts({
  fleet,
  scope,
  ...links
}: LinkProps & { fleet: KubeletFleet; scope?: RelationshipId }) {
  const { componentName } = reportIndex(links.report);
  // Secondary relationships left unchecked do not make a kubelet unknown (see kubeletFleet): say so.
  const unchecked = fleet.relationships
    .filter((r) => !PRIMARY.has(r.id) && r.counts.unknown > 0 && r.id !== scope)
    .map((r) => r.id);
  const ends = (r: FleetRelationship) => {
    const peers = r.peers.map(componentName).join(", ");
    return r.kubeletEnd === "client" ? `kubelets → ${peers}` : `${peers} → kubelets`;
  };
  return (
    <DetailSection title="By relationship" count={fleet.relationships.length}>
      <ul className="-mx-2 flex flex-col" data-testid={testIds.kubeletGroupCounts}>
        {fleet.relationships.map((r) => {
          const current = r.id === scope;
          const selection = { kind: "kubelet-group", relationship: r.id } as const;
          return (
            <li key={r.id} data-relationship={r.id}>
              <button
                type="button"
                aria-current={current ? "true" : undefined}
                onClick={() => links.onSelect(current ? { kind: "kubelet-group" } : selection)}
                {...hoverProps(links.onHover, selection)}
                className={`hover:bg-raised flex w-full min-w-0 flex-col gap-0.5 rounded-md px-2 py-1.5 text-left ${current ? "bg-raised" : ""}`}
              >
                <span className="flex w-full min-w-0 flex-wrap items-baseline gap-x-2">
                  <span className="font-mono text-xs font-medium">{r.id}</span>
                  <span className="text-muted min-w-0 truncate text-xs">
                    <InputText text={ends(r)} dir="ltr" />
                  </span>
                </span>
                <span className="flex flex-wrap gap-x-3 text-xs tabular-nums">
                  {FILTER_STATUSES.filter((status) => r.counts[status] > 0).map((status) => (
                    <span
                      key={status}
                      data-count={status}
                      className={`inline-flex items-center gap-1 ${TONE_TEXT[status]}`}
                    >
                      <StatusIcon tone={status} className="size-3" />
                      {r.counts[status]} {status}
                    </span>
                  ))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {unchecked.length > 0 && (
        <p className="text-muted text-xs leading-relaxed">
          Unchecked {unchecked.join(", ")} is counted here, not against its kubelet: after a kubelet has
          joined, kubeadm removes bootstrap-kubelet.conf.
        </p>
      )}
    </DetailSection>
  );
});

function StatusToggles({
  fleet,
  statuses,
  onToggle,
}: {
  fleet: KubeletFleet;
  statuses: ReadonlySet<RelationshipStatus>;
  onToggle: (status: RelationshipStatus) => void;
}) {
  return (
    <div role="group" aria-label="Show kubelets by status" className="flex flex-wrap gap-1.5">
      {FILTER_STATUSES.map((status) => {
        const on = statuses.has(status);
        return (
          <button
            key={status}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(status)}
            className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs tabular-nums ${on ? `border-current ${TONE_TEXT[status]} font-medium` : "border-line text-muted"}`}
          >
            <StatusIcon tone={status} className="size-3" />
            {status} {fleet.counts[status]}
          </button>
        );
      })}
    </div>
  );
}

export function KubeletGroupDetail({ relationship: scope, ...links }: KubeletGroupDetailProps) {
  const { report } = links;
  // Worked out once per report and scope (kubeletFleet remembers it), names lower-cased there.
  const fleet = useMemo(() => kubeletFleet(report, scope), [report, scope]);
  const [query, setQuery] = useState("");
  const [statuses, setStatuses] = useState<ReadonlySet<RelationshipStatus>>(EXCEPTION_STATUSES);
  // The box answers each keystroke at once; the list follows in an interruptible render, so a
  // fleet's page of new rows never holds a keystroke up.
  const listQuery = useDeferredValue(query);
  const listStatuses = useDeferredValue(statuses);
  const shown = useMemo(
    () => filterKubelets(fleet.kubelets, listQuery, listStatuses),
    [fleet, listQuery, listStatuses],
  );
  const paging = usePage(shown.length, -1, `${listQuery}\n${[...listStatuses].join()}`);
  const total = fleet.kubelets.length;
  const worst = FILTER_STATUSES.find((status) => fleet.counts[status] > 0) ?? "unknown";
  const toggle = (status: RelationshipStatus) =>
    setStatuses((current) => {
      const next = new Set(current);
      if (!next.delete(status)) next.add(status);
      return next;
    });
  // A healthy fleet seen through the default filter lists nothing: it says so and draws no list.
  const allOk = fleet.counts.ok === total && listQuery.trim() === "" && !listStatuses.has("ok");

  return (
    <div className="flex flex-col gap-5" data-testid={testIds.kubeletGroup} data-scope={scope ?? ""}>
      <header className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{countNoun(total, "kubelet")}</h2>
          <StatusBadge status={worst} />
        </div>
        {scope ? (
          <p className="text-muted text-sm">
            Their <span className="text-fg font-mono text-xs">{scope}</span> relationship, drawn as one edge
            with the worst status of its instances.{" "}
            <button
              type="button"
              onClick={() => links.onSelect({ kind: "kubelet-group" })}
              className="text-accent font-medium hover:underline"
            >
              Every relationship of the group
            </button>
          </p>
        ) : (
          <p className="text-muted text-sm">
            Drawn as one node in the graph; its edges show the worst status of their instances.
          </p>
        )}
        <Summary fleet={fleet} scope={scope} />
      </header>

      <RelationshipCounts {...links} fleet={fleet} scope={scope} />

      <DetailSection title="Kubelets" count={total}>
        <div className="flex flex-col gap-2">
          <label className="relative min-w-0">
            <span className="sr-only">Filter kubelets by node name</span>
            <LineIcon className="text-muted pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2">
              <circle cx="7" cy="7" r="4.5" />
              <path d="m10.5 10.5 3 3" />
            </LineIcon>
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Filter by node name"
              className="border-line bg-canvas placeholder:text-muted/80 h-8 w-full rounded-md border pr-2 pl-7 text-sm"
            />
          </label>
          <StatusToggles fleet={fleet} statuses={statuses} onToggle={toggle} />
          <p className="text-muted text-xs tabular-nums" aria-live="polite">
            {allOk
              ? "No kubelet needs attention."
              : `${shown.length} of ${countNoun(total, "kubelet")} shown`}
          </p>
        </div>
        {!allOk && shown.length > 0 && (
          <ul className="-mx-2 flex flex-col">
            {shown.slice(paging.start, paging.end).map((kubelet) => (
              <li key={kubelet.id}>
                <KubeletGroupRow {...links} kubelet={kubelet} />
              </li>
            ))}
          </ul>
        )}
        <Pager paging={paging} noun="Kubelets" count={shown.length} />
      </DetailSection>
    </div>
  );
}
