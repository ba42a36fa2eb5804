/**
 * A tour step cut into the pages a projector card shows one at a time: each section on its own, and
 * a long section over several pages, a page holding paragraphs up to a budget of characters (at
 * least one paragraph, never cut inside one). The budget is what a card of presenter-size type holds
 * under its heading without a scroll bar at 1280×720.
 */
import { plainText, type Paragraph } from "@/lib/teach/segments";

export interface StagePage {
  heading: string;
  body: Paragraph[];
}

/** Characters of paragraph text a card page holds (about 14 lines of 45 characters). */
export const PAGE_BUDGET = 520;

/** A paragraph's weight against the budget: its text, plus a line's worth for the gap and its end. */
function weight(paragraph: Paragraph): number {
  return plainText(paragraph).length + 45;
}

/** The pages of `sections`, in order. */
export function stagePages(
  sections: readonly { heading: string; body: Paragraph[] }[],
  budget = PAGE_BUDGET,
): StagePage[] {
  const pages: StagePage[] = [];
  for (const section of sections) {
    let page: Paragraph[] = [];
    let used = 0;
    for (const paragraph of section.body) {
      const cost = weight(paragraph);
      if (page.length > 0 && used + cost > budget) {
        pages.push({ heading: section.heading, body: page });
        page = [];
        used = 0;
      }
      page.push(paragraph);
      used += cost;
    }
    if (page.length > 0 || section.body.length === 0) pages.push({ heading: section.heading, body: page });
  }
  return pages;
}
