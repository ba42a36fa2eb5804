/**
 * Names picked files the way `k8s-pki audit` names the same files, so the explorer and the CLI give
 * one report whatever the door: `k8s-pki audit kind-ha` reads `kind-control-plane/etc/...` (paths
 * relative to the folder), while the folder picker and a dropped folder hand out
 * `kind-ha/kind-control-plane/etc/...`. The chosen folder is the audited root: its name labels the
 * source and leaves the paths. Several sources are put back under their labels by `filesForAnalysis`,
 * as the CLI prefixes each of several arguments with its name.
 */
import { labelFor, sharedFolder, type PickedFile, type ReadProblem } from "./picked-file";

export interface PickedSource {
  /** The folder's name, the file's name or a count (`kind-ha`, `node.tgz`, `3 files`). */
  label: string;
  /** The files, their paths relative to the audited root. */
  picked: PickedFile[];
  /** Entries that could not be opened, named like the files (as the CLI's notes name them). */
  problems: ReadProblem[];
}

/**
 * One source from picked files: a single folder (chosen or dropped) loses its name from the paths;
 * files, archives and several folders dropped together keep theirs, as the CLI's file arguments and
 * several arguments do.
 */
export function pickedSource(picked: PickedFile[], problems: ReadProblem[] = []): PickedSource {
  const label = labelFor(picked);
  const folder = sharedFolder(picked);
  if (folder === undefined) return { label, picked, problems };
  const inside = (path: string) => (path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path);
  return {
    label,
    picked: picked.map((p) => ({ ...p, path: inside(p.path) })),
    problems: problems.map((p) => ({ ...p, path: inside(p.path) })),
  };
}
