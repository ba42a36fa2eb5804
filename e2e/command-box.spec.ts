/**
 * Command boxes on a phone: a command wraps only between its words (never `apis│erver`, never at a
 * path's hyphen), the box scrolls sideways when one word is wider than it and a keyboard reaches it,
 * and the page itself never scrolls sideways.
 */
import { join } from "node:path";
import { testIds } from "../components/test-ids";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

test("every command box on the demo wraps between words only, at 390 px and at 1280 px", async ({
  explorer,
  page,
}) => {
  await explorer.goto("/");
  const boxes = page.locator("[data-command-box]");
  // The demo's certificate due for renewal: its fix names two commands, each in its own box.
  const panel = await explorer.openFinding("CERT_EXPIRES_SOON");
  const fixes = panel.getByTestId(testIds.fixBlock).locator("[data-command-box]");
  await expect(fixes.first()).toBeVisible();
  for (const viewport of ["mobile", "desktop"] as const) {
    await page.setViewportSize(viewports[viewport]);
    const report = await boxes.evaluateAll((all) =>
      all.map((box) => ({
        label: box.getAttribute("aria-label"),
        tabIndex: box.getAttribute("tabindex"),
        words: box.querySelectorAll("span.whitespace-nowrap").length,
        // A word drawn on two lines has two boxes.
        split: [...box.querySelectorAll("span.whitespace-nowrap")]
          .filter((word) => word.getClientRects().length > 1)
          .map((word) => word.textContent),
        wraps: getComputedStyle(box).whiteSpace,
        breaks: `${getComputedStyle(box).wordBreak} ${getComputedStyle(box).overflowWrap}`,
        scrolls: getComputedStyle(box).overflowX,
      })),
    );
    expect(report.length).toBeGreaterThan(0);
    for (const box of report) {
      expect(box.words).toBeGreaterThan(1);
      expect(box.split).toEqual([]);
      expect(box).toMatchObject({
        tabIndex: "0",
        wraps: "pre-wrap",
        breaks: "normal normal",
        scrolls: "auto",
      });
      expect(box.label).toBeTruthy();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports[viewport].width,
    );
    await fixes.first().scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(screenshotDir, `command-box-${viewport}.png`),
      animations: "disabled",
    });
  }
  expect(explorer.consoleErrors).toEqual([]);
});
