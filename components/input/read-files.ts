/**
 * Reads picked files into memory in parallel batches, reporting "read N of M" between batches, so a
 * drop of thousands of files neither floods the browser with reads nor leaves the page silent.
 */
import type { AnalysisFile } from "../../lib/bridge/protocol";
import { errorMessage } from "../../lib/pki/result";
import type { PickedFile, ReadProblem } from "./picked-file";

export interface ReadFilesOptions {
  /** Files read at once (default 32). */
  batchSize?: number;
  /** Called with 0 first, then after each batch. */
  onProgress?: (done: number, total: number) => void;
}

export interface ReadFilesResult {
  files: AnalysisFile[];
  problems: ReadProblem[];
}

/** Read every picked file; a file that cannot be read becomes a problem with its reason. */
export async function readFiles(
  picked: PickedFile[],
  options: ReadFilesOptions = {},
): Promise<ReadFilesResult> {
  const batchSize = Math.max(1, options.batchSize ?? 32);
  const files: AnalysisFile[] = [];
  const problems: ReadProblem[] = [];
  options.onProgress?.(0, picked.length);
  for (let start = 0; start < picked.length; start += batchSize) {
    const batch = picked.slice(start, start + batchSize);
    const results = await Promise.allSettled(batch.map((p) => p.file.arrayBuffer()));
    results.forEach((result, i) => {
      const path = batch[i]?.path ?? "";
      if (result.status === "fulfilled") files.push({ path, bytes: result.value });
      else problems.push({ path, reason: `could not be read: ${errorMessage(result.reason)}` });
    });
    options.onProgress?.(Math.min(start + batchSize, picked.length), picked.length);
  }
  return { files, problems };
}
