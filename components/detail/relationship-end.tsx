/**
 * One side of a relationship: what it presents to the other side and the CA bundle it verifies the
 * other side with. The relationship view shows the client's and the server's side by side.
 */
import type { RelationshipEnd as End } from "@/lib/report";
import { commonName } from "@/lib/format/common-name";
import { CredentialFields } from "./credential-fields";
import { Absent } from "./detail-section";
import { ComponentLink, type LinkProps } from "./detail-links";
import { hoverProps } from "./hover-props";
import { anchorForCertificate } from "./report-links";
import { BreakText } from "./break-text";
import { InputText } from "@/components/shared/input-text";

export function RelationshipEnd({
  side,
  end,
  inputsMissing,
  ...links
}: LinkProps & {
  side: "client" | "server";
  end: End;
  /** The relationship lacks inputs, so an absent credential may be one that was not found. */
  inputsMissing: boolean;
}) {
  const { report, onSelect, onHover } = links;
  const other = side === "client" ? "server" : "client";
  return (
    <section className="border-line @container flex min-w-0 flex-col gap-3 rounded-md border p-3">
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-semibold">{side === "client" ? "Client presents" : "Server presents"}</h3>
        <div className="-mx-2">
          <ComponentLink {...links} componentId={end.component} />
        </div>
      </div>
      {end.presents ? (
        <CredentialFields {...links} credential={end.presents} />
      ) : (
        <p className="text-sm">
          <Absent>
            {inputsMissing
              ? "Nothing found — see the missing inputs below."
              : `Presents nothing to the ${other} here.`}
          </Absent>
        </p>
      )}
      <div className="border-line flex flex-col gap-1.5 border-t pt-3">
        <h4 className="text-muted text-xs font-medium">Verifies the {other} with</h4>
        {end.verifiesWith ? (
          <>
            <p className="font-mono text-xs wrap-anywhere">
              <BreakText text={end.verifiesWith.source} />
            </p>
            <ul className="flex flex-col gap-1">
              {end.verifiesWith.certificateIds.map((id) => {
                const certificate = report.certificates.find((candidate) => candidate.id === id);
                const anchor = anchorForCertificate(report, id);
                const selection = anchor
                  ? ({ kind: "anchor", id: anchor.id } as const)
                  : ({ kind: "certificate", id } as const);
                return (
                  <li key={id}>
                    <button
                      type="button"
                      onClick={() => onSelect(selection)}
                      {...hoverProps(onHover, selection)}
                      className="text-accent text-left text-xs hover:underline"
                    >
                      <span className="font-mono">
                        <InputText text={certificate ? certificate.subject : id} />
                      </span>
                      {anchor && (
                        <span className="text-muted">
                          {" "}
                          · <InputText text={anchor.name} />
                        </span>
                      )}
                      {!anchor && certificate && (
                        <span className="text-muted">
                          {" "}
                          · <InputText text={commonName(certificate.issuer)} />
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
              {end.verifiesWith.certificateIds.length === 0 && (
                <li className="text-sm">
                  <Absent>no CA certificate in this bundle</Absent>
                </li>
              )}
            </ul>
          </>
        ) : (
          <p className="text-sm">
            <Absent>no CA bundle for this direction</Absent>
          </p>
        )}
      </div>
    </section>
  );
}
