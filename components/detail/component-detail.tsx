/**
 * A component explained: what it is, the findings of its relationships first (why its box or edges
 * are red), where its configuration was read from, and the relationships it takes part in as client
 * and as server, each one click away.
 */
import type { ReportComponent } from "@/lib/report";
import { componentName } from "@/lib/format/report-view";
import { DetailSection } from "./detail-section";
import { RelationshipLinks, type LinkProps } from "./detail-links";
import { componentRelationships } from "./report-links";
import { BreakText } from "./break-text";
import { Verdict } from "./verdict";
import { componentFindings } from "./verdict-findings";
import { InputText } from "@/components/shared/input-text";

/** Finding cards drawn at the top; a control plane's server may carry a dozen. */
const VERDICT_LIMIT = 3;

export function ComponentDetail({ component, ...links }: LinkProps & { component: ReportComponent }) {
  const { asClient, asServer } = componentRelationships(links.report, component.id);
  const findings = componentFindings(links.report, component.id);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">
          <InputText text={componentName(links.report, component.id)} />
        </h2>
        <p className="text-muted text-xs">
          <span className="font-mono">{component.kind}</span>
          {component.node && (
            <>
              {" · node "}
              <span className="font-mono">
                <InputText text={component.node} />
              </span>
            </>
          )}
          {" · id "}
          <span className="font-mono">
            <InputText text={component.id} dir="ltr" />
          </span>
        </p>
      </header>
      <Verdict findings={findings} limit={VERDICT_LIMIT} more="in its relationships below" />
      <DetailSection title="Read from" count={component.sources.length}>
        {component.sources.length === 0 ? (
          <p className="text-muted text-sm">
            No file of its own in the input; known from the other components’ configuration.
          </p>
        ) : (
          <ul className="flex flex-col gap-0.5 font-mono text-xs wrap-anywhere">
            {component.sources.map((source) => (
              <li key={source}>
                <BreakText text={source} />
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title="As client" count={asClient.length}>
        <RelationshipLinks
          {...links}
          relationships={asClient}
          empty="Connects to nothing that was modelled."
        />
      </DetailSection>
      <DetailSection title="As server" count={asServer.length}>
        <RelationshipLinks {...links} relationships={asServer} empty="Nothing connects to it." />
      </DetailSection>
    </div>
  );
}
