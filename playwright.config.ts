import { existsSync } from "node:fs";
import { defineConfig, devices, type LaunchOptions } from "@playwright/test";

const port = 4173;
const debianChromium = "/usr/bin/chromium";

/**
 * Debian's Chromium when it is installed (CI and this project's machines never download a browser);
 * otherwise Playwright's own build, for someone who ran `npx playwright install`.
 */
const launchOptions: LaunchOptions = existsSync(debianChromium)
  ? {
      executablePath: debianChromium,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    }
  : {};

export default defineConfig({
  testDir: "e2e",
  // Playwright empties its output folder on every run; keep it apart from test-results/screenshots.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
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
    timeout: 20_000,
  },
});
