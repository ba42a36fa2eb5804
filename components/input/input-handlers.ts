/**
 * The one callback API every input shares (drop, folder, files, paste, demo): files with their
 * bytes and a label for the source, plus reading progress while big selections are read.
 */
import type { AnalysisFile } from "../../lib/bridge/protocol";
import type { PickedFile, ReadProblem } from "./picked-file";
import { pickedSource } from "./picked-source";
import { readFiles } from "./read-files";

export interface InputHandlers {
  /** The chosen files, read; `problems` lists files that could not be read (usually none). */
  onFiles: (files: AnalysisFile[], label: string, problems: ReadProblem[]) => void;
  /** "read done of total files" while reading; wire it to the analysis hook's `reportLoading`. */
  onReading?: (done: number, total: number) => void;
}

/**
 * Read picked files and hand them over as one source, named as the CLI names them (see
 * `pickedSource`); nothing is handed over for an empty selection. `earlier` are the entries a
 * drop could not open.
 */
export async function deliverPicked(
  picked: PickedFile[],
  earlier: ReadProblem[],
  handlers: InputHandlers,
): Promise<void> {
  if (picked.length === 0 && earlier.length === 0) return;
  const source = pickedSource(picked, earlier);
  const { files, problems } = await readFiles(source.picked, { onProgress: handlers.onReading });
  handlers.onFiles(files, source.label, [...source.problems, ...problems]);
}
