"use client";
/**
 * The summary row's "Export" menu: the report as JSON (what the CLI prints), the Markdown and the
 * single-file HTML audit report, SARIF, JUnit XML and Prometheus metrics (the CLI's bytes too), the
 * graph and the timeline as SVG and PNG, and print/PDF of the HTML report. Every file is made in this tab;
 * nothing is uploaded. A WAI-ARIA menu button: Enter, Space or the arrows open it, the arrows, Home
 * and End move, Escape or a press outside closes it and focus goes back to the button.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatPercent } from "@/components/settings/thresholds";
import { testIds } from "@/components/test-ids";
import { formatUtc } from "@/lib/format/labels";
import type { Report } from "@/lib/report";
import { buildExport, drawingOf, type ReportFileMaker } from "./build-export";
import { downloadBlob } from "./download";
import { EXPORT_GROUPS, type ExportAction } from "./export-actions";
import { ExportMenuItem } from "./export-menu-item";
import { popoverAlign, type PopoverAlign } from "./popover-align";
import { useDismiss } from "./use-dismiss";
import { printHtml, usePrintFrame } from "./use-print-frame";
import { InputText } from "@/components/shared/input-text";
import { CaretIcon, LineIcon } from "@/components/shared/icons";

export interface ExportMenuProps {
  report: Report;
  /** Makes the report's files (JSON, Markdown, HTML, SARIF, JUnit, metrics) in the analysis engine, where the report is. */
  makeReportFile: ReportFileMaker;
}

const PANEL_WIDTH = 296;

type Status = { tone: "ok" | "error"; text: string } | undefined;

/** Exports of the audit: JSON, Markdown, the graph and the timeline as SVG and PNG, print. */
export function ExportMenu({ report, makeReportFile }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<PopoverAlign>("end");
  const [timelineDrawn, setTimelineDrawn] = useState(false);
  const [status, setStatus] = useState<Status>();
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);
  usePrintFrame();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusOnOpen === "first" ? all[0] : all.at(-1))?.focus();
  }, [open, focusOnOpen]);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(undefined), status.tone === "ok" ? 4000 : 8000);
    return () => clearTimeout(timer);
  }, [status]);

  const show = (focus: "first" | "last") => {
    // Whether the timeline is drawn is read when the menu opens: it is another view's markup.
    setTimelineDrawn(drawingOf("timeline") !== undefined);
    const rect = button.current?.getBoundingClientRect();
    if (rect) setAlign(popoverAlign(rect, document.documentElement.clientWidth, PANEL_WIDTH));
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Tab") setOpen(false);
  };

  const run = (action: ExportAction) => {
    setOpen(false);
    button.current?.focus();
    const failed = (error: unknown) => {
      console.warn("Export failed:", error);
      const reason = error instanceof Error ? error.message : String(error);
      setStatus({ tone: "error", text: `${action.label} could not be made: ${reason}` });
    };
    if (action.kind === "print") {
      // Paper gets the HTML audit report, made where the report is, printed from a hidden frame.
      makeReportFile("html")
        .then((made) => {
          if (typeof made === "string") throw new Error(made);
          return printHtml(new TextDecoder().decode(made));
        })
        .catch(failed);
      return;
    }
    buildExport(action.kind, report, makeReportFile).then((file) => {
      downloadBlob(file.blob, file.name);
      setStatus({ tone: "ok", text: `Saved ${file.name}` });
    }, failed);
  };

  return (
    <>
      {/* On paper the toolbar is gone: say what the audit was judged against. */}
      <p className="text-muted hidden text-xs print:block">
        Judged at {formatUtc(report.now)} · warning {report.warnDays} days or{" "}
        {formatPercent(report.warnFraction)} % of lifetime before expiry · CA horizon {report.caHorizonDays}{" "}
        days
      </p>
      <div ref={root} className="relative print:hidden" data-testid={testIds.exportMenu}>
        <button
          ref={button}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? `${id}-menu` : undefined}
          onClick={() => (open ? setOpen(false) : show("first"))}
          onKeyDown={onButtonKey}
          className="border-line bg-surface text-fg hover:bg-raised inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium transition-colors"
        >
          <LineIcon weight={1.5} roundJoins>
            <path d="M8 2v8M4.8 6.8 8 10l3.2-3.2M2.5 11v1.5a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V11" />
          </LineIcon>
          Export
          <CaretIcon up={open} className="text-muted size-3" />
        </button>
        <p
          aria-live="polite"
          className={`fixed right-3 bottom-3 z-40 max-w-[min(24rem,calc(100vw-1.5rem))] text-xs sm:right-5 sm:bottom-5 ${
            status?.tone === "error" ? "text-error" : "text-ok"
          }`}
        >
          {status && !open ? (
            // A toast in the corner: clear of the toolbar and the Learn bar under it, at every width.
            <span
              data-export-status={status.tone}
              className="border-line bg-surface inline-block rounded-md border px-2 py-1 leading-4 shadow-md shadow-black/10 dark:shadow-black/50"
            >
              {status.tone === "ok" ? "✓" : "✗"} <InputText text={status.text} dir="ltr" />
            </span>
          ) : (
            ""
          )}
        </p>
        {open ? (
          <div
            ref={menu}
            id={`${id}-menu`}
            role="menu"
            aria-label="Export"
            onKeyDown={onMenuKey}
            style={{ width: `min(${PANEL_WIDTH}px, calc(100vw - 1.5rem))` }}
            className={`border-line bg-surface absolute top-full z-30 mt-1.5 flex flex-col rounded-lg border py-1 shadow-lg shadow-black/10 dark:shadow-black/60 ${
              align === "end" ? "right-0" : "left-0"
            }`}
          >
            {EXPORT_GROUPS.map((group, index) => (
              <div
                key={group.heading}
                role="group"
                aria-labelledby={`${id}-group-${index}`}
                className={index > 0 ? "border-line mt-1 border-t pt-1" : undefined}
              >
                <p
                  id={`${id}-group-${index}`}
                  className="text-muted px-3 pt-1.5 pb-1 text-[0.68rem] font-semibold tracking-wide uppercase"
                >
                  {group.heading}
                </p>
                {group.actions.map((action) => {
                  const unavailable = action.drawing === "timeline" && !timelineDrawn;
                  return (
                    <ExportMenuItem
                      key={action.kind}
                      action={action}
                      disabledReason={unavailable ? "the timeline is not drawn yet" : undefined}
                      onActivate={() => run(action)}
                    />
                  );
                })}
              </div>
            ))}
            <p className="border-line text-muted mt-1 flex items-center gap-1.5 border-t px-3 pt-2 pb-1.5 text-xs">
              <LineIcon weight={1.5} roundJoins className="text-ok size-3.5 shrink-0">
                <rect x="3" y="7" width="10" height="7" rx="1.5" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
              </LineIcon>
              Made in this tab — nothing is uploaded. No private key is ever included.
            </p>
          </div>
        ) : null}
      </div>
    </>
  );
}
