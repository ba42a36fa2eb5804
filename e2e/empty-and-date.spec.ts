import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";

let notes: string;
test.beforeAll(async () => {
  // A folder someone might drop by mistake: notes and logs, not one certificate or kubeconfig.
  notes = await mkdtemp(join(tmpdir(), "k8s-pki-notes-"));
  await mkdir(join(notes, "logs"));
  await writeFile(join(notes, "README.md"), "# How we set the cluster up\n");
  await writeFile(join(notes, "logs", "kubelet.log"), "I1201 10:00:00 kubelet started\n");
  await writeFile(join(notes, "logs", "etcd.log"), "etcd started\n");
});
test.afterAll(async () => {
  await rm(notes, { recursive: true, force: true });
});

test.describe("honest empty state and the judge date", () => {
  test("a folder without PKI material: nothing to judge, the skipped files, no green verdict", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    await explorer.loadFolder(notes);
    const state = page.getByTestId(testIds.nothingToJudge);
    await expect(state).toContainText("No certificates or kubeconfigs were found in these 3 files");
    await expect(state).toContainText(
      "certificates, keys, kubeconfigs, static-pod manifests, kubelet config",
    );
    const skipped = page.getByTestId(testIds.skippedFiles).getByRole("listitem");
    await expect(skipped).toHaveCount(3);
    await expect(skipped.filter({ hasText: "README.md" })).toContainText(
      "text without PEM blocks or Kubernetes configuration",
    );
    const summary = page.getByTestId(testIds.summary);
    await expect(summary).toContainText("Nothing to judge");
    await expect(summary).not.toContainText("No errors or warnings");
    await expect(summary.locator(".text-ok")).toHaveCount(0);
    await expect(page.getByTestId(testIds.graph)).toHaveCount(0);

    await explorer.screenshot("empty-and-date-nothing-to-judge", "desktop", "light");
    await explorer.screenshot("empty-and-date-nothing-to-judge", "mobile", "light");
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("choosing a day puts it in the URL and Judged at says it was chosen", async ({ explorer, page }) => {
    await explorer.goto("/");
    const source = page.getByTestId(testIds.judgeDateSource);
    await expect(source).toHaveAttribute("data-source", "demo");
    await expect(source).toContainText("the demo's fixed date");

    const before = await explorer.run();
    await page.getByTestId(testIds.judgeDate).fill("2027-03-15");
    await explorer.waitForRunAfter(before);
    await expect(page).toHaveURL(/[?&]at=2027-03-15$/);
    await expect(source).toHaveAttribute("data-source", "chosen");
    await expect(source).toContainText("2027-03-15 00:00 UTC · chosen day");
    await expect(page.getByText(/judged as of 2027-03-15 \(the day you chose\)/)).toBeVisible();

    const again = await explorer.run();
    await page.getByRole("button", { name: "back to automatic" }).click();
    await explorer.waitForRunAfter(again);
    await expect(page).not.toHaveURL(/[?&]at=/);
    await expect(source).toHaveAttribute("data-source", "demo");
    expect(explorer.consoleErrors).toEqual([]);
  });
});
