"use client";
/**
 * "Paste an error" in the detail panel: the person pastes an x509/TLS error, a log line or a
 * certificate alert, and the answer names the certificates of the drop that fit, why, and lights
 * the matching edges and files in the graph (the selection carries the text; see selection.ts).
 * When nothing fits it says so, and where to look next.
 */
import { useId, useState } from "react";
import type { LinkProps } from "@/components/detail/detail-links";
import { CertificateLink, RelationshipLink } from "@/components/detail/detail-links";
import { DetailSection } from "@/components/detail/detail-section";
import { InputText } from "@/components/shared/input-text";
import { testIds } from "@/components/test-ids";
import type { ExplainAnswer } from "@/lib/explain/answer";
import { explainAnswerFor } from "./explain-answer";

const BUTTON =
  "border-line hover:bg-raised rounded-md border px-2.5 py-1 text-xs font-medium disabled:opacity-50";

const EXAMPLES = [
  "KubeClientCertificateExpiration",
  'x509: certificate signed by unknown authority (possibly because of "crypto/rsa: verification error" while trying to verify candidate authority certificate "kubernetes")',
] as const;

const VERDICT_LINE = {
  explained: "In this drop",
  "no-match": "Nothing in the drop matches",
  unrecognised: "Not a recognised error",
} as const;

function Answer({ answer, ...links }: LinkProps & { answer: ExplainAnswer }) {
  const { report } = links;
  const byId = new Map(report.certificates.map((certificate) => [certificate.id, certificate]));
  const relationships = answer.relationships
    .map((key) => report.relationships.find((relationship) => relationship.key === key))
    .filter((relationship) => relationship !== undefined);
  return (
    <div
      data-testid={testIds.explainAnswer}
      data-verdict={answer.verdict}
      className="flex flex-col gap-4 text-sm"
      aria-live="polite"
    >
      <div className="flex flex-col gap-1">
        <p
          className={`text-xs font-semibold ${answer.verdict === "explained" ? "text-accent" : "text-warning"}`}
        >
          {VERDICT_LINE[answer.verdict]}
        </p>
        <p className="wrap-anywhere">
          <InputText text={answer.why.replace(/^nothing in the drop matches: /, "")} />
        </p>
      </div>
      {answer.certificates.length > 0 ? (
        <DetailSection title="Certificates, best fit first" count={answer.certificates.length}>
          <ul className="flex flex-col gap-2">
            {answer.certificates.map((candidate) => {
              const certificate = byId.get(candidate.certificateId);
              return certificate ? (
                <li
                  key={candidate.certificateId}
                  data-explain-certificate={candidate.path}
                  className="flex flex-col"
                >
                  <CertificateLink {...links} certificate={certificate} />
                  {candidate.why === answer.why ? null : (
                    <p className="text-muted px-2 text-xs wrap-anywhere">
                      <InputText text={candidate.why} />
                    </p>
                  )}
                </li>
              ) : null;
            })}
          </ul>
          {answer.omitted ? <p className="text-muted text-xs">… and {answer.omitted} more.</p> : null}
        </DetailSection>
      ) : null}
      {relationships.length > 0 ? (
        <DetailSection title="Relationships" count={relationships.length}>
          <ul className="flex flex-col">
            {relationships.map((relationship) => (
              <li key={relationship.key}>
                <RelationshipLink {...links} relationship={relationship} />
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}
      {answer.patterns.length > 0 || answer.alert ? (
        <DetailSection title="Recognised">
          <ul className="text-muted flex flex-col gap-1 text-xs">
            {answer.alert ? (
              <li>
                {answer.alert.name}: {answer.alert.metric} below {answer.alert.windowSeconds / 86_400} days
                {answer.alert.node ? (
                  <>
                    , node <InputText text={answer.alert.node} />
                  </>
                ) : null}
              </li>
            ) : null}
            {answer.patterns.map((pattern) => (
              <li key={pattern.id}>
                {pattern.title}{" "}
                <span className="font-mono">
                  ({pattern.source.project} {pattern.source.file})
                </span>
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}
      {answer.next.length > 0 ? (
        <DetailSection title="Where to look next">
          <ul className="flex list-disc flex-col gap-1 pl-4 text-xs">
            {answer.next.map((line) => (
              <li key={line} className="wrap-anywhere">
                <InputText text={line} />
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}
      {answer.truncated ? (
        <p className="text-muted text-xs">Only the first 64 KiB of the text was read.</p>
      ) : null}
    </div>
  );
}

/** The text box and its buttons; starts from the text last explained. */
function ExplainForm({ text, onExplain }: { text: string; onExplain: (text: string) => void }) {
  const [draft, setDraft] = useState(text);
  const explain = onExplain;
  const inputId = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        explain(draft);
      }}
    >
      <label className="text-muted text-xs font-medium" htmlFor={inputId}>
        Error, log line or alert
      </label>
      <textarea
        id={inputId}
        data-testid={testIds.explainInput}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={5}
        spellCheck={false}
        className="border-line bg-surface rounded-md border px-2 py-1.5 font-mono text-xs"
        placeholder="x509: certificate has expired or is not yet valid: current time … is after …"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="submit"
          data-testid={testIds.explainRun}
          className={BUTTON}
          disabled={draft.trim() === ""}
        >
          Explain
        </button>
        <span className="text-muted text-xs">Try:</span>
        {EXAMPLES.map((example) => (
          <button
            key={example}
            type="button"
            className="text-accent max-w-48 truncate text-xs underline-offset-2 hover:underline"
            title={example}
            onClick={() => {
              setDraft(example);
              explain(example);
            }}
          >
            {example}
          </button>
        ))}
      </div>
    </form>
  );
}

/** The panel: a text box, the Explain button, and the answer for the text last explained. */
export function ExplainPanel({ text, ...links }: LinkProps & { text: string }) {
  const answer = explainAnswerFor(links.report, text);
  return (
    <div data-testid={testIds.explain} className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">Which certificate does this error mean?</h2>
        <p className="text-muted text-xs">
          Paste an x509 or TLS error, a log line (kubectl, the kubelet, etcd, kubeadm, kube-apiserver) or a
          certificate alert. It is matched against this report only; nothing leaves the page.
        </p>
      </header>
      {/* Keyed by the text: the side panel and the bottom sheet both show the text last explained. */}
      <ExplainForm
        key={text}
        text={text}
        onExplain={(value) => links.onSelect({ kind: "explain", text: value })}
      />
      {answer ? <Answer {...links} answer={answer} /> : null}
    </div>
  );
}
