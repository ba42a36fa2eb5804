/**
 * Regenerates the demo cluster (a control-plane node and a worker with two faults, see
 * lib/generate/demo-cluster.ts): the files as a folder in e2e/fixtures/demo, and in public/demo/ the
 * same files as one archive (what the page downloads, scripts/demo/pack-demo.ts) and manifest.json. Run with `npm run demo`. Keys are
 * fresh on every run, so the bytes change; names, dates and the faults do not.
 * `npm run demo -- --pack-only` keeps the folder's files and only re-packs the archive and manifest.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import type { InputFile } from "../lib/inventory";
import { readTree } from "../lib/test-support/fixtures";
import { DEMO_JUDGE_AT, DEMO_LABEL, demoCluster } from "../lib/generate/demo-cluster";
import { demoManifest } from "./demo/demo-manifest";
import { DEMO_ARCHIVE, packDemo } from "./demo/pack-demo";
import { KeyStore } from "../lib/generate/keys";
import { NodeRenderer } from "../lib/generate/render-node";
import { writeNode } from "./fixtures/write-node";

const MANIFEST = "manifest.json";

/** Fresh keys and certificates for every file of the demo cluster, written as the folder. */
async function renderFolder(dir: string): Promise<InputFile[]> {
  const crypto = globalThis.crypto;
  const files = await new NodeRenderer(new KeyStore(crypto), crypto).render(demoCluster());
  await writeNode(dir, files);
  return [...files].map(([path, bytes]) => ({ path, bytes }));
}

async function main(): Promise<void> {
  const packOnly = process.argv.includes("--pack-only");
  const root = fileURLToPath(new URL("..", import.meta.url));
  // The files as a folder, for the tests and `k8s-pki audit`; the site serves only the archive.
  const folder = join(root, "e2e", "fixtures", "demo");
  const dir = join(root, "public", "demo");
  const files = packOnly ? readTree(folder) : await renderFolder(folder);
  const packed = await packDemo(files);
  await writeFile(join(dir, DEMO_ARCHIVE), packed.archive);
  const manifest = demoManifest(
    DEMO_LABEL,
    DEMO_JUDGE_AT,
    { name: DEMO_ARCHIVE, sha256: packed.sha256 },
    files.map((file) => file.path),
  );
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `${packOnly ? "re-packed" : "wrote"} ${files.length} files as ${DEMO_ARCHIVE} (${packed.archive.length} bytes) ` +
      `and ${MANIFEST} in public/demo (judged at ${DEMO_JUDGE_AT})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
