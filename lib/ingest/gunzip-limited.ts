/**
 * gzip decompression that stops at a byte budget. fflate's one-shot gunzip would allocate a bomb's
 * full output before we could look at it; feeding the stream small slices of input bounds every
 * output chunk, so the budget is enforced while inflating.
 */
import { Gunzip } from "fflate";
import { errorMessage, fail, ok, type Result } from "../pki/result";

const INPUT_SLICE = 16 * 1024;

class BudgetExceeded extends Error {}

/**
 * Decompress gzip data, failing with `limited: true` when the output would exceed `maxBytes`, or
 * with the decoder's reason when the data is corrupt or cut short.
 */
export function gunzipLimited(
  data: Uint8Array,
  maxBytes: number,
): Result<Uint8Array> & { limited?: boolean } {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  const stream = new Gunzip((chunk, final) => {
    size += chunk.length;
    if (size > maxBytes) throw new BudgetExceeded();
    chunks.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let offset = 0; offset < data.length; offset += INPUT_SLICE) {
      stream.push(data.subarray(offset, offset + INPUT_SLICE), offset + INPUT_SLICE >= data.length);
    }
  } catch (error) {
    if (error instanceof BudgetExceeded) return { ...fail("expanded size over the limit"), limited: true };
    return fail(`corrupt gzip data: ${errorMessage(error)}`);
  }
  if (!finished) return fail("gzip data cut short");
  const out = new Uint8Array(size);
  let pos = 0;
  for (const chunk of chunks) {
    out.set(chunk, pos);
    pos += chunk.length;
  }
  return ok(out);
}
