/**
 * Regenerates the demo cluster in public/demo/ (a control-plane node and a worker with two faults,
 * see scripts/demo/demo-cluster.ts) and its manifest.json. Run with `npm run demo`. Keys are fresh
 * on every run, so the bytes change; names, dates and the faults do not.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { DEMO_JUDGE_AT, DEMO_LABEL, demoCluster } from "./demo/demo-cluster";
import { demoManifest } from "./demo/demo-manifest";
import { KeyStore } from "./fixtures/keys";
import { NodeRenderer } from "./fixtures/render-node";
import { writeNode } from "./fixtures/write-node";

async function main(): Promise<void> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const dir = join(root, "public", "demo");
  const crypto = globalThis.crypto;
  const files = await new NodeRenderer(new KeyStore(crypto), crypto).render(demoCluster());
  await writeNode(dir, files);
  const manifest = demoManifest(DEMO_LABEL, DEMO_JUDGE_AT, files.keys());
  await writeFile(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${files.size} files and manifest.json to public/demo (judged at ${DEMO_JUDGE_AT})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
