/**
 * Lesson text as the teaching library writes it: plain words, code (flags, fields, file names), real
 * values quoted from the drop (marked, with the file they came from on hover) and what the drop
 * lacks (said plainly, never left blank). What the drop says is shown as it is: every bidi control or
 * invisible character in it is a marked chip (see InputText), never left to turn the words around.
 */
import { useContext } from "react";
import type { Paragraph } from "@/lib/teach/segments";
import { InputPieces } from "@/components/shared/input-text";
import { inertText } from "@/lib/format/inert-text";
import { speakOf } from "@/lib/teach/files-origin";
import { FilesOriginContext } from "./files-origin-context";

export function ParagraphView({ paragraph }: { paragraph: Paragraph }) {
  // The demo and a scenario are not the person's own files: the lessons say whose they are.
  const origin = useContext(FilesOriginContext);
  return (
    <p className="leading-relaxed break-words">
      {speakOf(paragraph, origin).map((segment, index) => {
        switch (segment.kind) {
          case "text":
            return (
              <span key={index}>
                <InputPieces text={segment.text} />
              </span>
            );
          case "code":
            return (
              <code key={index} className="bg-raised rounded px-1 py-px font-mono text-[0.92em]">
                <InputPieces text={segment.text} />
              </code>
            );
          case "value":
            return (
              <bdi
                key={index}
                title={segment.source ? `from ${inertText(segment.source)}` : undefined}
                data-value=""
                className="text-accent font-mono text-[0.92em] font-medium"
              >
                <InputPieces text={segment.text} />
              </bdi>
            );
          case "missing":
            return (
              <span key={index} data-missing="" className="text-warning italic">
                <InputPieces text={segment.text} />
              </span>
            );
        }
      })}
    </p>
  );
}

/** Several paragraphs, spaced. */
export function ParagraphsView({ paragraphs }: { paragraphs: readonly Paragraph[] }) {
  return (
    <div className="flex flex-col gap-2">
      {paragraphs.map((paragraph, index) => (
        <ParagraphView key={index} paragraph={paragraph} />
      ))}
    </div>
  );
}
