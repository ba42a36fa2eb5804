import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions as launchOptions } from "./e2e/support/chromium-launch";

// E2E_PORT lets two checkouts run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "e2e",
  // Playwright empties its output folder on every run; keep it apart from test-results/screenshots.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Budgets for a slow or busy 2-core machine: waits follow the page's own contract
  // (`data-analysis`), and these only bound how long a broken page may take to fail.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  webServer: {
    // The production static export, exactly as users get it (build first: `npm run build`).
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: "SIGTERM", timeout: 2000 },
    timeout: 60_000,
  },
});
