import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

const debianChromium = "/usr/bin/chromium";

/**
 * Debian's Chromium when it is installed (CI and this project's machines never download a browser);
 * otherwise Playwright's own build, for someone who ran `npx playwright install`. Shared by the
 * Playwright config and `npm run bench:browser`, so both measure the same browser.
 */
export const chromiumLaunchOptions: LaunchOptions = existsSync(debianChromium)
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
