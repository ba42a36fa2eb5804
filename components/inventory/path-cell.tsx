/**
 * A certificate's path cell: the expand button named after the first path, with "+N" for the other
 * places the same certificate was found (all listed once expanded).
 */
import type { ExplorerViewProps } from "@/components/explorer/selection";
import type { ReportCertificate } from "@/lib/report";
import { rowPaths } from "./path-list";
import { BreakText } from "@/components/detail/break-text";
import { inertText } from "@/lib/format/inert-text";

export function PathCell({
  certificate,
  open,
  controls,
  onHover,
}: {
  certificate: ReportCertificate;
  open: boolean;
  controls: string;
  onHover: ExplorerViewProps["onHover"];
}) {
  const [first, ...rest] = rowPaths(certificate);
  return (
    <span className="flex min-w-0 items-start gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? controls : undefined}
        onFocus={onHover ? () => onHover({ kind: "certificate", id: certificate.id }) : undefined}
        onBlur={onHover ? () => onHover(null) : undefined}
        className="flex min-w-0 items-start gap-1 rounded text-left"
      >
        <svg
          viewBox="0 0 10 10"
          aria-hidden="true"
          className={`text-muted mt-1 size-2.5 shrink-0 transition-transform ${open ? "rotate-90" : ""}`}
          fill="currentColor"
        >
          <path d="M3 1.5 7.5 5 3 8.5Z" />
        </svg>
        <span className="font-mono text-xs wrap-anywhere">
          <BreakText text={first ?? certificate.id} />
        </span>
      </button>
      {rest.length > 0 && (
        <span
          title={rest.map(inertText).join("\n")}
          className="bg-raised text-muted shrink-0 rounded px-1 text-[0.6875rem] leading-4"
        >
          +{rest.length}
          <span className="sr-only"> more {rest.length === 1 ? "path" : "paths"}</span>
        </span>
      )}
    </span>
  );
}
