/**
 * Summaries of repeated timings. Medians, not means: one run disturbed by a garbage collection or
 * by another process on a shared machine must not move the figure.
 */

/** Median, minimum and maximum of a set of samples (milliseconds). */
export interface Summary {
  median: number;
  min: number;
  max: number;
}

/** The median of the samples (mean of the middle two for an even count); no samples is a bug. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError("median of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** Median, min and max of the samples. */
export function summarize(samples: readonly number[]): Summary {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

/**
 * How a cost grows with its input: the exponent k in time ∝ size^k between two measurements.
 * 1 is linear, 2 quadratic; sizes must differ.
 */
export function growthExponent(timeA: number, timeB: number, sizeA: number, sizeB: number): number {
  if (sizeA === sizeB) throw new RangeError("growth exponent needs two different sizes");
  return Math.log(timeB / timeA) / Math.log(sizeB / sizeA);
}
