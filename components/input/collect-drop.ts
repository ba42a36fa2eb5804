/**
 * Turns a drop into picked files. A dropped folder arrives as a FileSystemDirectoryEntry whose
 * reader hands out children in batches (Chromium: 100 at a time) until an empty batch, so the walk
 * keeps calling `readEntries`. Synthetic drops (tests, some platforms) have no entries: then the
 * flat `dataTransfer.files` is all there is.
 */
import { errorMessage } from "@/lib/shared/result";
import { pickedFromList, type NamedBlob, type PickedFile, type ReadProblem } from "./picked-file";

/** The part of FileSystemFileEntry the walk uses. */
export interface FileEntryLike {
  isFile: true;
  isDirectory: false;
  name: string;
  file(success: (file: Blob) => void, failure?: (error: unknown) => void): void;
}

/** The part of FileSystemDirectoryReader the walk uses. */
export interface DirectoryReaderLike {
  readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
}

/** The part of FileSystemDirectoryEntry the walk uses. */
export interface DirectoryEntryLike {
  isFile: false;
  isDirectory: true;
  name: string;
  createReader(): DirectoryReaderLike;
}

export type EntryLike = FileEntryLike | DirectoryEntryLike;

export interface CollectedDrop {
  picked: PickedFile[];
  problems: ReadProblem[];
}

function fileOf(entry: FileEntryLike): Promise<Blob> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function batchOf(reader: DirectoryReaderLike): Promise<EntryLike[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: EntryLike, parent: string, out: CollectedDrop): Promise<void> {
  const path = parent ? `${parent}/${entry.name}` : entry.name;
  if (entry.isFile) {
    try {
      out.picked.push({ path, file: await fileOf(entry) });
    } catch (error) {
      out.problems.push({ path, reason: `could not be opened: ${errorMessage(error)}` });
    }
    return;
  }
  const reader = entry.createReader();
  for (;;) {
    let batch: EntryLike[];
    try {
      batch = await batchOf(reader);
    } catch (error) {
      out.problems.push({ path, reason: `folder could not be listed: ${errorMessage(error)}` });
      return;
    }
    if (batch.length === 0) return;
    // Siblings are opened together: each file() is a round trip to the browser's file system.
    await Promise.all(batch.map((child) => walk(child, path, out)));
  }
}

/**
 * Walk dropped entries recursively into files with relative paths, the dropped item's own name
 * first (as `webkitRelativePath` has it). Files and problems are sorted by path for a stable order.
 */
export async function collectEntries(entries: EntryLike[]): Promise<CollectedDrop> {
  const out: CollectedDrop = { picked: [], problems: [] };
  for (const entry of entries) await walk(entry, "", out);
  const byPath = (a: { path: string }, b: { path: string }) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  out.picked.sort(byPath);
  out.problems.sort(byPath);
  return out;
}

/** The DataTransfer parts a drop handler reads; a real DataTransfer satisfies it. */
export interface DropDataLike {
  items?: ArrayLike<{ kind: string; webkitGetAsEntry?: () => unknown }>;
  files: ArrayLike<NamedBlob>;
}

/**
 * Collect a drop. Entries must be taken synchronously inside the drop event (the DataTransfer is
 * emptied when the handler returns), so this reads them before its first await; call it directly
 * from the handler.
 */
export function collectDrop(data: DropDataLike): Promise<CollectedDrop> {
  const entries: EntryLike[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== "file") continue;
    const entry = item.webkitGetAsEntry?.() as EntryLike | null | undefined;
    if (entry) entries.push(entry);
  }
  if (entries.length > 0) return collectEntries(entries);
  return Promise.resolve({ picked: pickedFromList(data.files), problems: [] });
}
