/**
 * The lessons' words for the files they quote, fitted to what is shown: a person's own drop keeps
 * "In the files you dropped", the bundled demo speaks of the demo cluster's files and a break-it
 * scenario of the scenario's. Only the lessons' own words change (text and "missing" segments); a
 * value or code quoted from the input is never touched.
 */
import { FILES_WORDS, type FilesOrigin } from "./lessons";
import type { Paragraph, Segment } from "./segments";

/** `said` in the words for `origin` (unchanged for a drop). */
export function filesWords(said: string, origin: FilesOrigin): string {
  if (origin === "drop") return said;
  let out = said;
  for (const [drop, shown] of FILES_WORDS[origin]) out = out.replaceAll(drop, shown);
  return out;
}

/** `paragraph` as told of `origin`'s files: the same paragraph object for a drop. */
export function speakOf(paragraph: Paragraph, origin: FilesOrigin): Paragraph {
  if (origin === "drop") return paragraph;
  return paragraph.map((segment): Segment =>
    segment.kind === "text" || segment.kind === "missing"
      ? { ...segment, text: filesWords(segment.text, origin) }
      : segment,
  );
}
