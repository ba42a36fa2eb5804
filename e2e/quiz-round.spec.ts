/**
 * A quiz round in real Chromium, on a phone and on a projector: five scenarios asked one after
 * another from one link without a reload — right at once, wrong then right, wrong twice — then the
 * score and the review; and a question left to its clock in presenter mode. Waits follow the page's contract
 * (`data-scenario`, `data-analysis`, the round panel's `data-round-state` and `data-question`).
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { testIds } from "../components/test-ids";
import { scenarioById } from "../lib/scenarios/catalogue";
import { presenterStorageKey } from "../app/theme-script";
import { expectNoSeriousViolations } from "./support/axe";
import { decodeQrPath } from "./support/decode-qr";
import { expect, screenshotDir, test, type ExplorerPage } from "./pages/explorer-page";

const ROUND = [
  "wrong-ca-etcd-client",
  "key-mismatch",
  "node-authorizer",
  "bootstrap-token-left",
  "sa-key-mismatch",
] as const;
/** Where each question's broken edge is, and how it is answered in the phone's round. */
const ANSWERS = ["first-try", "second-try", "missed", "first-try", "first-try"];

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({
    path: join(screenshotDir, `quiz-round-${name}-${width}x${height}.png`),
    animations: "disabled",
  });
}

/** Waits until question `n` (1-based) is asked on its own scenario's report. */
async function questionOpen(explorer: ExplorerPage, panel: Locator, n: number, id: string): Promise<void> {
  await expect(panel).toHaveAttribute("data-question", String(n));
  await expect(explorer.main).toHaveAttribute("data-scenario", id, { timeout: 30_000 });
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  await expect(panel).toHaveAttribute("data-round-state", "open");
  await expect(explorer.main).toHaveAttribute("data-quiz", "hidden");
}

/** Clicks an edge as the student does (the event the graph's edge handles, wherever the sheet lies). */
async function clickEdge(page: Page, relationship: string): Promise<void> {
  await page.locator(`[data-testid="edge-${relationship}"]`).first().dispatchEvent("click");
}

test("a round of five on a phone: right, wrong then right, wrong twice, right, right; the score and the review, no reload", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#quiz/round?s=${ROUND.join(",")}&t=600`);
  await page.evaluate(() => ((window as unknown as { roundMarker: string }).roundMarker = "kept"));
  const panel = page.getByTestId(testIds.quizRound);
  const feedback = page.getByTestId(testIds.quizRoundFeedback);

  await questionOpen(explorer, panel, 1, ROUND[0]);
  await expect(panel).toContainText("Question 1 of 5");
  await expect(panel).toContainText("Something is broken. Where? Click the edge.");
  await expect(page.getByTestId(testIds.quizRoundCountdown)).toHaveText(/^(10:00|9:\d\d)$/);
  // Nothing gives the answer away while the question is open.
  await expect(panel).not.toContainText("etcd rejects");
  await expect(page.getByTestId(testIds.findings)).toBeHidden();
  await shot(page, "question");
  await clickEdge(page, "apiserver-etcd-client");
  await expect(panel).toHaveAttribute("data-round-state", "ended");
  await expect(feedback).toHaveAttribute("data-outcome", "first-try");
  await expect(explorer.main).not.toHaveAttribute("data-quiz", "hidden");
  await expect(panel).toHaveAttribute("data-score", "2");
  // Enter goes on once the question has ended (focus is not on a control).
  await page.locator("body").press("Enter");

  await questionOpen(explorer, panel, 2, ROUND[1]);
  await clickEdge(page, "etcd-peer");
  await expect(feedback).toHaveAttribute("data-outcome", "retry");
  await expect(feedback).toContainText("one more try");
  await expect(panel).toHaveAttribute("data-round-state", "open");
  await shot(page, "feedback");
  await expectNoSeriousViolations(page, "a round's question after a wrong guess");
  await clickEdge(page, "apiserver-serving");
  await expect(feedback).toHaveAttribute("data-outcome", "second-try");
  await expect(panel).toHaveAttribute("data-score", "3");
  await page.getByTestId(testIds.quizRoundNext).click();

  await questionOpen(explorer, panel, 3, ROUND[2]);
  await clickEdge(page, "etcd-peer");
  await expect(feedback).toHaveAttribute("data-outcome", "retry");
  await clickEdge(page, "front-proxy-client");
  await expect(feedback).toHaveAttribute("data-outcome", "missed");
  // The answer is shown when the question ends unanswered.
  const third = scenarioById(ROUND[2]);
  await expect(panel).toContainText(third?.title ?? "?");
  await page.keyboard.press("PageDown");

  await questionOpen(explorer, panel, 4, ROUND[3]);
  await clickEdge(page, "kubelet-bootstrap");
  await expect(feedback).toHaveAttribute("data-outcome", "first-try");
  await page.keyboard.press("PageDown");
  await questionOpen(explorer, panel, 5, ROUND[4]);
  await clickEdge(page, "service-account-signing");
  await expect(feedback).toHaveAttribute("data-outcome", "first-try");
  await page.keyboard.press("PageDown");

  await expect(panel).toHaveAttribute("data-round-state", "done");
  await expect(page.getByTestId(testIds.quizRoundScore)).toHaveText("7 of 10 points");
  const review = page.getByTestId(testIds.quizRoundReview).locator("li");
  await expect(review).toHaveCount(5);
  const outcomes = ANSWERS;
  for (const [i, id] of ROUND.entries()) {
    const scenario = scenarioById(id);
    const item = review.nth(i);
    await expect(item).toHaveAttribute("data-scenario", id);
    await expect(item).toHaveAttribute("data-outcome", outcomes[i] ?? "");
    await expect(item.locator("[data-review=edge]")).toHaveText(
      scenario?.relationshipKey ?? scenario?.relationship ?? "?",
    );
    await expect(item.locator("[data-review=user-sees]")).toHaveText(scenario?.userSees ?? "?");
    await expect(item.locator("[data-review=fix]")).toContainText(scenario?.fix ?? "?");
  }
  await shot(page, "review");
  await expectNoSeriousViolations(page, "a round's review");

  // One document all along: no navigation but the first, and the marker set on it is still there.
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { roundMarker?: string }).roundMarker)).toBe("kept");
  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);
});

test("presenter mode at 1280x720: a round of five from one link, played to its score", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript((key) => sessionStorage.setItem(key, "on"), presenterStorageKey);
  await page.goto(`/#quiz/round?s=${ROUND.join(",")}&t=600`);
  const panel = page.getByTestId(testIds.quizRound);
  const feedback = page.getByTestId(testIds.quizRoundFeedback);
  const edges = ["apiserver-etcd-client", "apiserver-serving", "kubelet-client", "kubelet-bootstrap"];
  for (const [i, id] of ROUND.entries()) {
    await questionOpen(explorer, panel, i + 1, id);
    await expect(panel).toContainText(`Question ${i + 1} of 5`);
    if (i === 4) {
      // The last one missed: two wrong edges.
      await clickEdge(page, "etcd-peer");
      await clickEdge(page, "front-proxy-client");
      await expect(feedback).toHaveAttribute("data-outcome", "missed");
    } else {
      await clickEdge(page, edges[i] ?? "");
      await expect(feedback).toHaveAttribute("data-outcome", "first-try");
    }
    // A clicker's PageDown goes on.
    await page.keyboard.press("PageDown");
  }
  await expect(panel).toHaveAttribute("data-round-state", "done");
  await expect(page.getByTestId(testIds.quizRoundScore)).toHaveText("8 of 10 points");
  await expect(page.getByTestId(testIds.quizRoundReview).locator("li")).toHaveCount(5);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(explorer.consoleErrors).toEqual([]);
});

test("presenter mode at 1280x720: a question left to its clock ends unanswered and is scored 0", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript((key) => sessionStorage.setItem(key, "on"), presenterStorageKey);
  await page.goto("/#quiz/round?s=bootstrap-token-left&t=5");
  await expect(page.locator("html")).toHaveAttribute("data-presenter", "on");
  const panel = page.getByTestId(testIds.quizRound);
  await questionOpen(explorer, panel, 1, "bootstrap-token-left");
  await expect(panel).toContainText("Question 1 of 1");
  await shot(page, "presenter-question");
  await expect(panel).toHaveAttribute("data-round-state", "ended", { timeout: 15_000 });
  await expect(page.getByTestId(testIds.quizRoundFeedback)).toHaveAttribute("data-outcome", "timeout");
  await shot(page, "presenter-feedback");
  await page.getByTestId(testIds.quizRoundNext).click();
  await expect(panel).toHaveAttribute("data-round-state", "done");
  await expect(page.getByTestId(testIds.quizRoundScore)).toHaveText("0 of 2 points");
  await expect(page.getByTestId(testIds.quizRoundReview).locator("li")).toHaveAttribute(
    "data-outcome",
    "timeout",
  );
  await shot(page, "presenter-review");
  expect(explorer.consoleErrors).toEqual([]);
});

test("the list makes a round: ticked scenarios, a time, the link with its QR code; a reload keeps the progress", async ({
  explorer,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/#scenarios");
  const list = page.getByTestId(testIds.scenarioList);
  const start = page.getByTestId(testIds.quizRoundStart);
  await expect(start).toBeDisabled();
  await list.locator('input[data-scenario="key-mismatch"]').check();
  await list.locator('input[data-scenario="wrong-ca-etcd-client"]').check();
  await list.getByLabel("Time per question").selectOption("60");
  // In the catalogue's order, whatever the order of the ticks; the page's own address.
  const link = `${explorer.origin}/#quiz/round?s=wrong-ca-etcd-client,key-mismatch&t=60`;
  await expect(page.getByTestId(testIds.quizRoundLink)).toHaveText(link);
  // The QR code on the page opens the same link on a phone.
  const qr = page.getByTestId(testIds.quizRoundQr);
  await expect(qr).toHaveAttribute("data-modules", /^\d+$/);
  const size = Number(await qr.getAttribute("data-modules")) + 8;
  expect(decodeQrPath((await qr.locator("path").getAttribute("d")) ?? "", size)).toBe(link);
  await expect(list).toContainText("this computer's own");
  await shot(page, "list");
  await expectNoSeriousViolations(page, "the round builder");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId(testIds.quizRoundQr).scrollIntoViewIfNeeded();
  await shot(page, "list");
  await start.click();

  const panel = page.getByTestId(testIds.quizRound);
  await questionOpen(explorer, panel, 1, "wrong-ca-etcd-client");
  expect(new URL(page.url()).hash).toBe("#quiz/round?s=wrong-ca-etcd-client,key-mismatch&t=60");
  await expect(page.getByTestId(testIds.quizRoundCountdown)).toHaveText(/^(1:00|0:\d\d)$/);
  await clickEdge(page, "apiserver-etcd-client");
  await expect(panel).toHaveAttribute("data-score", "2");
  await page.reload();
  await expect(panel).toHaveAttribute("data-round-state", "ended");
  await expect(panel).toHaveAttribute("data-score", "2");
  await expect(page.getByTestId(testIds.quizRoundFeedback)).toHaveAttribute("data-outcome", "first-try");
  await page.keyboard.press("ArrowRight");
  await questionOpen(explorer, panel, 2, "key-mismatch");
  expect(explorer.consoleErrors).toEqual([]);
});
