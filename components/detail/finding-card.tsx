/**
 * A finding in full: severity, code, title, what was seen in the person's own files, the files, and
 * the fix with a copy button. Used at the top of the panel (the verdict, fix before explanation)
 * and for a selected finding.
 */
import type { Finding } from "@/lib/report";
import { CodeText } from "./code-text";
import { FixBlock } from "./fix-block";
import { SeverityBadge } from "./status-badge";
import { BreakText } from "./break-text";

const BORDER = { error: "border-l-error", warning: "border-l-warning", info: "border-l-accent" } as const;

export function FindingCard({
  finding,
  headingLevel = 4,
  fixFirst = false,
}: {
  finding: Finding;
  /** Heading level of the title, so the card fits the outline of the view it sits in. */
  headingLevel?: 2 | 3 | 4;
  /** Title, files and fix before the explanation: the verdict at the top of a panel, read at a glance. */
  fixFirst?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const detail = (
    <p className="text-fg/90 text-sm leading-relaxed wrap-break-word">
      <CodeText text={finding.detail} />
    </p>
  );
  return (
    <article
      className={`border-line bg-surface flex flex-col gap-2 rounded-md border border-l-[3px] p-3 ${BORDER[finding.severity]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <code className="text-muted font-mono text-xs">{finding.code}</code>
      </div>
      <Heading
        className={`wrap-break-word ${headingLevel === 2 ? "text-base font-semibold" : "text-sm font-semibold"}`}
      >
        <CodeText text={finding.title} />
      </Heading>
      {!fixFirst && detail}
      {finding.files.length > 0 && (
        <ul className="text-muted flex flex-col gap-0.5 font-mono text-xs wrap-anywhere" aria-label="Files">
          {finding.files.map((file) => (
            <li key={file}>
              <BreakText text={file} />
            </li>
          ))}
        </ul>
      )}
      {finding.fix && <FixBlock fix={finding.fix} />}
      {fixFirst && detail}
    </article>
  );
}
