/**
 * One value of the policy form: a label above, the unit beside the input. Blank means "no limit";
 * the whole form is checked on Apply (policy-draft.ts), which names the field that is wrong.
 */
export interface PolicyFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  unit?: string;
  /** A text field (the name) rather than a whole number. */
  text?: boolean;
  autoFocus?: boolean;
}

export function PolicyField({ id, label, value, onChange, unit, text, autoFocus }: PolicyFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-fg text-xs font-medium">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <input
          id={id}
          type="text"
          inputMode={text ? "text" : "numeric"}
          maxLength={text ? 64 : 6}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          // The panel opens on a click meant to edit it: its first limit takes the focus.
          autoFocus={autoFocus}
          className={`bg-surface text-fg border-line min-w-0 rounded-md border px-2 py-1 text-sm tabular-nums ${
            text ? "w-full" : "w-20"
          }`}
        />
        {unit ? <span className="text-muted text-xs">{unit}</span> : null}
      </div>
    </div>
  );
}
