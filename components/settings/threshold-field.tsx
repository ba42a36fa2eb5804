/**
 * One number of the threshold form: a label above, the unit beside the input, a hint or the reason
 * the value is refused below (tied to the input with aria-describedby, so it is read out on focus).
 */
export interface ThresholdFieldProps {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (text: string) => void;
  hint?: string;
  error?: string;
  /** Accept decimals (the percentage); days are whole numbers. */
  decimals?: boolean;
  autoFocus?: boolean;
}

export function ThresholdField({
  id,
  label,
  unit,
  value,
  onChange,
  hint,
  error,
  decimals,
  autoFocus,
}: ThresholdFieldProps) {
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-fg text-xs font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode={decimals ? "decimal" : "numeric"}
          min={0}
          max={unit === "%" ? 100 : 3650}
          step={decimals ? "any" : 1}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
          // The panel opens on a click meant to edit it: its first field takes the focus.
          autoFocus={autoFocus}
          className={`bg-surface text-fg w-24 rounded-md border px-2 py-1 text-sm tabular-nums ${
            error ? "border-error" : "border-line"
          }`}
        />
        <span className="text-muted text-xs">{unit}</span>
      </div>
      {note ? (
        <p id={`${id}-note`} className={`text-xs ${error ? "text-error" : "text-muted"}`}>
          {error ? `✗ ${error}` : hint}
        </p>
      ) : null}
    </div>
  );
}
