import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

process.env.TZ = "UTC";

export default defineConfig({
  // The same `@/` alias as tsconfig.json, so component helpers import alike in the app and in tests.
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "cli/**/*.test.ts",
      "scripts/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
    ],
    environment: "node",
    // Tests spawn the bundled CLI (cli/dist/k8s-pki.mjs): build it from the current sources first.
    globalSetup: ["cli/test-support/build-cli-setup.ts"],
    testTimeout: 60_000,
    pool: "threads",
  },
});
