/**
 * Why the files are what the relationship says they are: each fact an end rests on, and where it
 * came from — a flag or config field (configured), a recognised installer's fixed layout
 * (convention), or a file's name or content alone (guess, which leaves the relationship unknown).
 */
import type { Evidence, EvidenceSource } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { InputText } from "@/components/shared/input-text";
import { DetailSection } from "./detail-section";
import { ShowMoreList } from "./show-more-list";

const SOURCE_LABEL: Record<EvidenceSource, string> = {
  configured: "configured",
  convention: "layout convention",
  guess: "guess",
};

const SOURCE_STYLE: Record<EvidenceSource, string> = {
  configured: "bg-ok-soft",
  convention: "bg-raised",
  guess: "bg-unknown-soft",
};

/** Facts drawn before "Show N more": a kubeconfig each, an apiserver's clients run to dozens. */
const SHOWN = 5;

export function EvidenceList({ evidence }: { evidence: readonly Evidence[] }) {
  if (evidence.length === 0) return null;
  // A guess first: it is why the relationship is unknown.
  const ordered = [
    ...evidence.filter((item) => item.source === "guess"),
    ...evidence.filter((item) => item.source !== "guess"),
  ];
  return (
    <DetailSection title="Why these files" count={evidence.length}>
      <div className="flex flex-col gap-2" data-testid={testIds.evidenceList}>
        <ShowMoreList
          items={ordered}
          limit={SHOWN}
          noun="fact"
          keyOf={(item) => `${item.fact}|${item.from}`}
          render={(item) => (
            <div
              className={`${SOURCE_STYLE[item.source]} mx-2 mb-2 rounded-md px-3 py-2 text-sm`}
              data-evidence-source={item.source}
            >
              <p className="wrap-anywhere">
                <InputText text={item.fact} dir="ltr" />
              </p>
              <p className="text-muted mt-1 text-xs wrap-anywhere">
                <span className="font-semibold">{SOURCE_LABEL[item.source]}</span>
                {" · "}
                <InputText text={item.from} dir="ltr" />
              </p>
            </div>
          )}
        />
      </div>
    </DetailSection>
  );
}
