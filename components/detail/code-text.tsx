/**
 * Prose from a finding with its backtick spans set as code, so commands and flags in a detail or
 * a fix stand out and can be selected exactly. The sentence quotes the input (subjects, paths), so
 * it is isolated left to right as our words read, and every hidden character in it — in the prose
 * or in a code span — is shown as a chip, never left in the page to turn the words around.
 */
import { InputPieces } from "@/components/shared/input-text";
import { splitCodeSpans } from "./split-code-spans";

export function CodeText({
  text,
  codeClassName = "bg-raised text-fg",
}: {
  text: string;
  codeClassName?: string;
}) {
  return (
    <bdi dir="ltr">
      {splitCodeSpans(text).map((segment, index) =>
        segment.code ? (
          <code key={index} className={`rounded px-1 py-px font-mono text-[0.92em] ${codeClassName}`}>
            <InputPieces text={segment.text} />
          </code>
        ) : (
          <span key={index}>
            <InputPieces text={segment.text} />
          </span>
        ),
      )}
    </bdi>
  );
}
