import { describe, expect, it } from "vitest";
import { AncestorIndex } from "./ancestor-index";

interface Item {
  name: string;
  files: string[];
  done?: boolean;
}

/** Folder proximity read literally: score every file of every item, the first best item wins. */
function nearestByScan(items: readonly Item[], path: string): Item | undefined {
  const shared = (a: string, b: string) => {
    const x = a.split("/").slice(0, -1);
    const y = b.split("/").slice(0, -1);
    let n = 0;
    while (n < x.length && n < y.length && x[n] === y[n]) n++;
    return n;
  };
  let best: Item | undefined;
  let bestScore = -1;
  for (const item of items) {
    const score = Math.max(...item.files.map((file) => shared(file, path)));
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

function indexOf(items: readonly Item[], retired?: (item: Item) => boolean): AncestorIndex<Item> {
  const index = new AncestorIndex<Item>(retired);
  for (const item of items) for (const file of item.files) index.add(item, file);
  return index;
}

describe("AncestorIndex", () => {
  const cp: Item = { name: "cp", files: ["cp/etc/kubernetes/kubelet.conf"] };
  const w1: Item = { name: "w1", files: ["workers/node-1/etc/kubernetes/kubelet.conf"] };
  const w2: Item = { name: "w2", files: ["workers/node-2/etc/kubernetes/kubelet.conf"] };
  const cases: { name: string; items: Item[]; path: string; want: string | undefined }[] = [
    { name: "empty", items: [], path: "a/b.yaml", want: undefined },
    {
      name: "deepest shared folder",
      items: [cp, w1, w2],
      path: "workers/node-2/var/lib/kubelet/config.yaml",
      want: "w2",
    },
    { name: "nothing shared: the first item", items: [w2, cp, w1], path: "other/config.yaml", want: "w2" },
    { name: "a tie goes to the first item", items: [w2, w1], path: "workers/config.yaml", want: "w2" },
    {
      name: "any file of an item counts",
      items: [w1, { name: "both", files: ["x/a.pem", "workers/node-1/var/lib/kubelet/pki/b.pem"] }],
      path: "workers/node-1/var/lib/kubelet/config.yaml",
      want: "both",
    },
    {
      name: "empty folder names are folders too",
      items: [
        { name: "single", files: ["a/b/c.pem"] },
        { name: "double", files: ["a//c.pem"] },
      ],
      path: "a//d.pem",
      want: "double",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(indexOf(c.items).nearest(c.path)?.name).toBe(c.want);
    });
  }

  it("files added later count from then on, and keep the item's rank", () => {
    const a: Item = { name: "a", files: ["x/a.pem"] };
    const b: Item = { name: "b", files: ["y/b.pem"] };
    const index = indexOf([a, b]);
    expect(index.nearest("y/config.yaml")?.name).toBe("b");
    index.add(a, "y/z/a.pem");
    expect(index.nearest("y/config.yaml")?.name).toBe("a");
    expect(index.nearest("y/z/config.yaml")?.name).toBe("a");
  });

  it("leaves retired items out, also once indexed", () => {
    const a: Item = { name: "a", files: ["n1/a.pem"] };
    const b: Item = { name: "b", files: ["n2/b.pem"] };
    const c: Item = { name: "c", files: ["n3/c.pem"], done: true };
    const index = indexOf([a, b, c], (item) => item.done === true);
    expect(index.nearest("n3/x.pem")?.name).toBe("a");
    a.done = true;
    expect(index.nearest("n1/x.pem")?.name).toBe("b");
    b.done = true;
    expect(index.nearest("n2/x.pem")).toBeUndefined();
  });

  it("matches scoring every file on random trees", () => {
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    const dirs = ["a", "b", "c", "", "workers", "node-1"];
    const randomPath = () => {
      const depth = Math.floor(random() * 5);
      return [...Array.from({ length: depth }, () => dirs[Math.floor(random() * dirs.length)]), "f"].join(
        "/",
      );
    };
    let differentFromFirst = 0;
    for (let round = 0; round < 300; round++) {
      const items: Item[] = [];
      const index = new AncestorIndex<Item>((item) => item.done === true);
      for (let step = 0; step < 40; step++) {
        const roll = random();
        const item = items[Math.floor(random() * items.length)];
        if (roll < 0.3 || !item) {
          const fresh: Item = { name: `i${items.length}`, files: [randomPath()] };
          items.push(fresh);
          index.add(fresh, fresh.files[0] ?? "");
        } else if (roll < 0.6) {
          const file = randomPath();
          item.files.push(file);
          index.add(item, file);
        } else if (roll < 0.7) {
          item.done = true;
        } else {
          const path = randomPath();
          const want = nearestByScan(
            items.filter((i) => !i.done),
            path,
          );
          if (want !== items.find((i) => !i.done)) differentFromFirst++;
          expect(index.nearest(path)?.name).toBe(want?.name);
        }
      }
    }
    // Proximity must have decided often, not just the first-item fallback.
    expect(differentFromFirst).toBeGreaterThan(500);
  });
});
