/**
 * Regenerates the committed test fixtures: e2e/fixtures/healthy (a kubeadm v1.31 control-plane
 * node) and one folder per fault variant under e2e/fixtures/faults. Run with `npm run fixtures`.
 * Keys are freshly generated on every run, so the bytes change; everything else (names, dates,
 * extensions, serials derived from them) is fixed. The copied kubeadm-v1.20 sample is not touched.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { FAULTS, FIXTURES_DIR, HEALTHY } from "./fixtures/catalogue";
import { fixturesReadme } from "./fixtures/fixtures-readme";
import { healthyNode } from "./fixtures/healthy-node";
import { KeyStore } from "./fixtures/keys";
import { cloneNode } from "./fixtures/node-model";
import { NodeRenderer } from "./fixtures/render-node";
import { VARIANTS } from "./fixtures/variants";
import { writeNode } from "./fixtures/write-node";

async function main(): Promise<void> {
  const started = performance.now();
  const root = fileURLToPath(new URL("..", import.meta.url));
  const crypto = globalThis.crypto;
  const renderer = new NodeRenderer(new KeyStore(crypto), crypto);
  const healthy = healthyNode();

  await writeNode(join(root, HEALTHY.dir), await renderer.render(healthy));
  await rm(join(root, FIXTURES_DIR, "faults"), { recursive: true, force: true });
  for (const variant of VARIANTS) {
    const model = cloneNode(healthy);
    variant.mutate(model);
    const fixture = FAULTS.find((candidate) => candidate.name === variant.name);
    if (!fixture) throw new Error(`variant ${variant.name} is missing from the catalogue`);
    await writeNode(join(root, fixture.dir), await renderer.render(model));
  }
  await writeFile(join(root, FIXTURES_DIR, "README.md"), fixturesReadme());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `wrote ${HEALTHY.dir} and ${VARIANTS.length} fault variants under ${FIXTURES_DIR}/faults in ${seconds}s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
