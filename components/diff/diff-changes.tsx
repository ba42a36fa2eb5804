"use client";
/**
 * The changes between the shown drop and an earlier snapshot, as a list: regressions first (what
 * did not rotate, relationships that got worse, new errors), then each certificate that changed,
 * bundles, relationships and findings. Every name from the input goes through `<InputText>`.
 */
import type { CertificateChange, ReportDiff } from "@/lib/diff/diff-types";
import { KIND_WORDS } from "@/lib/format/diff-table";
import { InputText } from "@/components/shared/input-text";
import { testIds } from "@/components/test-ids";

const day = (iso: string) => iso.slice(0, 10);

function ChangeRow({ change }: { change: CertificateChange }) {
  const subject = change.new?.subject ?? change.old?.subject ?? "";
  const until =
    change.old && change.new
      ? `${day(change.old.notAfter)} → ${day(change.new.notAfter)}`
      : day((change.new ?? change.old)?.notAfter ?? "");
  return (
    <li data-diff-kind={change.kind} className="border-line border-t py-1.5 first:border-t-0">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={`text-xs font-semibold ${change.kind === "rotated" || change.kind === "disappeared" ? "text-warning" : "text-accent"}`}
        >
          {KIND_WORDS[change.kind]}
        </span>
        <span className="min-w-0 font-mono text-xs break-all">
          <InputText text={change.paths[0] ?? ""} dir="ltr" breakAtSeparators />
          {change.paths.length > 1 ? ` (+${change.paths.length - 1})` : ""}
        </span>
      </div>
      <div className="text-muted text-xs">
        <InputText text={subject} dir="ltr" /> · until {until}
        {change.identity ? (
          <>
            {" "}
            · identity was <InputText text={change.identity.old} dir="ltr" />
          </>
        ) : null}
        {change.sans ? (
          <>
            {" "}
            · SANs{" "}
            <InputText
              text={[
                ...change.sans.added.map((s) => `+${s}`),
                ...change.sans.removed.map((s) => `−${s}`),
              ].join(" ")}
              dir="ltr"
            />
          </>
        ) : null}
        {change.movedFrom ? (
          <>
            {" "}
            · moved from <InputText text={change.movedFrom[0] ?? ""} dir="ltr" />
          </>
        ) : null}
      </div>
    </li>
  );
}

export function DiffChanges({ diff }: { diff: ReportDiff }) {
  const regressed = diff.edges.filter((edge) => edge.regressed);
  const newErrors = diff.findings.appeared.filter((finding) => finding.severity === "error");
  const { summary } = diff;
  return (
    <div data-testid={testIds.diffChanges} className="space-y-3 text-sm">
      <p className="text-muted text-xs">
        Earlier snapshot judged at {diff.old.now} ({diff.old.source}); this one at {diff.new.now} (
        {diff.new.source}). Both hold <InputText text={diff.sharedCAs.join(", ")} dir="ltr" />.
      </p>
      <p>
        {summary.renewed + summary.reKeyed + summary.reissued} renewed ({summary.reKeyed} with a new key),{" "}
        {summary.rotated} rotated, {summary.appeared} appeared, {summary.disappeared} disappeared,{" "}
        {summary.unchanged} unchanged;{" "}
        <strong className={summary.regressions > 0 ? "text-error" : ""}>
          {summary.regressions} regression{summary.regressions === 1 ? "" : "s"}
        </strong>
      </p>
      {diff.missedRotations.length + regressed.length + newErrors.length > 0 ? (
        <section aria-label="Regressions">
          <h3 className="text-error text-sm font-semibold">Regressions</h3>
          <ul className="space-y-1">
            {diff.missedRotations.map((missed) => (
              <li key={`${missed.why}:${missed.paths.join()}`} data-diff-missed={missed.why}>
                <strong>Did not rotate:</strong> <InputText text={missed.detail} />
              </li>
            ))}
            {regressed.map((edge) => (
              <li key={edge.key} data-diff-edge={edge.key}>
                <strong>Worse:</strong> <InputText text={edge.key} dir="ltr" /> {edge.old ?? "absent"} →{" "}
                {edge.new ?? "absent"}
              </li>
            ))}
            {newErrors.map((finding, index) => (
              <li key={`${finding.code}:${index}`}>
                <strong>New error</strong> {finding.code}: <InputText text={finding.title} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Certificates that changed">
        <h3 className="text-sm font-semibold">Certificates</h3>
        {diff.certificates.length === 0 ? (
          <p className="text-muted">None changed.</p>
        ) : (
          <ul>
            {diff.certificates.map((change) => (
              <ChangeRow key={`${change.kind}:${change.paths.join()}`} change={change} />
            ))}
          </ul>
        )}
      </section>
      {diff.findings.resolved.length > 0 ? (
        <section aria-label="Resolved findings">
          <h3 className="text-sm font-semibold">Resolved</h3>
          <ul>
            {diff.findings.resolved.map((finding, index) => (
              <li key={`${finding.code}:${index}`}>
                {finding.code}: <InputText text={finding.title} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
