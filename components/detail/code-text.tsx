/**
 * Prose from a finding with its backtick spans set as code, so commands and flags in a detail or
 * a fix stand out and can be selected exactly.
 */
import { splitCodeSpans } from "./split-code-spans";

export function CodeText({
  text,
  codeClassName = "bg-raised text-fg",
}: {
  text: string;
  codeClassName?: string;
}) {
  return (
    <>
      {splitCodeSpans(text).map((segment, index) =>
        segment.code ? (
          <code key={index} className={`rounded px-1 py-px font-mono text-[0.92em] ${codeClassName}`}>
            {segment.text}
          </code>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
