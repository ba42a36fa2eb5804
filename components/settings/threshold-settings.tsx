"use client";
/**
 * The expiry thresholds as one compact toolbar button ("Warn: 30 d · 10 % · CA 365 d") that opens a
 * small form. Values apply on "Apply" (or Enter), not per keystroke: every change re-judges the whole
 * input, and half-typed numbers ("3" on the way to "30") are not worth an analysis.
 */
import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { useDismiss } from "@/components/export/use-dismiss";
import { testIds } from "@/components/test-ids";
import { ThresholdField } from "./threshold-field";
import {
  DEFAULT_THRESHOLDS,
  describeThresholds,
  explainThresholds,
  formatPercent,
  parseCaHorizonDays,
  parseWarnDays,
  parseWarnPercent,
  sameThresholds,
  type Thresholds,
} from "./thresholds";
import { CaretIcon, LineIcon } from "@/components/shared/icons";

export interface ThresholdSettingsProps {
  value: Thresholds;
  onChange: (next: Thresholds) => void;
}

interface Draft {
  warnDays: string;
  warnPercent: string;
  caHorizonDays: string;
}

function draftOf(thresholds: Thresholds): Draft {
  return {
    warnDays: String(thresholds.warnDays),
    warnPercent: formatPercent(thresholds.warnFraction),
    caHorizonDays: String(thresholds.caHorizonDays),
  };
}

/** Expiry thresholds: warning window, fraction of lifetime, CA horizon. */
export function ThresholdSettings({ value, onChange }: ThresholdSettingsProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [touched, setTouched] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);

  const fields = {
    warnDays: parseWarnDays(draft.warnDays),
    warnPercent: parseWarnPercent(draft.warnPercent),
    caHorizonDays: parseCaHorizonDays(draft.caHorizonDays),
  };
  const isDefault = sameThresholds(value, DEFAULT_THRESHOLDS);

  const toggle = () => {
    if (!open) {
      setDraft(draftOf(value));
      setTouched(false);
    }
    setOpen(!open);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const { warnDays, warnPercent, caHorizonDays } = fields;
    if (!warnDays.ok || !warnPercent.ok || !caHorizonDays.ok) return;
    const next = {
      warnDays: warnDays.value,
      warnFraction: warnPercent.value,
      caHorizonDays: caHorizonDays.value,
    };
    if (!sameThresholds(next, value)) onChange(next);
    setOpen(false);
    button.current?.focus();
  };

  const reset = () => {
    setDraft(draftOf(DEFAULT_THRESHOLDS));
    setTouched(false);
    if (!isDefault) onChange(DEFAULT_THRESHOLDS);
  };

  const edit = (field: keyof Draft) => (text: string) =>
    setDraft((current) => ({ ...current, [field]: text }));
  const problem = (result: { ok: boolean; reason?: string }) =>
    touched && !result.ok ? result.reason : undefined;

  return (
    <div ref={root} className="relative" data-testid={testIds.thresholdSettings}>
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        title={explainThresholds(value)}
        className={`border-line bg-surface hover:text-fg inline-flex h-7 items-center gap-1.5 rounded-md border px-2 text-xs whitespace-nowrap tabular-nums transition-colors ${
          isDefault ? "text-muted" : "text-fg border-accent/50"
        }`}
      >
        <LineIcon weight={1.5} className="size-3.5 shrink-0">
          <path d="M2 4.5h7M12 4.5h2M2 11.5h2M7 11.5h7" />
          <circle cx="10.5" cy="4.5" r="1.5" />
          <circle cx="5.5" cy="11.5" r="1.5" />
        </LineIcon>
        <span className="sr-only">Expiry thresholds — </span>
        {describeThresholds(value)}
        <CaretIcon up={open} className="size-3 shrink-0" />
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          role="dialog"
          aria-labelledby={`${id}-heading`}
          className="border-line bg-surface absolute top-full left-0 z-30 mt-1.5 w-[min(20rem,calc(100vw-1.5rem))] rounded-lg border p-3 shadow-lg shadow-black/10 sm:right-0 sm:left-auto dark:shadow-black/60"
        >
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <div>
              <h2 id={`${id}-heading`} className="text-sm font-semibold">
                Expiry thresholds
              </h2>
              <p className="text-muted mt-0.5 text-xs">
                A certificate is due for renewal when either warning limit is reached.
              </p>
            </div>
            <ThresholdField
              id={`${id}-warn-days`}
              label="Warn before expiry"
              unit="days"
              hint="Applies to certificates living at least 3× as long; shorter-lived ones go by the share below."
              value={draft.warnDays}
              onChange={edit("warnDays")}
              error={problem(fields.warnDays)}
              autoFocus
            />
            <ThresholdField
              id={`${id}-warn-percent`}
              label="…or when less lifetime is left than"
              unit="%"
              value={draft.warnPercent}
              onChange={edit("warnPercent")}
              error={problem(fields.warnPercent)}
              decimals
            />
            <ThresholdField
              id={`${id}-ca-horizon`}
              label="Plan CA renewal ahead"
              unit="days"
              hint="A CA rotation is a project: flag CAs expiring within this window."
              value={draft.caHorizonDays}
              onChange={edit("caHorizonDays")}
              error={problem(fields.caHorizonDays)}
            />
            <div className="border-line flex items-center justify-between gap-2 border-t pt-3">
              <button
                type="button"
                onClick={reset}
                className="text-accent text-xs font-medium hover:underline"
              >
                Reset to defaults
              </button>
              <button
                type="submit"
                className="bg-accent rounded-md px-3 py-1 text-xs font-semibold text-white transition-opacity hover:opacity-90 dark:text-[#0b1020]"
              >
                Apply
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}
