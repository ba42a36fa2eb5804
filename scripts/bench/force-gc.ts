/**
 * A garbage collection between timed runs, so one run does not pay for the previous run's garbage.
 * `npm run bench` starts Node without `--expose-gc`; V8 lets the flag be set at run time and the
 * `gc` function then appears in fresh contexts.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** A function that forces a full collection, or the reason none is available. */
export function forceGc(): { gc: () => void } | { reason: string } {
  const existing = (globalThis as { gc?: unknown }).gc;
  if (typeof existing === "function") return { gc: existing as () => void };
  setFlagsFromString("--expose-gc");
  try {
    const gc: unknown = runInNewContext("gc");
    if (typeof gc === "function") return { gc: gc as () => void };
    return { reason: "gc is not a function even with --expose-gc set at run time" };
  } catch (error) {
    return { reason: `gc not exposed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
