/**
 * A relationship explained: who talks to whom and its status, then the verdict — the findings that
 * make it red or amber, with their files and fixes — then the evidence: what each side presents and
 * verifies the other with, why those files (configured, convention or guess), the chain checks, the identity the authorizer sees, what was missing.
 */
import type { ReportRelationship, TrustAnchor } from "@/lib/report";
import { relationshipFindings } from "@/lib/format/report-view";
import { ChainList } from "./chain-list";
import { DetailSection } from "./detail-section";
import { EvidenceList } from "./evidence-list";
import { type LinkProps } from "./detail-links";
import { InstanceList } from "./instance-list";
import { missingHint } from "./missing-hint";
import { RelationshipEnd } from "./relationship-end";
import { ServedChain } from "./served-chain";
import { hoverProps } from "./hover-props";
import { BreakText } from "./break-text";
import { keyPairsCarrying, relationshipTitle } from "./report-links";
import { StatusBadge } from "./status-badge";
import { Verdict } from "./verdict";
import { InputText } from "@/components/shared/input-text";

/** For a relationship carried by a key pair rather than certificates: the key pair, one click away. */
function KeyPairNote({ anchors, ...links }: LinkProps & { anchors: TrustAnchor[] }) {
  return (
    <div className="border-line flex flex-col gap-2 rounded-md border p-3 text-sm">
      <p className="text-muted">No certificate changes hands here: the two sides share a key pair.</p>
      {anchors.map((anchor) => (
        <button
          key={anchor.id}
          type="button"
          onClick={() => links.onSelect({ kind: "anchor", id: anchor.id })}
          {...hoverProps(links.onHover, { kind: "anchor", id: anchor.id })}
          className="flex flex-col items-start text-left"
        >
          <span className="text-accent hover:underline">
            <InputText text={anchor.name} />
          </span>
          {anchor.paths.map((path) => (
            <span key={path} className="text-muted font-mono text-xs wrap-anywhere">
              <BreakText text={path} />
            </span>
          ))}
        </button>
      ))}
    </div>
  );
}

export function RelationshipDetail({
  relationship,
  ...links
}: LinkProps & { relationship: ReportRelationship }) {
  const { report } = links;
  const findings = relationshipFindings(report, relationship);
  const inputsMissing = relationship.missing.length > 0;
  const keyPairs = keyPairsCarrying(report, relationship);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono text-base font-semibold wrap-anywhere">
            <InputText text={relationship.key} dir="ltr" />
          </h2>
          <StatusBadge status={relationship.status} />
          {!relationship.primary && <span className="text-muted text-xs">secondary</span>}
        </div>
        <p className="text-sm font-medium">
          <InputText text={relationshipTitle(report, relationship)} dir="ltr" />
        </p>
        <p className="text-muted text-sm leading-relaxed wrap-break-word">
          <InputText text={relationship.summary} dir="ltr" />
        </p>
      </header>

      <Verdict findings={findings} />

      <InstanceList {...links} relationship={relationship} />

      {keyPairs.length === 0 ? (
        <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-2">
          <RelationshipEnd
            {...links}
            side="client"
            end={relationship.clientEnd}
            inputsMissing={inputsMissing}
          />
          <RelationshipEnd
            {...links}
            side="server"
            end={relationship.serverEnd}
            inputsMissing={inputsMissing}
          />
        </div>
      ) : (
        <KeyPairNote {...links} anchors={keyPairs} />
      )}

      <ServedChain report={report} relationship={relationship} />

      <EvidenceList evidence={relationship.evidence ?? []} />

      {relationship.chains.length > 0 && (
        <DetailSection title="Chains" count={relationship.chains.length}>
          <ChainList {...links} chains={relationship.chains} />
        </DetailSection>
      )}

      {relationship.identity && (
        <DetailSection title="Identity the authorizer sees">
          <div className="flex flex-col gap-1.5 text-sm">
            <p>
              <span className="text-muted text-xs">user </span>
              <code className="font-mono text-xs wrap-anywhere">
                <InputText text={relationship.identity.user} />
              </code>
            </p>
            <p className="flex flex-wrap items-center gap-1">
              <span className="text-muted text-xs">groups </span>
              {relationship.identity.groups.length === 0 ? (
                <span className="text-muted text-xs italic">none</span>
              ) : (
                relationship.identity.groups.map((group) => (
                  <code key={group} className="bg-raised rounded px-1.5 py-px font-mono text-xs">
                    <InputText text={group} />
                  </code>
                ))
              )}
            </p>
          </div>
        </DetailSection>
      )}

      {relationship.missing.length > 0 && (
        <DetailSection title="Missing inputs" count={relationship.missing.length}>
          <ul className="flex flex-col gap-2">
            {relationship.missing.map((missing) => {
              const hint = missingHint(missing);
              return (
                <li key={missing} className="bg-unknown-soft rounded-md px-3 py-2 text-sm">
                  <p className="font-mono text-xs break-words">
                    <InputText text={missing} dir="ltr" />
                  </p>
                  {hint && (
                    <p className="text-muted mt-1 text-xs">
                      <InputText text={hint} dir="ltr" />
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </DetailSection>
      )}

      {findings.length === 0 && (
        <DetailSection title="Findings" count={0}>
          <p className="text-muted text-sm">
            {relationship.status === "unknown"
              ? "None — but this relationship could not be fully checked."
              : "None."}
          </p>
        </DetailSection>
      )}
    </div>
  );
}
