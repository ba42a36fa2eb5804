/**
 * The private keys a set of files holds, read back by the model that wrote them: each key id's first
 * PEM file block or kubeconfig `client-key-data`. Keys that no file holds (the kubelet discards the
 * key of its self-signed serving CA) cannot be read back and are left out, as are keys whose file is
 * not among the files given; the caller generates those.
 */
import { parse } from "yaml";

import type { InputFile } from "../inventory";
import { decodeBase64 } from "../shared/base64";
import { keyMaterialFromPem } from "./key-from-pem";
import type { KeyMaterial } from "./keys";
import { keySpec, type NodeModel } from "./node-model";

/** Where a key is written: a PEM file's `block`th block, or a kubeconfig's client key. */
export type KeyLocation = { path: string; block: number } | { path: string; kubeconfig: true };

/** The first place each key id of the model is written, in sorted path order. */
export function keyLocations(model: NodeModel): Map<string, KeyLocation> {
  const locations = new Map<string, KeyLocation>();
  for (const path of Object.keys(model.files).sort()) {
    const spec = model.files[path];
    if (spec?.kind === "pem") {
      spec.blocks.forEach((block, index) => {
        if (block.type === "private-key" && !locations.has(block.key))
          locations.set(block.key, { path, block: index });
      });
    } else if (spec?.kind === "kubeconfig" && spec.kubeconfig.credential.kind === "embedded") {
      const key = spec.kubeconfig.credential.key;
      if (!locations.has(key)) locations.set(key, { path, kubeconfig: true });
    }
  }
  return locations;
}

/** The PEM blocks of a file, in order, each with its armour. */
function pemBlocks(text: string): string[] {
  return [...text.matchAll(/-----BEGIN ([A-Z ]+)-----\r?\n[\s\S]*?-----END \1-----\r?\n?/g)].map((m) => m[0]);
}

/** The key's PEM text at `location` in the file's text; a file without it was not written by the model. */
function pemAt(text: string, location: KeyLocation): string {
  if ("kubeconfig" in location) {
    const config = parse(text) as { users?: { user?: Record<string, unknown> }[] } | null;
    const data = config?.users?.[0]?.user?.["client-key-data"];
    const decoded = typeof data === "string" ? decodeBase64(data) : undefined;
    if (!decoded?.ok) throw new Error("no readable client-key-data");
    return new TextDecoder().decode(decoded.value);
  }
  const block = pemBlocks(text)[location.block];
  if (!block) throw new Error(`no PEM block ${location.block}`);
  return block;
}

/**
 * Every key of `model` that `files` hold (or only the ids in `only`), by key id; paths as in the
 * model, '/'-separated. A file that is there but does not hold the key the model puts in it throws,
 * naming the key and the file: the files were not written from this model.
 */
export async function readKeyFiles(
  model: NodeModel,
  files: readonly InputFile[],
  crypto: Crypto,
  only?: ReadonlySet<string>,
): Promise<Map<string, KeyMaterial>> {
  const byPath = new Map(files.map((file) => [file.path, file.bytes]));
  const keys = new Map<string, KeyMaterial>();
  for (const [id, location] of keyLocations(model)) {
    if (only && !only.has(id)) continue;
    const bytes = byPath.get(location.path);
    if (!bytes) continue;
    try {
      const pem = pemAt(new TextDecoder().decode(bytes), location);
      keys.set(id, await keyMaterialFromPem(pem, keySpec(model, id), crypto));
    } catch (error) {
      throw new Error(
        `key "${id}" in ${location.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return keys;
}
