import { describe, expect, it } from "vitest";
import { reportFor } from "../test-support/fixtures";
import { filesWords, speakOf } from "./files-origin";
import { flows } from "./flows";
import { handshake } from "./handshake";
import { FLOWS, HANDSHAKE, PHRASES, RELATIONSHIP_LESSONS } from "./lessons";
import { missingSegment, text, value, type Paragraph } from "./segments";
import { tourSteps } from "./tour";

/** Words that speak of a person's own drop. */
const OWN_DROP = /you dropped|your files/i;

function strings(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  if (Array.isArray(tree)) return tree.flatMap(strings);
  if (tree && typeof tree === "object") return Object.values(tree).flatMap(strings);
  return [];
}

/** The lessons' words (text and missing segments) of some paragraphs. */
function lessonWords(paragraphs: readonly Paragraph[]): string[] {
  return paragraphs
    .flat()
    .flatMap((segment) => (segment.kind === "value" || segment.kind === "code" ? [] : [segment.text]));
}

describe("filesWords", () => {
  const own = strings([RELATIONSHIP_LESSONS, PHRASES, HANDSHAKE, FLOWS]).filter((said) =>
    OWN_DROP.test(said),
  );

  it("finds the lessons' sentences about the person's own files", () => {
    expect(own).toEqual(
      expect.arrayContaining([PHRASES.statusHere, PHRASES.notInDrop, PHRASES.hereFindings]),
    );
    expect(own.length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    { origin: "demo" as const, names: /the demo cluster's files/ },
    { origin: "scenario" as const, names: /this scenario's files/ },
  ])("tells every one of them of the $origin's files", ({ origin, names }) => {
    for (const said of own) {
      const shown = filesWords(said, origin);
      expect(shown, said).not.toMatch(OWN_DROP);
      expect(shown, said).toMatch(names);
    }
  });

  it("keeps a drop's words", () => {
    expect(filesWords(PHRASES.statusHere, "drop")).toBe(
      "In the files you dropped this relationship is {status}.",
    );
    expect(filesWords(PHRASES.statusHere, "demo")).toBe(
      "In the demo cluster's files this relationship is {status}.",
    );
    expect(filesWords(PHRASES.statusHere, "scenario")).toBe(
      "In this scenario's files this relationship is {status}.",
    );
  });
});

describe("speakOf", () => {
  it("rewrites only the lessons' words, never a value or code quoted from the input", () => {
    const paragraph: Paragraph = [
      text("In your files, on "),
      value("in your files", "pki/ca.crt"),
      missingSegment("not in the files you dropped: the kubelet's config"),
    ];
    expect(speakOf(paragraph, "demo")).toEqual([
      text("In the demo cluster's files, on "),
      value("in your files", "pki/ca.crt"),
      missingSegment("not in the demo cluster's files: the kubelet's config"),
    ]);
    expect(speakOf(paragraph, "drop")).toBe(paragraph);
  });

  it("leaves no word of a person's drop in the tour, the handshakes and the flows of the demo", async () => {
    const report = await reportFor("healthy");
    const paragraphs: Paragraph[] = [
      ...tourSteps(report).flatMap((step) => step.sections.flatMap((section) => section.body)),
      ...report.relationships.flatMap((relationship) =>
        (handshake(report, relationship.key) ?? []).flatMap((step) => step.body),
      ),
      ...flows(report).flatMap((flow) => flow.steps.flatMap((step) => step.body)),
    ];
    const before = lessonWords(paragraphs).filter((said) => OWN_DROP.test(said));
    expect(before.length).toBeGreaterThan(10);
    for (const origin of ["demo", "scenario"] as const)
      expect(
        lessonWords(paragraphs.map((paragraph) => speakOf(paragraph, origin))).filter((said) =>
          OWN_DROP.test(said),
        ),
      ).toEqual([]);
  });
});
