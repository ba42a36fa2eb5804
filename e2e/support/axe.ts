/**
 * axe-core in the e2e suite: WCAG 2.0 and 2.1, levels A and AA. Serious and critical violations fail
 * (softly, so every state of a run is reported), each named by rule, element and what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: what axe-core checks here. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe-core on the page as it is and fails (softly, so every state of a run is reported) on any
 * serious or critical violation, naming the rule, the element and what to fix.
 */
export async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id} at ${node.target.join(" ")}\n    ${violation.help}\n    ${(
            node.failureSummary ?? ""
          ).replaceAll("\n", "\n    ")}`,
      ),
    );
  expect.soft(found, `axe-core, ${state}:\n${found.join("\n")}`).toEqual([]);
}
