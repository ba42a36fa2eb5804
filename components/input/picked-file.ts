/**
 * A file the person chose, before its bytes are read: the path it will have in the analysis and the
 * Blob to read. Every input (folder picker, file picker, drop) produces these, then `readFiles` reads them.
 */
export interface PickedFile {
  /** '/'-separated, relative, with the chosen folder's name first (`etc-kubernetes/pki/ca.crt`) until `pickedSource` takes it off. */
  path: string;
  file: Blob;
}

/** A file that could not be read, and why (permission, vanished, unreadable entry). */
export interface ReadProblem {
  path: string;
  reason: string;
}

/** The minimal File shape `pickedFromList` needs, so it works on a FileList and in tests. */
export interface NamedBlob extends Blob {
  name: string;
  webkitRelativePath?: string;
}

/**
 * Files from an `<input type=file>` or a synthetic drop: the folder picker fills
 * `webkitRelativePath` (folder name first), the plain picker only `name`.
 */
export function pickedFromList(files: ArrayLike<NamedBlob>): PickedFile[] {
  return Array.from(files, (file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/** The one folder every picked path lies in (`kubernetes` for a chosen folder), if there is one. */
export function sharedFolder(picked: PickedFile[]): string | undefined {
  const top = picked[0]?.path.split("/")[0];
  if (top === undefined) return undefined;
  return picked.every((p) => p.path.startsWith(`${top}/`)) ? top : undefined;
}

/** What to call a set of picked files: the folder's name when they share one, else the file name or a count. */
export function labelFor(picked: PickedFile[]): string {
  const first = picked[0];
  if (!first) return "No files";
  const folder = sharedFolder(picked);
  if (folder !== undefined) return folder;
  if (picked.length === 1) return first.path;
  return `${picked.length} files`;
}
