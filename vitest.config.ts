import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

process.env.TZ = "UTC";

/**
 * The slow tier: tests that start processes (the bundled CLI, the collector under dash and busybox,
 * npm pack and npx, the README's examples) or run the openssl oracle over every fixture, and the
 * layout of graphs at fleet scale. `npm run test:slow` runs them alone, `npm run test:unit` everything
 * else (the loop while coding), `npm test` and CI both.
 */
const SLOW = [
  "cli/**/*.test.ts",
  "lib/openssl-cross-check.test.ts",
  "lib/pki/go/go-oracle.test.ts",
  "lib/teach/all-fixtures.test.ts",
  "components/graph/topology-layout.test.ts",
  "scripts/readme-examples.test.ts",
  "scripts/fuzz.test.ts",
];

const ALL = [
  "lib/**/*.test.ts",
  "cli/**/*.test.ts",
  "scripts/**/*.test.ts",
  "components/**/*.test.ts",
  "app/**/*.test.ts",
];

export default defineConfig({
  // The same `@/` alias as tsconfig.json, so component helpers import alike in the app and in tests.
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    // Tests spawn the bundled CLI (cli/dist/k8s-pki.mjs): build it from the current sources first.
    globalSetup: ["cli/test-support/build-cli-setup.ts"],
    testTimeout: 60_000,
    // Hooks pack the package, build node trees and start servers: on a busy machine that is more
    // than Vitest's 10 s default.
    hookTimeout: 120_000,
    pool: "threads",
    // Vitest's default leaves one core to its main thread, which on a two-core machine means one
    // worker: the tests wait on crypto, processes and files as much as on the CPU, so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // One module graph per worker for the fast tier: the core is imported once, not once per file.
      // Tests hold no state at module level beyond caches keyed by their inputs (every file passes
      // both ways); the slow tier keeps the default isolation.
      { extends: true, test: { name: "unit", include: ALL, exclude: SLOW, isolate: false } },
      { extends: true, test: { name: "slow", include: SLOW } },
    ],
  },
});
