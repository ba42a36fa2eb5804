/**
 * Vitest's global setup: bundle the CLI before any test runs, so the tests that spawn
 * `cli/dist/k8s-pki.mjs` judge the sources as they are now, never a bundle left from an older checkout.
 */
import { buildCli } from "../../scripts/build-cli.mjs";

export default async function setup(): Promise<void> {
  await buildCli();
}
