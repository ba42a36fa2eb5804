/**
 * One entry of the export menu: a format tag, the label, and a hint (or why it is unavailable). A
 * disabled entry stays focusable so its reason is read out, but does nothing when activated.
 */
import type { ExportAction } from "./export-actions";

export interface ExportMenuItemProps {
  action: ExportAction;
  disabledReason?: string;
  onActivate: () => void;
}

export function ExportMenuItem({ action, disabledReason, onActivate }: ExportMenuItemProps) {
  const disabled = disabledReason !== undefined;
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      data-export-kind={action.kind}
      onClick={() => {
        if (!disabled) onActivate();
      }}
      className={`flex w-full items-center gap-2.5 px-3 py-1.5 text-left text-sm outline-none ${
        disabled ? "text-muted cursor-not-allowed" : "text-fg hover:bg-raised"
      } focus:bg-raised`}
    >
      <span
        aria-hidden="true"
        className={`w-10 shrink-0 rounded px-1 py-0.5 text-center font-mono text-[0.65rem] font-semibold ${
          disabled ? "bg-raised text-muted" : "bg-accent-soft text-accent"
        }`}
      >
        {action.format}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className={disabled ? "" : "font-medium"}>
          {action.label}
          <span className="sr-only"> ({action.format})</span>
        </span>
        <span className="text-muted truncate text-xs">
          {disabledReason ? `Unavailable: ${disabledReason}` : action.hint}
        </span>
      </span>
    </button>
  );
}
