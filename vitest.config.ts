import { defineConfig } from "vitest/config";

process.env.TZ = "UTC";

export default defineConfig({
  test: {
    include: [
      "lib/**/*.test.ts",
      "cli/**/*.test.ts",
      "scripts/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    pool: "threads",
  },
});
