/**
 * The sort control of the card layout, where there are no column headers to click: one select
 * offering each sort key in both directions.
 */
import type { CertificateSort, CertificateSortKey, SortDirection } from "./sort-certificates";

const OPTIONS: { key: CertificateSortKey; direction: SortDirection; label: string }[] = [
  { key: "expiry", direction: "ascending", label: "Expiry, soonest first" },
  { key: "expiry", direction: "descending", label: "Expiry, latest first" },
  { key: "path", direction: "ascending", label: "Path, A–Z" },
  { key: "path", direction: "descending", label: "Path, Z–A" },
  { key: "subject", direction: "ascending", label: "Subject, A–Z" },
  { key: "subject", direction: "descending", label: "Subject, Z–A" },
];

export function SortSelect({
  sort,
  onChange,
}: {
  sort: CertificateSort;
  onChange: (sort: CertificateSort) => void;
}) {
  return (
    <label className="shrink-0">
      <span className="sr-only">Sort certificates</span>
      <select
        value={`${sort.key}:${sort.direction}`}
        onChange={(event) => {
          const option = OPTIONS.find(
            (candidate) => `${candidate.key}:${candidate.direction}` === event.target.value,
          );
          if (option) onChange({ key: option.key, direction: option.direction });
        }}
        className="border-line bg-canvas h-8 rounded-md border px-2 text-sm"
      >
        {OPTIONS.map((option) => (
          <option key={`${option.key}:${option.direction}`} value={`${option.key}:${option.direction}`}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
