/**
 * Other cores preparing files (lib/ingest/prepare-file.ts) while ingest records them in path order:
 * the page's pool of Web Workers and the CLI's worker threads both come in as `PrepareRemote`
 * functions. The files are cut into batches; an idle preparer takes the next batch ahead of the one
 * ingest is recording, and ingest, reaching a batch nobody took, prepares it itself. So a preparer
 * that is slow to start costs nothing, one core is no slower than without a pool, and ingest only
 * waits for a batch that is already being prepared elsewhere. The inventory is the same either way.
 */
import type { InputFile, PreparedFile } from "../inventory";

/** Prepares a batch of file contents elsewhere; one answer per file, in order. */
export type PrepareRemote = (bytes: Uint8Array[]) => Promise<(PreparedFile | undefined)[]>;

/**
 * Starts preparing `files` (ingest's files in reading order; ingest lets go of each once read, so
 * an entry may have become undefined) and returns what ingest awaits before it reads file `index`:
 * resolved once that file is prepared, or at once when ingest is to prepare it.
 */
export type PrepareAhead = (files: readonly (InputFile | undefined)[]) => (index: number) => Promise<void>;

export interface PrepareAheadOptions {
  /** Files per batch (default 128): a message's worth, small enough that ingest never waits long. */
  batchSize?: number;
  /** Batches one preparer holds at a time (default 2), so it never idles while an answer travels. */
  inFlight?: number;
}

/** Larger files are few, and are prepared where they are read (as the same-content memo does). */
const MAX_SENT_BYTES = 64 * 1024;

type BatchState = "queued" | "remote" | "local" | "done";

/** A `PrepareAhead` over `preparers`; with none, ingest prepares everything itself. */
export function prepareAheadWith(
  preparers: readonly PrepareRemote[],
  options: PrepareAheadOptions = {},
): PrepareAhead {
  const batchSize = options.batchSize ?? 128;
  const inFlight = options.inFlight ?? 2;
  return (files) => {
    const batches: number[][] = [];
    const batchOf = new Int32Array(files.length).fill(-1);
    let current: number[] = [];
    files.forEach((file, index) => {
      if (!file || file.prepared || file.bytes.length === 0 || file.bytes.length > MAX_SENT_BYTES) return;
      batchOf[index] = batches.length;
      current.push(index);
      if (current.length === batchSize) {
        batches.push(current);
        current = [];
      }
    });
    if (current.length > 0) batches.push(current);
    const state: BatchState[] = batches.map(() => "queued");
    const answers = new Map<number, Promise<void>>();
    const held = preparers.map(() => 0);
    /** The batch ingest is at: preparers take batches after it. */
    let reading = 0;
    let next = 0;

    const take = (who: number) => {
      const preparer = preparers[who];
      if (!preparer) return;
      while ((held[who] ?? 0) < inFlight) {
        next = Math.max(next, reading + 1);
        while (next < batches.length && state[next] !== "queued") next++;
        const batch = next;
        const indices = batches[batch];
        if (!indices) return;
        state[batch] = "remote";
        held[who] = (held[who] ?? 0) + 1;
        // Copies: a file may be a view into a whole archive's buffer, which must not travel along.
        const bytes = indices.map((index) => files[index]?.bytes.slice() ?? new Uint8Array());
        const answer = preparer(bytes).then(
          (prepared) => {
            indices.forEach((index, i) => {
              const file = files[index];
              const ahead = prepared[i];
              if (file && ahead && !file.prepared) file.prepared = ahead;
            });
          },
          // A preparer that fails leaves its batch to ingest: the same inventory, only slower.
          () => undefined,
        );
        answers.set(
          batch,
          answer.then(() => {
            state[batch] = "done";
            held[who] = (held[who] ?? 0) - 1;
            take(who);
          }),
        );
      }
    };
    preparers.forEach((_, who) => take(who));

    return async (index) => {
      const batch = batchOf[index] ?? -1;
      if (batch < 0) return;
      reading = Math.max(reading, batch);
      if (state[batch] === "queued") state[batch] = "local";
      else if (state[batch] === "remote") await answers.get(batch);
    };
  };
}
