/**
 * gzip decompression that stops at a byte budget. fflate's one-shot gunzip would allocate a bomb's
 * full output before we could look at it; feeding the stream small slices of input bounds every
 * output chunk, so the budget is enforced while inflating.
 *
 * Memory is kept to the output itself: the size the gzip trailer declares (ISIZE) sizes one buffer
 * the output is written into, so a healthy archive is never held twice (as a chunk list and its
 * joined copy). A trailer declaring more than the budget is checked by inflating without keeping
 * anything, so a bomb that says what it is costs no memory; a trailer that lies (or names only
 * the last member of a multi-member file) falls back to collecting chunks, still within the budget.
 */
import { Gunzip } from "fflate";
import { errorMessage, fail, ok, type Result } from "../shared/result";

/**
 * Input fed per push. Deflate reaches ~1000:1, so a slice bounds each output chunk to ~4 MiB: a bomb's
 * short-lived chunks stay small enough for the garbage collector to keep up (16 KiB slices cost a
 * 1 MB bomb 120 MB of resident memory, 4 KiB 55 MB), at no measurable cost on a healthy .tgz.
 */
const INPUT_SLICE = 4 * 1024;

class BudgetExceeded extends Error {}

/**
 * A failed gunzip: `limited` when the budget stopped it, with the compressed bytes consumed by then;
 * for data that is corrupt or cut short, `partial` holds what was inflated before the fault (a
 * truncated download still holds every file before the cut).
 */
export type GunzipResult = Result<Uint8Array> & {
  limited?: boolean;
  stoppedAt?: number;
  partial?: Uint8Array;
};

/** ISIZE: the uncompressed size (mod 2^32) of the last member, from the last four bytes. */
function declaredSize(data: Uint8Array): number | undefined {
  if (data.length < 18) return undefined;
  const at = data.length - 4;
  return (
    ((data[at] ?? 0) | ((data[at + 1] ?? 0) << 8) | ((data[at + 2] ?? 0) << 16)) +
    (data[at + 3] ?? 0) * 2 ** 24
  );
}

/** Where inflated chunks go: into one buffer of the declared size while they fit, else a list. */
class Sink {
  private buffer: Uint8Array;
  private chunks: Uint8Array[] | undefined;
  size = 0;
  /** Output bytes before the last gzip member began (concatenated gzip files have several). */
  memberStart = 0;

  constructor(
    capacity: number,
    private readonly keep: boolean,
  ) {
    this.buffer = new Uint8Array(keep ? capacity : 0);
  }

  add(chunk: Uint8Array): void {
    const start = this.size;
    this.size += chunk.length;
    if (!this.keep) return;
    if (!this.chunks && this.size <= this.buffer.length) {
      this.buffer.set(chunk, start);
      return;
    }
    this.chunks ??= [this.buffer.subarray(0, start)];
    this.chunks.push(chunk);
  }

  /** The whole output; a copy only when the declared size was wrong. */
  output(): Uint8Array {
    if (!this.chunks) return this.size === this.buffer.length ? this.buffer : this.buffer.slice(0, this.size);
    const out = new Uint8Array(this.size);
    let pos = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, pos);
      pos += chunk.length;
    }
    return out;
  }
}

function inflate(data: Uint8Array, maxBytes: number, sink: Sink): GunzipResult | undefined {
  let finished = false;
  let offset = 0;
  const stream = new Gunzip((chunk, final) => {
    if (sink.size + chunk.length > maxBytes) throw new BudgetExceeded();
    sink.add(chunk);
    if (final) finished = true;
  });
  stream.onmember = () => {
    sink.memberStart = sink.size;
  };
  try {
    for (; offset < data.length; offset += INPUT_SLICE) {
      stream.push(data.subarray(offset, offset + INPUT_SLICE), offset + INPUT_SLICE >= data.length);
    }
  } catch (error) {
    if (error instanceof BudgetExceeded)
      return {
        ...fail("expanded size over the limit"),
        limited: true,
        stoppedAt: Math.min(offset, data.length),
      };
    return { ...fail(`corrupt gzip data: ${errorMessage(error)}`), partial: sink.output() };
  }
  if (!finished) return { ...fail("gzip data cut short"), partial: sink.output() };
  return undefined;
}

/**
 * Decompress gzip data, failing with `limited: true` (and where in the input it stopped) as soon as
 * the output would exceed `maxBytes`, or with the decoder's reason when the data is corrupt or cut short.
 */
export function gunzipLimited(data: Uint8Array, maxBytes: number): GunzipResult {
  const declared = declaredSize(data);
  if (declared !== undefined && declared > maxBytes) {
    const counted = inflate(data, maxBytes, new Sink(0, false));
    // Over the budget: said without keeping anything. Corrupt or cut short (the trailer was not
    // a trailer): inflated again below, keeping what comes before the fault.
    if (counted?.limited) return counted;
  }
  const sink = new Sink(declared !== undefined && declared <= maxBytes ? declared : 0, true);
  const failed = inflate(data, maxBytes, sink);
  if (failed) return failed;
  // The decoder may stop cleanly at a block boundary of data cut short: the trailer's size of the
  // last member (mod 2^32) is what tells a whole file from a truncated one.
  if (declared === undefined || (sink.size - sink.memberStart) % 2 ** 32 !== declared)
    return {
      ...fail("gzip data cut short (its size does not match the gzip trailer)"),
      partial: sink.output(),
    };
  return ok(sink.output());
}
