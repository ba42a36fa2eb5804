/**
 * The tour speaks of the files it shows: the bundled demo is "the demo cluster's files", a break-it
 * scenario "this scenario's files", and only a person's own drop "the files you dropped".
 */
import { resolve } from "node:path";
import { testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";

const STEP = "#tour/apiserver-etcd-client";

test("the tour names the demo's, a scenario's and a person's own files as such", async ({
  explorer,
  page,
}) => {
  const tour = page.getByTestId(testIds.tour);
  await explorer.goto(`/${STEP}`);
  await expect(tour).toContainText("In the demo cluster's files this relationship is");
  await expect(tour).not.toContainText("you dropped");

  await page.evaluate(() => (location.hash = "#scenario/key-mismatch"));
  await expect(explorer.main).toHaveAttribute("data-scenario", "key-mismatch", { timeout: 60_000 });
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  await page.evaluate((hash) => (location.hash = hash), STEP);
  await expect(tour).toContainText("In this scenario's files this relationship is");

  await explorer.loadFolder(resolve("e2e/fixtures/healthy"));
  await page.evaluate((hash) => (location.hash = hash), STEP);
  await expect(tour).toContainText("In the files you dropped this relationship is");
  expect(explorer.consoleErrors).toEqual([]);
});
