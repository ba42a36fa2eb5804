/**
 * Folder proximity without comparing against every file. Kubelet artifacts that carry no node name
 * go to the instance whose files share the most leading directories with them; with a thousand
 * workers, scoring every file of every instance per lookup made grouping quadratic.
 */

/**
 * One key per leading run of directories of `path` (split on "/", the file name dropped), shortest
 * (the empty run) first. Every directory is prefixed with "/", which none contains, so two keys are
 * equal exactly when the runs are — empty directories (`a//b`) included.
 */
function ancestorKeys(path: string): string[] {
  const dirs = path.split("/").slice(0, -1);
  const keys = [""];
  let key = "";
  for (const dir of dirs) {
    key += `/${dir}`;
    keys.push(key);
  }
  return keys;
}

function pushHeap(heap: number[], value: number): void {
  let i = heap.push(value) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const above = heap[parent] ?? -Infinity;
    if (above <= value) break;
    heap[i] = above;
    i = parent;
  }
  heap[i] = value;
}

function popHeap(heap: number[]): void {
  const last = heap.pop();
  if (last === undefined || heap.length === 0) return;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let smallest = left;
    if (right < heap.length && (heap[right] ?? Infinity) < (heap[left] ?? Infinity)) smallest = right;
    const below = heap[smallest];
    if (below === undefined || below >= last) break;
    heap[i] = below;
    i = smallest;
  }
  heap[i] = last;
}

/**
 * Items indexed under every ancestor directory of their files. `nearest(path)` is the item with a
 * file sharing the most leading directories with `path`, the earliest added on a tie — the same
 * answer as scoring every file of every item, in one lookup per directory level of `path`.
 *
 * Items rank in the order of their first `add`. An item for which `retired` holds is left out from
 * then on: `retired` must never turn false again (a kubelet that got its serving certificate keeps
 * it), which lets the index drop retired items as it meets them.
 */
export class AncestorIndex<T> {
  private readonly ranked: T[] = [];
  private readonly ranks = new Map<T, number>();
  /** Ancestor key → min-heap of the ranks of the items with a file below it. */
  private readonly heaps = new Map<string, number[]>();
  /** Rank → ancestor keys the item is already indexed under. */
  private readonly indexedUnder: Set<string>[] = [];

  constructor(private readonly retired: (item: T) => boolean = () => false) {}

  /** Record that `item` has a file at `path`. */
  add(item: T, path: string): void {
    if (this.retired(item)) return;
    let rank = this.ranks.get(item);
    if (rank === undefined) {
      rank = this.ranked.push(item) - 1;
      this.ranks.set(item, rank);
      this.indexedUnder.push(new Set());
    }
    const under = this.indexedUnder[rank] ?? new Set<string>();
    const keys = ancestorKeys(path);
    // Deepest first: once a key is known, every shorter one was indexed with it.
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] ?? "";
      if (under.has(key)) break;
      under.add(key);
      const heap = this.heaps.get(key);
      if (heap) pushHeap(heap, rank);
      else this.heaps.set(key, [rank]);
    }
  }

  /** The item nearest to `path` by shared leading directories (see the class comment), if any. */
  nearest(path: string): T | undefined {
    const keys = ancestorKeys(path);
    for (let k = keys.length - 1; k >= 0; k--) {
      const heap = this.heaps.get(keys[k] ?? "");
      if (!heap) continue;
      for (let top = heap[0]; top !== undefined; top = heap[0]) {
        const item = this.ranked[top];
        if (item !== undefined && !this.retired(item)) return item;
        popHeap(heap);
      }
    }
    return undefined;
  }
}
