/**
 * Renders a model on top of the files an earlier render of another model wrote — the demo's files,
 * say, under one of its break-it scenarios. Every file whose rendering inputs are the same in both
 * models keeps its bytes; only the files a change touched are rendered, with the keys read back from
 * the earlier files, so nothing slow (RSA key generation) runs for a key those files already hold.
 * Keys that no earlier file holds are generated. Renders on the same files can share a RenderReuse
 * (render-reuse.ts), so keys are read and certificates issued once across them.
 */
import type { InputFile } from "../inventory";
import { fileInputs } from "./file-inputs";
import { readKeyFiles } from "./key-files";
import { KeyStore } from "./keys";
import type { NodeModel } from "./node-model";
import { NodeRenderer } from "./render-node";
import type { RenderReuse } from "./render-reuse";

/** The files of a render on earlier files, and what it had to do anew. */
export interface RenderedOnFiles {
  /** Every file of the model, in path order. */
  files: InputFile[];
  /** Paths rendered anew (the others are the earlier bytes). */
  rendered: string[];
  /** Key ids generated because no earlier file held them. */
  generatedKeys: string[];
}

const byPath = (a: InputFile, b: InputFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * `model` rendered on `baseFiles`, which a render of `base` wrote (the keys of `base` are read from
 * them). A file of `model` keeps its earlier bytes when `baseFiles` has it and its inputs are equal
 * in `base` and `model`; files of `baseFiles` that `model` does not have are left out. `reuse`, made
 * for exactly `base` and `baseFiles`, keeps what this render reads and issues for the next one.
 */
export async function renderOnFiles(
  model: NodeModel,
  base: NodeModel,
  baseFiles: readonly InputFile[],
  crypto: Crypto,
  reuse?: RenderReuse,
): Promise<RenderedOnFiles> {
  if (reuse && (reuse.base !== base || (reuse.baseFiles !== baseFiles && !reuse.isFor(baseFiles))))
    throw new Error("the reused render state is of other files");
  const earlier = new Map(baseFiles.map((file) => [file.path, file]));
  const kept: InputFile[] = [];
  const changed: string[] = [];
  const neededKeys = new Set<string>();
  for (const path of Object.keys(model.files)) {
    const inputs = fileInputs(model, path);
    const file = earlier.get(path);
    if (file && base.files[path] && fileInputs(base, path).fingerprint === inputs.fingerprint) {
      kept.push({ path, bytes: file.bytes });
    } else {
      changed.push(path);
      // A key id the model gives another spec is another key: it cannot come from the earlier files.
      for (const id of inputs.keys)
        if (JSON.stringify(base.keys[id]) === JSON.stringify(model.keys[id])) neededKeys.add(id);
    }
  }
  const keys = new KeyStore(crypto);
  const read = reuse ? await reuse.keys(neededKeys) : await readKeyFiles(base, baseFiles, crypto, neededKeys);
  for (const [id, material] of read) keys.seed(id, material);
  reuse?.trim();
  const rendered = await new NodeRenderer(keys, crypto, reuse?.issued).render(model, changed);
  const files = [...kept, ...[...rendered].map(([path, bytes]) => ({ path, bytes }))].sort(byPath);
  return { files, rendered: [...rendered.keys()], generatedKeys: [...keys.generated()] };
}
