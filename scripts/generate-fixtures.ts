/**
 * Regenerates the committed test fixtures: e2e/fixtures/healthy (a kubeadm v1.31 control-plane
 * node) and one folder per fault variant under e2e/fixtures/faults. Run with `npm run fixtures`.
 * Keys are freshly generated on every full run, so the bytes change; everything else (names, dates,
 * extensions, serials derived from them) is fixed. The copied kubeadm-v1.20 sample is not touched.
 *
 * `npm run fixtures -- NAME...` (re)generates only the named variants, on the committed healthy
 * node's keys: every other committed file stays byte-identical, and in the named folders only the
 * files their fault changes differ from healthy/. `npm run fixtures -- kubectl-dumps` remakes the
 * kubectl dumps alone, for the committed healthy node's cluster.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { FAULTS, FIXTURES_DIR, HEALTHY, KUBECTL_DUMPS } from "./fixtures/catalogue";
import { DUMP_INPUTS, renderKubectlDumps } from "./fixtures/kubectl-dumps";
import { fixturesReadme } from "./fixtures/fixtures-readme";
import { healthyNode } from "../lib/generate/healthy-node";
import { KeyStore } from "../lib/generate/keys";
import { cloneNode } from "../lib/generate/node-model";
import { NodeRenderer } from "../lib/generate/render-node";
import { renderOnCommitted } from "./fixtures/render-on-committed";
import { VARIANTS } from "./fixtures/variants";
import { writeNode } from "./fixtures/write-node";

function fixtureDir(name: string): string {
  const fixture = FAULTS.find((candidate) => candidate.name === name);
  if (!fixture) throw new Error(`variant ${name} is missing from the catalogue`);
  return fixture.dir;
}

async function generateAll(root: string, crypto: Crypto): Promise<string> {
  const renderer = new NodeRenderer(new KeyStore(crypto), crypto);
  const healthy = healthyNode();
  const healthyFiles = await renderer.render(healthy);
  await writeNode(join(root, HEALTHY.dir), healthyFiles);
  await writeNode(join(root, KUBECTL_DUMPS.dir), await renderKubectlDumps(healthyFiles, crypto));
  await rm(join(root, FIXTURES_DIR, "faults"), { recursive: true, force: true });
  for (const variant of VARIANTS) {
    const model = cloneNode(healthy);
    variant.mutate(model);
    await writeNode(join(root, fixtureDir(variant.name)), await renderer.render(model));
  }
  return `${HEALTHY.dir}, ${KUBECTL_DUMPS.dir} and ${VARIANTS.length} fault variants under ${FIXTURES_DIR}/faults`;
}

/** The kubectl dumps alone, made for the committed healthy node's cluster CA and kubelet. */
async function generateDumps(root: string, crypto: Crypto): Promise<string> {
  const healthy = new Map<string, Uint8Array>();
  for (const path of Object.values(DUMP_INPUTS))
    healthy.set(path, new Uint8Array(await readFile(join(root, HEALTHY.dir, ...path.split("/")))));
  await writeNode(join(root, KUBECTL_DUMPS.dir), await renderKubectlDumps(healthy, crypto));
  return `${KUBECTL_DUMPS.dir} on the committed ${HEALTHY.dir}`;
}

async function generateNamed(root: string, names: string[], crypto: Crypto): Promise<string> {
  if (names.length === 1 && names[0] === KUBECTL_DUMPS.name) return generateDumps(root, crypto);
  const unknown = names.filter((name) => !VARIANTS.some((variant) => variant.name === name));
  if (unknown.length > 0)
    throw new Error(
      `unknown variant ${unknown.join(", ")}; known: ${VARIANTS.map((v) => v.name).join(", ")}`,
    );
  const variants = VARIANTS.filter((variant) => names.includes(variant.name));
  const rendered = await renderOnCommitted(variants, join(root, HEALTHY.dir), crypto);
  for (const [name, { files, rendered: changed }] of rendered) {
    await writeNode(join(root, fixtureDir(name)), files);
    console.log(`${name}: ${changed.join(", ") || "(no file differs from healthy)"}`);
  }
  return `${variants.length} fault variant${variants.length === 1 ? "" : "s"} on the committed ${HEALTHY.dir}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const root = fileURLToPath(new URL("..", import.meta.url));
  const names = process.argv.slice(2);
  const crypto = globalThis.crypto;
  const what = names.length > 0 ? await generateNamed(root, names, crypto) : await generateAll(root, crypto);
  await writeFile(join(root, FIXTURES_DIR, "README.md"), fixturesReadme());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${what} in ${seconds}s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
