/**
 * Names that try to fool the reader: a cluster CA, a client certificate and kubeconfig users named
 * with a right-to-left override (U+202E), zero-width spaces, escape sequences and a newline, a copy
 * of the apiserver certificate named `admin\u202Egnp.exe.crt` (which would read "adminexe.png"), a
 * look-alike `apiserver\u200B.crt`, and an unreadable file with an override in its name that a
 * finding quotes. Dropped through the real folder input, no such character may reach the page —
 * in text or in a title or accessible name — each one is shown as its escape, and the words beside
 * a name ("+2 copies") are never inside an override.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { findingTestId, testIds } from "../components/test-ids";
import { inertText } from "../lib/format/inert-text";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";
import { expectNoSeriousViolations } from "./support/axe";
import { HOSTILE, writeHostileCluster } from "./support/hostile-cluster";

/** Bidi embeddings, overrides and isolates, zero-width characters and marks, and ESC. */
const ACTING = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u001b]/;

let cluster = "";

test.beforeAll(async () => {
  cluster = await writeHostileCluster();
});

/**
 * Every text of the page (SVG titles and descriptions included; scripts and styles are not shown)
 * and every attribute read or spoken (title, aria-*, alt, placeholder) that holds an acting
 * character, with where it is: the list must stay empty.
 */
function actingCharacters(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const acting = new RegExp(source);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && ["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"].includes(parent.tagName)) continue;
      if (acting.test(node.textContent ?? ""))
        found.push(`text in <${parent?.tagName.toLowerCase()}>: ${JSON.stringify(node.textContent)}`);
    }
    for (const element of document.body.querySelectorAll("*"))
      for (const attribute of element.attributes) {
        const read =
          ["title", "alt", "placeholder"].includes(attribute.name) || attribute.name.startsWith("aria-");
        if (read && acting.test(attribute.value))
          found.push(
            `${element.tagName.toLowerCase()}[${attribute.name}]: ${JSON.stringify(attribute.value)}`,
          );
      }
    return found;
  }, ACTING.source);
}

/** Whether `target` or anything around it is laid out right to left or under a bidi override. */
function insideOverride(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const found: string[] = [];
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.unicodeBidi.includes("override") || style.direction !== "ltr")
        found.push(
          `<${at.tagName.toLowerCase()}> unicode-bidi: ${style.unicodeBidi}, direction: ${style.direction}`,
        );
    }
    return found;
  });
}

async function shoot(target: Page | Locator, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await target.screenshot({ path: join(screenshotDir, `hostile-names-${name}.png`), animations: "disabled" });
}

/** The detail panel the current width shows: the side panel or the bottom sheet. */
const visiblePanel = (page: Page) => page.getByTestId(testIds.detailPanel).filter({ visible: true }).first();

test("hostile names: hidden characters are shown as escapes and never turn the page around", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await page.emulateMedia({ colorScheme: "light" });
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFolder(cluster);
  // The renewal plan is worked out after the report; its row of the apiserver's three files is the last to come.
  const copies = page.getByTestId(testIds.renewalItem).filter({ hasText: "+2 copies" });
  await expect(copies).toHaveCount(1);
  await expect(page.getByTestId(findingTestId("PARSE_ERROR"))).toHaveCount(1);

  expect(await actingCharacters(page), "with the report drawn").toEqual([]);

  // The override is shown for what it is, named on hover.
  const override = page.locator(".hidden-char", { hasText: /^\\u202E$/ }).filter({ visible: true });
  await expect(override.first()).toBeVisible();
  await expect(override.first()).toHaveAttribute("title", "U+202E RIGHT-TO-LEFT OVERRIDE");

  // The plan's row: its name, then "+2 copies" after the path, neither inside an override, and
  // the name reads in the order of its bytes ("admin", the chip, then "gnp.exe.crt").
  await expect(copies).toContainText("admin\\u202Egnp.exe.crt");
  const copiesWords = copies.locator("span", { hasText: /^\s*\+2 copies\s*$/ });
  await expect(copiesWords).toBeVisible();
  expect(await insideOverride(copiesWords)).toEqual([]);
  const order = await copies.evaluate((row) => {
    const chip = row.querySelector(".hidden-char");
    const bdi = chip?.closest("bdi");
    const tail = [...(bdi?.childNodes ?? [])].find((node) => node.textContent?.startsWith("gnp.exe"));
    const words = [...row.querySelectorAll("span")].find((span) =>
      /^\s*\+2 copies$/.test(span.textContent ?? ""),
    );
    const path = words?.parentElement?.querySelector("bdi");
    if (!chip || !tail || !words || !path) return undefined;
    const range = document.createRange();
    range.selectNodeContents(tail);
    const chipBox = chip.getBoundingClientRect();
    const tailBox = range.getBoundingClientRect();
    const wordsBox = words.getBoundingClientRect();
    const lines = path.getClientRects();
    const end = lines[lines.length - 1];
    if (!end) return undefined;
    return {
      // The chip, then "gnp.exe.crt": to its right, or wrapped onto a line below.
      chipBeforeTail: chipBox.right <= tailBox.left + 0.5 || tailBox.top >= chipBox.bottom - 1,
      // "+2 copies" follows the path's last line: to its right, or on a line below.
      copiesAfterPath: wordsBox.left >= end.right - 0.5 || wordsBox.top >= end.bottom - 1,
    };
  });
  expect(order).toEqual({ chipBeforeTail: true, copiesAfterPath: true });
  await shoot(copies, "plan-row");

  // The graph draws the person's kubeconfig box with the escape, cut to fit its box as drawn.
  const user = page.locator(`[data-testid="${testIds.topologyGraph}"] [data-node^="user:"]`);
  await expect(user.locator("title")).toHaveText(inertText(`kubectl (${HOSTILE.userKubeconfig})`));
  const overflowing = await page
    .locator(`[data-testid="${testIds.topologyGraph}"] [data-node]`)
    .evaluateAll((nodes) =>
      nodes.flatMap((node) => {
        const ring = node.querySelector(":scope > rect");
        if (!(ring instanceof SVGGraphicsElement)) return [];
        const box = ring.getBBox();
        return [...node.querySelectorAll("text")]
          .filter((text) => {
            const drawn = text.getBBox();
            return drawn.width > 0 && drawn.x + drawn.width > box.x + box.width - 4 + 0.5;
          })
          .map((text) => `${node.getAttribute("data-node")}: ${JSON.stringify(text.textContent)}`);
      }),
    );
  expect(overflowing).toEqual([]);

  // A finding quoting the unreadable file: the override inside the name cannot run into our words.
  let panel = await explorer.openFinding("PARSE_ERROR");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(
    `Could not read ${inertText(HOSTILE.unreadableFile)}`,
  );
  expect(await actingCharacters(page), "a finding quoting the file opened").toEqual([]);
  await shoot(panel, "finding");

  // The controller-manager's subject: the escape sequence and the newline, each a chip.
  panel = await explorer.openFinding("IDENTITY_MISMATCH");
  await expect(panel.locator(".hidden-char", { hasText: /^\\x1B$/ }).first()).toHaveAttribute(
    "title",
    "U+001B ESCAPE",
  );
  await expect(panel.locator(".hidden-char", { hasText: /^\\n$/ }).first()).toHaveAttribute(
    "title",
    "U+000A LINE FEED",
  );
  expect(await actingCharacters(page), "the identity finding opened").toEqual([]);

  // The apiserver certificate: its look-alike copy is told apart by the zero-width space.
  await copies.getByRole("button").click();
  panel = visiblePanel(page);
  await expect(panel.locator(".hidden-char", { hasText: /^\\u200B$/ }).first()).toHaveAttribute(
    "title",
    "U+200B ZERO WIDTH SPACE",
  );
  expect(await actingCharacters(page), "the apiserver certificate opened").toEqual([]);

  await expectNoSeriousViolations(page, "hostile names, a certificate selected");
  await explorer.screenshot("hostile-names", "desktop", "light");
  await explorer.screenshot("hostile-names", "desktop", "dark");

  await page.getByTestId(testIds.closeDetails).filter({ visible: true }).first().click();
  await page.setViewportSize(viewports.mobile);
  await expect(page.getByTestId(testIds.topologyGraph)).toHaveAttribute("data-variant", "compact");
  // The inventory has turned into cards, whose rows show the issuer and role beside the subject.
  await expect(page.getByTestId(testIds.inventory).locator("li[data-sha256]").first()).toBeAttached();
  expect(await actingCharacters(page), "at phone width").toEqual([]);
  await expectNoSeriousViolations(page, "hostile names at phone width");
  await explorer.screenshot("hostile-names", "mobile", "light");

  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);
});
