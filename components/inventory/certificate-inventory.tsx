"use client";
/**
 * Every certificate of the report once, with all the places it was found: a table sortable by
 * expiry (soonest first), path or subject, and a filter over paths, subjects, issuers, SANs and
 * roles. Rows expand to the decoded fields and select the certificate; rows bearing on the current
 * selection are highlighted. Narrow containers get a list of cards instead of the table.
 */
import { useMemo, useRef, useState } from "react";
import type { ExplorerViewProps } from "@/components/explorer/selection";
import { Pager } from "@/components/paging/pager";
import { usePage } from "@/components/paging/use-page";
import type { ReportCertificate } from "@/lib/report";
import { filterCertificates } from "./filter-certificates";
import { groupInventory } from "./inventory-groups";
import { InventoryCards } from "./inventory-cards";
import { InventoryTable } from "./inventory-table";
import { rowState } from "./row-state";
import { DEFAULT_SORT, nextSort, sortCertificates, type CertificateSort } from "./sort-certificates";
import { SortSelect } from "./sort-select";
import { InputText } from "@/components/shared/input-text";
import { useElementSize } from "@/components/shared/use-element-size";
import { LineIcon } from "@/components/shared/icons";

/** Below this width the six columns no longer fit and the inventory becomes cards. */
const TABLE_MIN_WIDTH = 720;

export function CertificateInventory({ report, selection, onSelect, highlight, onHover }: ExplorerViewProps) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<CertificateSort>(DEFAULT_SORT);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const root = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(root);
  // 0 until measured: the table, as before any width is known.
  const compact = width > 0 && width < TABLE_MIN_WIDTH;

  // Sorted once per order, then filtered on each keystroke: the filter keeps the order it is given,
  // and the grouping (a node's files, then each namespace's Secrets) keeps it within each group.
  const sorted = useMemo(() => sortCertificates(report.certificates, sort), [report.certificates, sort]);
  const grouped = useMemo(() => groupInventory(filterCertificates(sorted, query)), [sorted, query]);
  const { certificates } = grouped;
  const selectedId = selection?.kind === "certificate" ? selection.id : undefined;
  const total = report.certificates.length;
  // A page at a time (a node's PKI fits on one); the filter still searches them all, and a
  // certificate selected elsewhere (graph, timeline) turns the list to its page.
  const selectedIndex = selectedId === undefined ? -1 : certificates.findIndex((c) => c.id === selectedId);
  const paging = usePage(certificates.length, selectedIndex, `${query}\n${sort.key}\n${sort.direction}`);
  const shown = paging.pages === 1 ? certificates : certificates.slice(paging.start, paging.end);

  const onActivate = (certificate: ReportCertificate) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(certificate.id)) next.delete(certificate.id);
      else next.add(certificate.id);
      return next;
    });
    onSelect({ kind: "certificate", id: certificate.id });
  };

  const rows = {
    report,
    certificates: shown,
    expanded,
    sort,
    onSort: (key: CertificateSort["key"]) => setSort((current) => nextSort(current, key)),
    onActivate,
    onHover,
    stateOf: (certificate: ReportCertificate) => rowState(certificate, selectedId, highlight),
    groupOf: grouped.groupOf,
  };

  return (
    <div ref={root} className="isolate flex min-w-0 flex-col">
      <div className="border-line flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <label className="relative min-w-0 flex-1 basis-48">
          <span className="sr-only">Filter certificates</span>
          <LineIcon className="text-muted pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2">
            <circle cx="7" cy="7" r="4.5" />
            <path d="m10.5 10.5 3 3" />
          </LineIcon>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={compact ? "Filter certificates" : "Filter by path, subject, issuer, SAN, role"}
            className="border-line bg-canvas placeholder:text-muted/80 h-8 w-full rounded-md border pr-2 pl-7 text-sm"
          />
        </label>
        {compact && <SortSelect sort={sort} onChange={setSort} />}
        <p className="text-muted shrink-0 text-xs tabular-nums" aria-live="polite">
          {certificates.length === total
            ? `${total} certificates`
            : `${certificates.length} of ${total} certificates`}
        </p>
      </div>
      {total === 0 ? (
        <p className="text-muted px-3 py-6 text-center text-sm">No certificates in the input.</p>
      ) : certificates.length === 0 ? (
        <div className="text-muted flex flex-col items-center gap-2 px-3 py-6 text-sm">
          <p>
            No certificate matches “<InputText text={query.trim()} />
            ”.
          </p>
          <button type="button" onClick={() => setQuery("")} className="text-accent text-sm hover:underline">
            Clear the filter
          </button>
        </div>
      ) : compact ? (
        <InventoryCards {...rows} />
      ) : (
        <InventoryTable {...rows} />
      )}
      <Pager paging={paging} noun="Certificates" count={certificates.length} />
    </div>
  );
}
