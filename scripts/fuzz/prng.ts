/**
 * The fuzzer's only source of randomness: mulberry32, a 32-bit generator small enough to read and
 * fast enough for millions of draws, so a run is a pure function of its seed and a case can be
 * regenerated alone from (seed, case index).
 */

/** Draws from one seeded stream; every helper consumes the stream the same way on every machine. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The stream for one case: the run's seed and the case index mixed, so cases are independent. */
  static forCase(seed: number, index: number): Prng {
    return new Prng(mix(mix(seed) ^ Math.imul(index + 1, 0x9e3779b1)));
  }

  /** A uniform 32-bit unsigned integer (mulberry32). */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 0x1_0000_0000;
  }

  /** An integer in [0, n); 0 when n ≤ 0. */
  int(n: number): number {
    return n <= 0 ? 0 : Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)] as T;
  }

  /** One element chosen by weight (weights need not sum to 1). */
  weighted<T>(items: readonly { weight: number; value: T }[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let draw = this.next() * total;
    for (const item of items) {
      draw -= item.weight;
      if (draw < 0) return item.value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last.value;
  }

  /** `length` bytes from the stream. */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.nextUint32() & 0xff;
    return out;
  }
}

/** A 32-bit integer hash (from MurmurHash3's finaliser) to spread nearby seeds apart. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
