/**
 * Keys read as public halves (`inputs.publicHalves`, a collection that copied no private key) in
 * the summary bar, beside the layout: how many, and one press away what that means and which files
 * they were. Not a warning — key pairing was checked on those public keys — but said, so nobody
 * takes the verdict for one on the private keys themselves.
 */
import type { Report } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { InputText } from "@/components/shared/input-text";
import { publicHalvesMeaning } from "@/lib/format/public-halves-note";

export function PublicHalvesFacts({ report }: { report: Report }) {
  const halves = report.inputs.publicHalves ?? [];
  if (halves.length === 0) return null;
  const count = halves.length === 1 ? "1 key was a public half" : `${halves.length} keys were public halves`;
  return (
    <details className="group relative text-xs">
      <summary
        data-testid={testIds.publicHalves}
        className="text-muted hover:bg-raised focus-visible:ring-accent inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-1.5 py-0.5 outline-none focus-visible:ring-2 [&::-webkit-details-marker]:hidden"
      >
        {count}
        <span aria-hidden className="transition-transform group-open:rotate-180">
          ▾
        </span>
        <span className="sr-only">: what that means, and which files</span>
      </summary>
      <div className="border-line bg-surface absolute top-full left-0 z-20 mt-1 w-max max-w-[min(26rem,80vw)] rounded-lg border px-3 py-2 shadow-lg">
        <p className="mb-1">
          Collected with <code>--public-keys-only</code>: {publicHalvesMeaning(halves.length)}.
        </p>
        {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
        <ul
          data-testid={testIds.publicHalvesList}
          tabIndex={0}
          aria-label="Keys read as public halves"
          className="focus-visible:ring-accent flex max-h-48 list-disc flex-col gap-0.5 overflow-y-auto pl-4 font-mono outline-none focus-visible:ring-2"
        >
          {halves.map((path) => (
            <li key={path} className="wrap-anywhere">
              <InputText text={path} dir="ltr" breakAtSeparators />
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
