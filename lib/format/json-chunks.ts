/**
 * The JSON report as a sequence of text chunks whose concatenation is exactly
 * `JSON.stringify(value, null, 2)`. A fleet's report is tens of megabytes of text; written chunk by
 * chunk, it never exists as one string, so the CLI's memory stays near the size of the report
 * object itself and output starts while the rest is still being rendered.
 */

/** Elements per chunk of a long top-level array: large enough that JSON.stringify does the work. */
const BATCH = 256;
/** What `JSON.stringify({ "": batch }, null, 2)` puts around the elements of `batch`. */
const BATCH_PREFIX = '{\n  "": [\n';
const BATCH_SUFFIX = "\n  ]\n}";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !("toJSON" in value);
}

/** A property JSON.stringify writes (it skips undefined, functions and symbols). */
function written(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

/** A top-level array's elements, at the indentation they have in the whole document. */
function* arrayChunks(array: readonly unknown[]): Generator<string> {
  if (array.length === 0) {
    yield "[]";
    return;
  }
  yield "[\n";
  for (let start = 0; start < array.length; start += BATCH) {
    // Stringified inside a wrapper so the elements come out indented as in the whole document.
    const text = JSON.stringify({ "": array.slice(start, start + BATCH) }, null, 2);
    yield `${start === 0 ? "" : ",\n"}${text.slice(BATCH_PREFIX.length, text.length - BATCH_SUFFIX.length)}`;
  }
  yield "\n  ]";
}

/**
 * The chunks of `JSON.stringify(value, null, 2)` for plain data such as the report: an object's
 * long top-level arrays (certificates, relationships, findings) come a batch of elements at a time,
 * everything else in one piece.
 */
export function* jsonChunks(value: unknown): Generator<string> {
  if (!isPlainObject(value)) {
    yield JSON.stringify(value, null, 2);
    return;
  }
  const entries = Object.entries(value).filter(([, v]) => written(v));
  if (entries.length === 0) {
    yield "{}";
    return;
  }
  yield "{";
  for (const [i, [key, v]] of entries.entries()) {
    yield `${i === 0 ? "" : ","}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(v) && v.length > BATCH) yield* arrayChunks(v);
    else yield JSON.stringify(v, null, 2).replaceAll("\n", "\n  ");
  }
  yield "\n}";
}
