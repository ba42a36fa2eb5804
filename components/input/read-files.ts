/**
 * Reads picked files into memory in parallel batches, reporting "read N of M" between batches, so a
 * drop of thousands of files neither floods the browser with reads nor leaves the page silent. A
 * file over the per-file limit is never read (its size is known before `arrayBuffer()`), and a file
 * the browser could not read is kept as an unreadable stand-in: both reach the report by name
 * (INPUT_SKIPPED), with the same words the command line uses for the same file.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { MAX_INPUT_FILE_BYTES, oversizeReason } from "@/lib/ingest/input-limits";
import type { UnreadKind } from "@/lib/inventory";
import { errorMessage } from "@/lib/shared/result";
import type { PickedFile, ReadProblem } from "./picked-file";

export interface ReadFilesOptions {
  /** Files read at once (default 32). */
  batchSize?: number;
  /** Larger files are not read (default: lib's per-file limit, the CLI's too). */
  maxFileBytes?: number;
  /** Called with 0 first, then after each batch. */
  onProgress?: (done: number, total: number) => void;
}

export interface ReadFilesResult {
  /** Every picked file: read, or an unreadable stand-in saying why not. */
  files: AnalysisFile[];
  /** The files that were not read, for the page's notice. */
  problems: ReadProblem[];
}

/** The stand-in for a file the page did not read: empty bytes and the reason, for the report. */
export function unreadFile(path: string, reason: string, kind: UnreadKind = "unreadable"): AnalysisFile {
  return {
    path,
    bytes: new ArrayBuffer(0),
    unreadable: reason,
    ...(kind === "unreadable" ? {} : { unreadKind: kind }),
  };
}

/** Read every picked file; one that is too large or cannot be read becomes a stand-in and a problem. */
export async function readFiles(
  picked: PickedFile[],
  options: ReadFilesOptions = {},
): Promise<ReadFilesResult> {
  const batchSize = Math.max(1, options.batchSize ?? 32);
  const maxFileBytes = options.maxFileBytes ?? MAX_INPUT_FILE_BYTES;
  const files: AnalysisFile[] = [];
  const problems: ReadProblem[] = [];
  options.onProgress?.(0, picked.length);
  for (let start = 0; start < picked.length; start += batchSize) {
    const batch = picked.slice(start, start + batchSize);
    // Sizes first: a 200 MB file is refused before a byte of it is read into the tab.
    const oversize = batch.map((p) => oversizeReason(p.file.size, maxFileBytes));
    const results = await Promise.allSettled(
      batch.map((p, i) => (oversize[i] === undefined ? p.file.arrayBuffer() : Promise.resolve(undefined))),
    );
    results.forEach((result, i) => {
      const path = batch[i]?.path ?? "";
      const tooLarge = oversize[i];
      if (tooLarge !== undefined) {
        files.push(unreadFile(path, tooLarge, "limit"));
        problems.push({ path, reason: `${tooLarge}: not read` });
      } else if (result.status === "fulfilled" && result.value) {
        files.push({ path, bytes: result.value });
      } else {
        const why = result.status === "rejected" ? errorMessage(result.reason) : "no content";
        files.push(unreadFile(path, why));
        problems.push({ path, reason: `could not be read: ${why}` });
      }
    });
    options.onProgress?.(Math.min(start + batchSize, picked.length), picked.length);
  }
  return { files, problems };
}
