import { describe, expect, it } from "vitest";
import { text, type Paragraph } from "@/lib/teach/segments";
import { stagePages } from "./stage-pages";

const words = (n: number): Paragraph => [text("x".repeat(n))];

describe("stagePages", () => {
  it("keeps a short section on one page and cuts a long one between paragraphs", () => {
    const pages = stagePages(
      [
        { heading: "Who talks", body: [words(100), words(100)] },
        { heading: "What each presents", body: [words(300), words(300), words(300)] },
      ],
      500,
    );
    expect(pages.map((page) => [page.heading, page.body.length])).toEqual([
      ["Who talks", 2],
      ["What each presents", 1],
      ["What each presents", 1],
      ["What each presents", 1],
    ]);
  });

  it("never leaves a paragraph out and never cuts one", () => {
    const body = [words(2000), words(10), words(10)];
    const pages = stagePages([{ heading: "Long", body }], 500);
    expect(pages.flatMap((page) => page.body)).toEqual(body);
    expect(pages[0]?.body).toEqual([body[0]]);
  });

  it("gives an empty section its page", () => {
    expect(stagePages([{ heading: "Nothing", body: [] }])).toEqual([{ heading: "Nothing", body: [] }]);
  });
});
