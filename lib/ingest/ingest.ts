/**
 * Bytes in, Inventory out: the first stage of the analysis. Archives are expanded, every file is
 * sniffed by content and parsed into plain records, and kubeconfig file references are resolved
 * against the dropped paths. Bad input never throws — it becomes `problems` (PKI material that
 * could not be read), `skipped` (not PKI material at all) or `unread` (content that never reached
 * the analysis: unreadable at the edge, over a limit, a link to nothing or out of the folder).
 */
import { hostPathOf, mountsHolding } from "./container-path";
import { AnalysisCancelled, trackStage, type ProgressHooks } from "../analysis-progress";
import { errorMessage } from "../shared/result";
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from "./archive-limits";
import { expandArchives } from "./expand-archives";
import { oversizeReason } from "./input-limits";
import { InventoryBuilder } from "./inventory-builder";
import { kubeletLinkStandIns } from "./kubelet-stand-ins";
import { promoteDeclaredKeyFiles } from "./public-halves";
import type { PendingReference } from "./read-kubeconfig";
import type { PrepareAhead } from "./prepare-ahead";
import { readInputFile } from "./read-input-file";
import { SameContent } from "./same-content";
import { dirname, pathIndexOf, pathSegments, resolveEscaped } from "./resolve-path";
import { escapeFilePath, type InputFile, type Inventory, type UnreadInput } from "../inventory";

export type { ArchiveLimits } from "./archive-limits";

/** `onProgress` counts files read (after archives are expanded); `isCancelled` is checked between files. */
export interface IngestOptions extends ProgressHooks {
  /** WebCrypto provider: `globalThis.crypto` in Node 20 and in browsers/workers. */
  crypto: Crypto;
  limits?: Partial<ArchiveLimits>;
  /** Passwords to open password-protected PKCS#12 files with, after the empty one. */
  passwords?: readonly string[];
  /**
   * The caller hands the files over: `files` is emptied once its list is taken, and each file is
   * let go of as soon as it has been read, so a fleet's bytes are freed during the read instead of
   * staying alive through the whole analysis.
   */
  consumeInput?: boolean;
  /** Other cores preparing the files ahead of the reading (see prepare-ahead.ts). */
  prepareAhead?: PrepareAhead;
}

function normalizePath(path: string): string {
  return pathSegments(path.replace(/\\/g, "/")).join("/");
}

function byPath(a: { path: string }, b: { path: string }): number {
  if (a.path === b.path) return 0;
  return a.path < b.path ? -1 : 1;
}

/**
 * Whether ingest can read `file`; if not (the edge could not have its bytes, or it is over the
 * per-file limit however it got here), why, in `unread`.
 */
function readable(file: InputFile, unread: UnreadInput[]): boolean {
  const oversize = file.unreadable === undefined ? oversizeReason(file.bytes.length) : undefined;
  if (file.unreadable !== undefined)
    unread.push({ path: file.path, reason: file.unreadable, kind: file.unreadKind ?? "unreadable" });
  else if (oversize !== undefined) unread.push({ path: file.path, reason: oversize, kind: "limit" });
  else return true;
  return false;
}

/**
 * Build the Inventory for a set of files. Deterministic for the same files in any order: files are
 * read in path order (leading `./` and `/` stripped), so records and `sources` are in path order.
 * `crypto` computes certificate digests and derives public halves of keys that lack them.
 */
export async function ingest(files: InputFile[], options: IngestOptions): Promise<Inventory> {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const unread: UnreadInput[] = [];
  // In path order, so which archive a drop's budget runs out on does not depend on the input's order.
  let inputs = files
    .map((file) => ({ ...file, path: escapeFilePath(normalizePath(file.path)) }))
    .filter((file) => readable(file, unread))
    .sort(byPath);
  if (options.consumeInput) files.length = 0;
  const expanded = expandArchives(inputs, limits);
  const standIns = kubeletLinkStandIns(expanded.files);
  const plain: (InputFile | undefined)[] = [...expanded.files, ...standIns].sort(byPath);
  expanded.files.length = 0;
  const tracker = trackStage("read", plain.length, options);
  await tracker.checkpoint();
  const paths = [...new Set(plain.map((file) => file?.path ?? ""))];
  // The inventory keeps this very array as its paths: every later reference shares the index.
  const index = pathIndexOf(paths);

  const builder = new InventoryBuilder(options.crypto, options.passwords);
  for (const problem of expanded.problems) builder.problems.push(problem);
  for (const text of expanded.nameTexts) builder.secrets.addFromText(text);
  for (const input of [...unread, ...expanded.unread].sort(byPath)) builder.notRead(input);
  const links: Record<string, string> = { ...expanded.links };
  for (const file of inputs) {
    if (file.linkTarget === undefined) continue;
    const target = file.linkTarget;
    links[file.path] =
      (target.startsWith("/") ? resolveEscaped(index, target) : resolveEscaped(index, target, file.path)) ??
      (target.startsWith("/") ? target : normalizePath(`${dirname(file.path)}/${escapeFilePath(target)}`));
  }
  inputs = [];

  const pending: PendingReference[] = [];
  const sameContent = new SameContent();
  const ready = options.prepareAhead?.(plain);
  for (const standIn of standIns) links[standIn.path] = standIn.target;
  for (let i = 0; i < plain.length; i++) {
    const file = plain[i];
    if (!file) continue;
    await tracker.checkpoint();
    if (ready) await ready(i);
    try {
      const prepared = file.prepared ?? sameContent.prepare(file.bytes);
      await readInputFile(
        { path: file.path, bytes: file.bytes, ...(prepared ? { prepared } : {}) },
        builder,
        pending,
      );
    } catch (error) {
      // A cancellation stops the analysis; anything else is one file this reader cannot handle
      // (a bug), reported against that file while every other file is still read.
      if (error instanceof AnalysisCancelled) throw error;
      builder.problem(file.path, `could not be read: ${errorMessage(error)}`);
    }
    plain[i] = undefined;
    tracker.advance();
  }
  promoteDeclaredKeyFiles(builder, pending, index);
  for (const ref of pending) {
    // A kubeconfig a static pod reads names its files as the pod sees them, through its mounts.
    const host = hostPathOf(ref.declared, mountsHolding(ref.from, builder.manifests));
    const resolved = resolveEscaped(index, host, ref.from, ref.own === true);
    if (resolved) ref.apply(builder.materialAt(resolved));
  }
  const inventory = builder.build(paths, links);
  inventory.standIns = standIns.map(({ path, target }) => ({ path, target }));
  return inventory;
}
