/**
 * Delta debugging of a failing case's target file: chunks of its bytes (halves first, then ever
 * smaller pieces) are cut away while the same failure still shows, within a bounded number of
 * tries and time, so a reproducer is the smallest input found rather than a 4 MB original.
 */
import { type FuzzCase, targetBytes, withTargetBytes } from "./fuzz-case";

export interface MinimiseOptions {
  maxTries: number;
  maxMs: number;
}

export interface Minimised {
  fuzzCase: FuzzCase;
  tries: number;
  fromBytes: number;
  toBytes: number;
}

const without = (bytes: Uint8Array, start: number, end: number) => {
  const out = new Uint8Array(bytes.length - (end - start));
  out.set(bytes.subarray(0, start), 0);
  out.set(bytes.subarray(end), start);
  return out;
};

/** The smallest target found for which `stillFails` holds (ddmin over byte chunks). */
export async function minimise(
  fuzzCase: FuzzCase,
  stillFails: (candidate: FuzzCase) => Promise<boolean>,
  options: MinimiseOptions,
): Promise<Minimised> {
  const started = performance.now();
  let bytes = targetBytes(fuzzCase);
  const fromBytes = bytes.length;
  let tries = 0;
  let parts = 2;
  const spent = () => tries >= options.maxTries || performance.now() - started > options.maxMs;
  while (bytes.length >= 2 && !spent()) {
    const chunk = Math.ceil(bytes.length / parts);
    let cut = false;
    for (let start = 0; start < bytes.length && !spent(); start += chunk) {
      const candidate = without(bytes, start, Math.min(bytes.length, start + chunk));
      tries++;
      if (await stillFails(withTargetBytes(fuzzCase, candidate))) {
        bytes = candidate;
        parts = Math.max(parts - 1, 2);
        cut = true;
        break;
      }
    }
    if (!cut) {
      if (chunk <= 1) break;
      parts = Math.min(bytes.length, parts * 2);
    }
  }
  return { fuzzCase: withTargetBytes(fuzzCase, bytes), tries, fromBytes, toBytes: bytes.length };
}
