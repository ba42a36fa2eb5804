/**
 * A break-it lab in real Chromium: the scenario panel lists the lab's commands, each with a Copy
 * button that copies exactly that command, words never broken inside and the panel never wider than
 * its place; the quiz shows the commands but not the answer; the download carries LAB.md at the
 * archive's root beside the cluster's files. One page; waits on `data-scenario` and `data-analysis`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { testIds } from "../components/test-ids";
import { gunzipLimited } from "../lib/ingest/gunzip-limited";
import { readTar } from "../lib/ingest/read-tar";
import { scenarioById } from "../lib/scenarios/catalogue";
import { labCommands } from "../lib/scenarios/lab";
import { expect, screenshotDir, test, viewports } from "./pages/explorer-page";

const ID = "wrong-ca-etcd-client";

test("a scenario's lab: commands with Copy in the panel, hidden answer in a quiz, LAB.md in the download", async ({
  explorer,
  page,
  context,
  baseURL,
}, testInfo) => {
  const scenario = scenarioById(ID);
  if (!scenario) throw new Error(`no ${ID}`);
  const commands = labCommands(scenario).map((command) => command.command);
  await context.grantPermissions(["clipboard-write"], { origin: new URL(baseURL ?? "").origin });
  // The site's Permissions-Policy forbids reading the clipboard, so what Copy writes is recorded on
  // its way to the real clipboard.
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    const record = window as unknown as { copiedText?: string };
    clipboard.writeText = (text: string) => {
      record.copiedText = text;
      return write(text);
    };
  });

  await explorer.goto(`/#scenario/${ID}`);
  await expect(explorer.main).toHaveAttribute("data-scenario", ID, { timeout: 60_000 });
  await expect(explorer.main).toHaveAttribute("data-analysis", "done");
  const panel = page.getByTestId(testIds.scenarioPanel);
  const lab = page.getByTestId(testIds.scenarioLab);
  await expect(lab).toHaveAttribute("data-lab-commands", String(commands.length));
  await expect(lab.locator("pre")).toHaveText(commands);
  const copies = lab.getByRole("button", { name: /^Copy command \d/ });
  await expect(copies).toHaveCount(commands.length);

  // Copy puts exactly the command on the clipboard.
  await lab.getByRole("button", { name: "Copy command 3", exact: true }).click();
  await expect(lab.getByRole("button", { name: "Copied command 3", exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText)).toBe(
    commands[2],
  );

  for (const name of ["desktop", "mobile"] as const) {
    await page.setViewportSize(viewports[name]);
    // No word of a command is broken across lines, and the panel is never wider than its place.
    const layout = await lab.evaluate((section) => ({
      brokenWords: [...section.querySelectorAll("pre span.whitespace-nowrap")].filter(
        (word) => word.getClientRects().length !== 1,
      ).length,
      overflow: section.scrollWidth - section.clientWidth,
    }));
    expect(layout, name).toEqual({ brokenWords: 0, overflow: 0 });
    await lab.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, `lab-panel-${name}.png`), animations: "disabled" });
  }
  await page.setViewportSize(viewports.desktop);

  // The download: the cluster's files and LAB.md at the root, the answer folded at its end.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId(testIds.scenarioDownload).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`k8s-pki-${ID}.tar.gz`);
  const saved = testInfo.outputPath("lab.tar.gz");
  await download.saveAs(saved);
  const tar = gunzipLimited(new Uint8Array(await readFile(saved)), 64 * 1024 * 1024);
  if (!tar.ok) throw new Error(tar.reason);
  const entries = readTar(tar.value).entries;
  const labFile = entries.find((entry) => entry.path === "LAB.md");
  expect(labFile).toBeDefined();
  const markdown = new TextDecoder().decode(labFile?.bytes);
  for (const command of commands) expect(markdown).toContain(command);
  expect(markdown).toContain("<details><summary>Answer</summary>");
  expect(entries.map((entry) => entry.path)).toContain(
    "control-1/etc/kubernetes/pki/apiserver-etcd-client.crt",
  );

  // In a quiz the commands stay, the answer goes.
  await page.evaluate((hash) => (location.hash = hash), `#scenario/${ID}/quiz`);
  await expect(panel).toContainText("Something is broken in this cluster");
  await expect(lab.locator("pre")).toHaveText(commands);
  for (const answer of [scenario.title, scenario.userSees, scenario.fix])
    await expect(panel).not.toContainText(answer);
  await page.screenshot({ path: join(screenshotDir, "lab-panel-quiz-desktop.png"), animations: "disabled" });
  expect(explorer.consoleErrors).toEqual([]);
});
