/**
 * The recognised layout, version and node count in the summary bar, with what gave the layout away
 * one press (or a hover) away: a native disclosure, so it works by keyboard without any script.
 */
import type { Report } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { clusterSummary } from "./cluster-summary";
import { InputText } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";

export function LayoutFacts({ report }: { report: Report }) {
  const { text, evidence, title } = clusterSummary(report);
  if (!text) return null;
  if (evidence.length === 0)
    return (
      <span data-testid={testIds.layoutLabel} className="text-xs font-medium">
        <InputText text={text} dir="ltr" />
      </span>
    );
  return (
    <details className="group relative text-xs">
      <summary
        title={title === undefined ? undefined : inertText(title)}
        data-testid={testIds.layoutLabel}
        className="hover:bg-raised focus-visible:ring-accent inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-1.5 py-0.5 font-medium outline-none focus-visible:ring-2 [&::-webkit-details-marker]:hidden"
      >
        <InputText text={text} dir="ltr" />
        <span aria-hidden className="text-muted transition-transform group-open:rotate-180">
          ▾
        </span>
        <span className="sr-only">: what named the layout</span>
      </summary>
      <div className="border-line bg-surface absolute top-full left-0 z-20 mt-1 w-max max-w-[min(22rem,80vw)] rounded-lg border px-3 py-2 shadow-lg">
        <p className="text-muted mb-1">Recognised from</p>
        <ul data-testid={testIds.layoutEvidence} className="flex list-disc flex-col gap-0.5 pl-4">
          {evidence.map((item) => (
            <li key={item} className="wrap-anywhere">
              <InputText text={item} dir="ltr" />
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
