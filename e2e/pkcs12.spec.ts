import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findingTestId, testIds } from "../components/test-ids";
import { expect, test } from "./pages/explorer-page";

const SECRET = "open sesame";
let p12 = "";

test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "k8s-pki-e2e-p12-"));
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "k.pem");
  run("req", "-x509", "-key", "k.pem", "-out", "c.pem", "-subj", "/CN=front-proxy-client", "-days", "3650");
  p12 = join(dir, "front-proxy-client.p12");
  run("pkcs12", "-export", "-in", "c.pem", "-inkey", "k.pem", "-out", p12, "-passout", `pass:${SECRET}`);
});

test("a password-protected PKCS#12 asks for its password, says a wrong one plainly, and opens", async ({
  explorer,
  page,
}) => {
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFiles([p12]);
  const dialog = page.getByTestId(testIds.passwordDialog);
  await expect(dialog).toBeVisible();
  await expect(
    page.getByRole("dialog", { name: "front-proxy-client.p12 is password-protected" }),
  ).toBeVisible();
  await expect(page.getByTestId(testIds.passwordInput)).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: "test-results/screenshots/pkcs12-dialog-desktop.png" });

  let before = await explorer.run();
  await page.getByTestId(testIds.passwordInput).fill("not it");
  await page.getByTestId(testIds.passwordOpen).click();
  await explorer.waitForRunAfter(before);
  await expect(dialog.getByRole("alert")).toHaveText(/did not open it/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/pkcs12-dialog-mobile.png" });

  before = await explorer.run();
  await page.getByTestId(testIds.passwordInput).fill(SECRET);
  await page.keyboard.press("Enter");
  await explorer.waitForRunAfter(before);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(findingTestId("KEY_ENCRYPTED"))).toHaveCount(0);
  await expect(page.getByTestId(testIds.inventory)).toContainText("front-proxy-client");
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage, ...sessionStorage }) + location.href,
  );
  expect(stored).not.toContain("sesame");
  expect(explorer.consoleErrors).toEqual([]);
  expect(explorer.foreignRequests).toEqual([]);
});

test("Skip leaves the file locked, reported as information", async ({ explorer, page }) => {
  await explorer.goto("/?at=2026-06-01");
  await explorer.loadFiles([p12]);
  await page.getByTestId(testIds.passwordSkip).click();
  await expect(page.getByTestId(testIds.passwordDialog)).toHaveCount(0);
  await expect(page.getByTestId(findingTestId("KEY_ENCRYPTED")).first()).toContainText(
    "password-protected PKCS#12",
  );
});
