/**
 * The panel's building blocks: a titled section and a label/value list, so every kind of selection
 * is laid out on the same grid.
 */
import type { ReactNode } from "react";

/** A section with a small uppercase heading and an optional count. */
export function DetailSection({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-muted flex items-baseline gap-1.5 text-[0.6875rem] font-semibold tracking-wider uppercase">
        {title}
        {count !== undefined && <span className="font-normal tabular-nums">{count}</span>}
      </h3>
      {children}
    </section>
  );
}

/** Label/value rows: labels in a narrow muted column, values taking the rest (stacked when narrow). */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm @xs:grid-cols-[6.5rem_minmax(0,1fr)]">
      {children}
    </dl>
  );
}

/** One row of a FieldList. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted text-xs leading-5 @xs:leading-5">{label}</dt>
      <dd className="min-w-0 leading-5 break-words @max-xs:mb-1">{children}</dd>
    </>
  );
}

/** Muted text for an absent value ("no key found", "nothing presented"). */
export function Absent({ children }: { children: ReactNode }) {
  return <span className="text-muted italic">{children}</span>;
}
