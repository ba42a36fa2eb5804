/**
 * The one callback API every input shares (drop, folder, files, paste, demo): files with their
 * bytes and a label for the source, plus reading progress while big selections are read.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";
import type { PickedFile, ReadProblem } from "./picked-file";
import { pickedSource } from "./picked-source";
import { readFiles, unreadFile } from "./read-files";

export interface InputHandlers {
  /**
   * The chosen files, read; `problems` lists files that were not read (usually none), which are
   * among `files` too, as unreadable stand-ins the report names.
   */
  onFiles: (files: AnalysisFile[], label: string, problems: ReadProblem[]) => void;
  /** "read done of total files" while reading; wire it to the analysis hook's `reportLoading`. */
  onReading?: (done: number, total: number) => void;
}

/**
 * Read picked files and hand them over as one source, named as the CLI names them (see
 * `pickedSource`); nothing is handed over for an empty selection. `earlier` are the entries a
 * drop could not open: like files that could not be read, they go along as unreadable stand-ins,
 * so the report names them.
 */
export async function deliverPicked(
  picked: PickedFile[],
  earlier: ReadProblem[],
  handlers: InputHandlers,
): Promise<void> {
  if (picked.length === 0 && earlier.length === 0) return;
  const source = pickedSource(picked, earlier);
  const { files, problems } = await readFiles(source.picked, { onProgress: handlers.onReading });
  const unopened = source.problems.map((problem) => unreadFile(problem.path, problem.reason));
  handlers.onFiles([...files, ...unopened], source.label, [...source.problems, ...problems]);
}
