/**
 * A lesson on a projector, in real Chromium at 1280×720 with presenter mode on: the graph fills the
 * screen and the lesson is one card over it, beside the lit edge and never on it; every page of every
 * tour step and every handshake step fits the card without a scroll bar, and the page itself does not
 * scroll; → and PageDown go through the whole workshop (tour → handshake → scenarios → a scenario →
 * its quiz), B blanks the screen and any key brings it back. On a phone the lesson is a sheet over
 * the bottom of the screen with the lit edge in the part above it. Waits follow the page's contract
 * (`data-analysis`, `data-step`, the hash), never the clock.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { presenterStorageKey } from "../app/theme-script";
import { testIds } from "../components/test-ids";
import { SCENARIO_IDS } from "../lib/scenarios/scenario";
import { TOUR_ORDER } from "../lib/teach/report-facts";
import { expect, screenshotDir, test } from "./pages/explorer-page";

const PROJECTOR = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the stage looks like now: the card's and the graph's boxes, the lit edges', and any scroll. */
async function stage(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | undefined => {
      if (!element) return undefined;
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const card = document.querySelector<HTMLElement>("[data-lesson-card]");
    return {
      card: box(card),
      cardScrolls: card ? card.scrollHeight - card.clientHeight : -1,
      // What the person can scroll: nothing when the stage has locked the page (and it sits at the top).
      pageScrolls:
        getComputedStyle(document.documentElement).overflowY === "hidden"
          ? window.scrollY
          : document.documentElement.scrollHeight - window.innerHeight,
      graph: box(document.querySelector('[data-testid="graph"]')),
      lit: [...document.querySelectorAll('[data-edge][data-highlighted="true"]')]
        .map(box)
        .filter((b): b is Box => b !== undefined && b.right > b.left),
      hash: location.hash,
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function present(page: Page): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem(key, "on"), presenterStorageKey);
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `presenter-stage-${name}.png`), animations: "disabled" });
}

/** The stage is right: a full-screen graph, a card that fits, clear of the lit edge, no page scroll. */
async function expectStage(page: Page, where: string): Promise<void> {
  // The card is placed on the next frame after the highlight changes: poll until it has settled.
  await expect
    .poll(async () => {
      const now = await stage(page);
      if (!now.card || !now.graph) return `${where}: no card or graph`;
      if (now.cardScrolls > 1) return `${where}: the card scrolls by ${now.cardScrolls}px`;
      if (now.pageScrolls > 1) return `${where}: the page scrolls by ${now.pageScrolls}px`;
      if (now.card.bottom > PROJECTOR.height + 1 || now.card.top < -1)
        return `${where}: the card leaves the screen`;
      // The graph is the screen's size (it may slide sideways to clear the card).
      if (
        now.graph.right - now.graph.left < PROJECTOR.width - 1 ||
        now.graph.top > 1 ||
        now.graph.bottom < PROJECTOR.height - 1
      )
        return `${where}: the graph does not fill the screen`;
      const covered = now.lit.filter((edge) => overlaps(edge, now.card as Box));
      if (covered.length > 0) return `${where}: the card covers the lit edge`;
      return "ok";
    })
    .toBe("ok");
}

test("a lesson on the projector: full-screen graph, one card beside the lit edge, no scroll, clicker keys through the workshop", async ({
  explorer,
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PROJECTOR);
  await present(page);
  await explorer.goto(`/#tour/${TOUR_ORDER[0]}`);
  const tour = page.getByTestId(testIds.tour);

  // Every page of every tour step, with → as a clicker sends it.
  for (const [index, id] of TOUR_ORDER.entries()) {
    await expect(tour).toHaveAttribute("data-step", id);
    for (let part = 0; part < 40; part++) {
      await expectStage(page, `tour step ${index + 1} (${id}), part ${part + 1}`);
      if (index === 0 && part === 0) await shot(page, "tour");
      const label = (await tour.textContent()) ?? "";
      const match = /part (\d+) of (\d+)/.exec(label);
      if (!match || match[1] === match[2]) break;
      await page.keyboard.press("PageDown");
      await expect(tour).toContainText(`part ${Number(match[1]) + 1} of ${match[2]}`);
    }
    if (index < TOUR_ORDER.length - 1) await page.keyboard.press("ArrowRight");
  }

  // Past the tour's last page: the handshake of the demo's broken edge, told to its end.
  await page.keyboard.press("ArrowRight");
  const handshake = page.getByTestId(testIds.handshake);
  await expect(handshake).toBeVisible();
  const key = (await handshake.getAttribute("data-relationship")) ?? "";
  expect(key).toContain("kubelet-client");
  let failedShot = false;
  for (let press = 0; press < 40 && (await stage(page)).hash.startsWith("#handshake/"); press++) {
    await expectStage(page, `handshake press ${press}`);
    if (!failedShot && (await page.locator('[data-stage-step][data-state="error"]').count()) > 0) {
      await shot(page, "handshake-fails");
      failedShot = true;
    }
    await page.keyboard.press("ArrowRight");
  }
  expect(failedShot, "the handshake reaches its failing step on the stage").toBe(true);

  // Then the scenarios, a scenario, and its quiz — the quiz waits for its answer.
  await expect(page).toHaveURL(/#scenarios$/);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`#scenario/${SCENARIO_IDS[0]}$`));
  await expect(explorer.main).toHaveAttribute("data-scenario", SCENARIO_IDS[0], { timeout: 60_000 });
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`#scenario/${SCENARIO_IDS[0]}/quiz$`));
  await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  const quiz = await stage(page);
  expect(quiz.pageScrolls).toBeLessThanOrEqual(1);
  // Nothing is lit in a quiz and any edge may be the answer: the graph keeps the screen and the
  // card, in a corner, hides no edge's badge (where a student clicks it).
  expect(quiz.graph && quiz.graph.right - quiz.graph.left).toBeGreaterThanOrEqual(PROJECTOR.width - 1);
  const badges = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="graph"] [data-edge] [data-badge]')].map((badge) => {
      const { left, top, right, bottom } = badge.getBoundingClientRect();
      return { left, top, right, bottom };
    }),
  );
  expect(badges.length).toBeGreaterThan(10);
  expect(badges.filter((badge) => overlaps(badge, quiz.card as Box))).toEqual([]);
  await shot(page, "quiz");
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`#scenario/${SCENARIO_IDS[0]}/quiz$`));

  // B blanks the screen; any key brings the same place back, and does nothing else.
  await page.keyboard.press("b");
  await expect(page.getByTestId("blank-screen")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("blank-screen")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#scenario/${SCENARIO_IDS[0]}/quiz$`));
  // ← goes back along the same order.
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`#scenario/${SCENARIO_IDS[0]}$`));
  expect(explorer.consoleErrors).toEqual([]);
});

test("a lesson on a phone: a sheet over the bottom, the lit edge in view above it", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize(PHONE);
  await explorer.goto("/#handshake/kubelet-client:worker-1");
  await expect(page.getByTestId(testIds.handshake)).toBeVisible();
  for (const step of ["etcd-peer", "admin-client", "kubelet-client"]) {
    await page.evaluate((hash) => (location.hash = hash), `#tour/${step}`);
    await expect(page.getByTestId(testIds.tour)).toHaveAttribute("data-step", step);
    await expect
      .poll(async () => {
        const now = await stage(page);
        if (!now.card) return "no card";
        if (Math.abs(now.card.bottom - PHONE.height) > 1) return "the card is not a sheet at the bottom";
        if (now.card.top < PHONE.height * 0.4) return "the sheet covers more than 60% of the screen";
        if (now.lit.length === 0) return "nothing lit";
        const middle = (now.lit[0]!.top + now.lit[0]!.bottom) / 2;
        return middle > 0 && middle < (now.card.top ?? 0)
          ? "ok"
          : `the lit edge is at ${Math.round(middle)}px, hidden`;
      })
      .toBe("ok");
  }
  await shot(page, "phone-tour");
  expect(explorer.consoleErrors).toEqual([]);
});
