/**
 * PEM text or DER bytes — a dropped file or a kubeconfig `*-data` field — into the inventory.
 * Every block is read on its own: a bad block becomes a problem naming it, the others are kept.
 */
import { decodeText } from "./decode-text";
import type { InventoryBuilder, MaterialIds } from "./inventory-builder";
import type { ObjectRef, SourceRef } from "../inventory";
import { hasPemBlock, parsePem } from "./parse-pem";
import { publicKeysStandIn, type KeyPlace } from "./public-halves";
import { isPkcs12, readPkcs12 } from "./read-pkcs12";
import { looksLikeDer, readDer, readPemBlock, type BlockOutcome } from "./read-pki-material";

export interface MaterialOutcome {
  ids: MaterialIds;
  /** True when the bytes were PEM or DER at all (even if every block failed). */
  recognized: boolean;
  /** PEM block types present but not read (X509 CRL, DH PARAMETERS, ...). */
  ignoredTypes: string[];
}

export interface MaterialSource {
  path: string;
  /** Locator for embedded material (`users/admin`); files get `block N` for blocks after the first. */
  locator?: string;
  /** Prefix for problem reasons, e.g. `users/admin client-certificate-data: `. */
  label?: string;
  /** Whether a private key belongs here, when the place says so (see `KeyPlace` in public-halves.ts). */
  keyPlace?: boolean;
  /** The API object of a kubectl dump the material came from; each block's number is added to it. */
  object?: ObjectRef;
}

/** Where `source` is, for `publicKeysStandIn`. */
function placeOf(source: MaterialSource): KeyPlace {
  return {
    path: source.path,
    ownFile: source.locator === undefined,
    ...(source.keyPlace !== undefined ? { keyPlace: source.keyPlace } : {}),
  };
}

/** The SourceRef of block `index` of `source`. */
function blockSource(source: MaterialSource, locator: string | undefined, index: number): SourceRef {
  return {
    path: source.path,
    ...(locator ? { locator } : {}),
    ...(source.object ? { object: { ...source.object, block: index } } : {}),
  };
}

/** A PEM block read, before anything is added: what `addPkiMaterial` applies, and may reuse. */
export interface ReadBlock {
  index: number;
  type: string;
  outcome: BlockOutcome;
}

/** The blocks of PEM text, each read on its own; a pure function of the text. */
export function readPemBlocks(text: string): ReadBlock[] {
  return parsePem(text).map((block) => ({
    index: block.index,
    type: block.type,
    outcome: readPemBlock(block),
  }));
}

/** Add the PKI material in `bytes` (already-decoded `text` may be passed to avoid decoding twice). */
export async function addPkiMaterial(
  bytes: Uint8Array,
  source: MaterialSource,
  builder: InventoryBuilder,
  text: string | undefined = decodeText(bytes),
): Promise<MaterialOutcome> {
  if (text !== undefined && hasPemBlock(text)) return addPemBlocks(readPemBlocks(text), source, builder);
  return addBinaryMaterial(bytes, source, builder, text);
}

/** Add blocks read by `readPemBlocks` (read once, perhaps added for several sources). */
export async function addPemBlocks(
  blocks: readonly ReadBlock[],
  source: MaterialSource,
  builder: InventoryBuilder,
): Promise<MaterialOutcome> {
  const ids: MaterialIds = { certificateIds: [], keyIds: [] };
  const label = source.label ?? "";
  const ignoredTypes: string[] = [];
  let recognized = false;
  const standIn = publicKeysStandIn(
    placeOf(source),
    blocks.map((block) => block.type),
  );
  for (const { index, type, outcome } of blocks) {
    const name = `${label}block ${index} (${type})`;
    if ("ignored" in outcome) {
      if (type !== "EC PARAMETERS") ignoredTypes.push(type);
      continue;
    }
    recognized = true;
    if ("error" in outcome) {
      builder.problem(source.path, `${name}: ${outcome.error}`);
      continue;
    }
    const locator = source.locator ?? (index > 1 ? `block ${index}` : undefined);
    await builder.addItem(outcome.item, blockSource(source, locator, index), name, ids, standIn);
  }
  return { ids, recognized, ignoredTypes };
}

async function addBinaryMaterial(
  bytes: Uint8Array,
  source: MaterialSource,
  builder: InventoryBuilder,
  text: string | undefined,
): Promise<MaterialOutcome> {
  const ids: MaterialIds = { certificateIds: [], keyIds: [] };
  const label = source.label ?? "";
  const ignoredTypes: string[] = [];
  if (text === undefined && looksLikeDer(bytes) && isPkcs12(bytes)) {
    await addPkcs12(bytes, source, builder, ids);
    return { ids, recognized: true, ignoredTypes };
  }
  if (text === undefined && looksLikeDer(bytes)) {
    const item = readDer(bytes);
    const name = `${label}DER`;
    if (item.ok) {
      await builder.addItem(
        item.value,
        blockSource(source, source.locator, 1),
        name,
        ids,
        publicKeysStandIn(placeOf(source), []),
      );
    } else {
      builder.problem(source.path, `${label}${item.reason}`);
    }
    return { ids, recognized: true, ignoredTypes };
  }
  return { ids, recognized: false, ignoredTypes };
}

/** The bags of an opened PKCS#12 as items at `bag N`; a file that stays shut is recorded as locked. */
async function addPkcs12(
  bytes: Uint8Array,
  source: MaterialSource,
  builder: InventoryBuilder,
  ids: MaterialIds,
): Promise<void> {
  const label = source.label ?? "";
  const outcome = await readPkcs12(bytes, builder.passwords, builder.crypto, builder.kdfBudget);
  if (outcome.kind === "invalid") {
    builder.problem(source.path, `${label}${outcome.reason}`);
    return;
  }
  if (outcome.kind === "locked") {
    builder.lock({ path: source.path, format: "PKCS#12", status: outcome.status, reason: outcome.reason });
    return;
  }
  for (const bag of outcome.bags) {
    if ("ignored" in bag.item) continue;
    const bagName = `bag ${bag.number}`;
    const name = `${label}${bagName}`;
    if (!bag.item.ok) {
      builder.problem(source.path, `${name}: ${bag.item.reason}`);
      continue;
    }
    const locator = source.locator ? `${source.locator}/${bagName}` : bagName;
    await builder.addItem(bag.item.value, { path: source.path, locator }, name, ids);
  }
}
