/**
 * What the server of a relationship really served (an `openssl s_client` capture or the collector's
 * --served files), beside the certificate its configuration names on disk: "served = on disk", or
 * the served certificate's own dates, which are the ones that count until the process restarts.
 */
import type { Report, ReportRelationship, ReportServedChain } from "@/lib/report";
import { testIds } from "@/components/test-ids";
import { InputText } from "@/components/shared/input-text";
import { DetailSection, Field, FieldList } from "./detail-section";

function day(iso: string): string {
  return iso.slice(0, 10);
}

function Verdict({ served }: { served: ReportServedChain }) {
  if (served.sameAsDisk === true)
    return <p className="bg-ok-soft rounded-md px-3 py-2 text-sm font-medium">served = on disk</p>;
  if (served.sameAsDisk === false)
    return (
      <p className="bg-warning-soft rounded-md px-3 py-2 text-sm font-medium">
        served ≠ on disk: the process still serves another certificate (restart it to load the file)
      </p>
    );
  return <p className="bg-raised rounded-md px-3 py-2 text-sm">no configured file to compare it with</p>;
}

export function ServedChain({ report, relationship }: { report: Report; relationship: ReportRelationship }) {
  const served = relationship.served;
  if (!served) return null;
  const diskId = relationship.serverEnd.presents?.certificateId;
  const disk = report.certificates.find((certificate) => certificate.id === diskId);
  return (
    <DetailSection title="What runs">
      <div data-testid={testIds.servedChain} className="flex flex-col gap-2">
        <Verdict served={served} />
        {served.trusted === false && (
          <p className="bg-error-soft rounded-md px-3 py-2 text-sm">
            The served chain does not verify with the CA its clients are configured with.
          </p>
        )}
        <FieldList>
          <Field label="read at">
            <span className="font-mono text-xs wrap-anywhere">
              <InputText text={served.address} dir="ltr" />
            </span>
            {served.observedAt && (
              <span className="text-muted text-xs whitespace-nowrap"> · {served.observedAt}</span>
            )}
          </Field>
          <Field label="from">
            <span className="font-mono text-xs wrap-anywhere">
              <InputText text={served.source} dir="ltr" />
            </span>
          </Field>
          {served.leaf && (
            <Field label="served">
              <InputText text={served.leaf.subject} dir="ltr" />
              <span className="text-muted text-xs">
                {" "}
                · serial <InputText text={served.leaf.serial} dir="ltr" /> ·{" "}
                <span className="whitespace-nowrap">valid until {day(served.leaf.notAfter)}</span>
              </span>
            </Field>
          )}
          {disk && served.sameAsDisk === false && (
            <Field label="on disk">
              <InputText text={disk.subject} dir="ltr" />
              <span className="text-muted text-xs">
                {" "}
                · serial <InputText text={disk.serial} dir="ltr" /> ·{" "}
                <span className="whitespace-nowrap">valid until {day(disk.notAfter)}</span>
              </span>
            </Field>
          )}
          {served.because && (
            <Field label="matched by">
              <span className="text-xs wrap-break-word">
                <InputText text={served.because} dir="ltr" />
              </span>
            </Field>
          )}
        </FieldList>
      </div>
    </DetailSection>
  );
}
