import { describe, expect, it } from "vitest";
import { dirname, PathIndex, pathSegments, resolvePath } from "./resolve-path";

const sample = [
  "kubeadm-v1.20/admin.conf",
  "kubeadm-v1.20/pki/ca.crt",
  "kubeadm-v1.20/pki/etcd/ca.crt",
  "kubeadm-v1.20/pki/apiserver.crt",
  "kubeadm-v1.20/manifests/kube-apiserver.yaml",
  "node-2/var/lib/kubelet/pki/kubelet-client-current.pem",
  "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
  "node-1/etc/kubernetes/kubelet.conf",
];

describe("resolvePath", () => {
  const cases: { name: string; ref: string; from?: string; paths?: string[]; want: string | undefined }[] = [
    {
      name: "longest suffix beats a same-name file deeper",
      ref: "/etc/kubernetes/pki/ca.crt",
      want: "kubeadm-v1.20/pki/ca.crt",
    },
    {
      name: "etcd CA by its own suffix",
      ref: "/etc/kubernetes/pki/etcd/ca.crt",
      want: "kubeadm-v1.20/pki/etcd/ca.crt",
    },
    { name: "file name must match", ref: "/etc/kubernetes/pki/front-proxy-ca.crt", want: undefined },
    {
      name: "relative to the naming file",
      ref: "pki/apiserver.crt",
      from: "kubeadm-v1.20/admin.conf",
      want: "kubeadm-v1.20/pki/apiserver.crt",
    },
    {
      name: "relative with ..",
      ref: "../pki/ca.crt",
      from: "kubeadm-v1.20/manifests/kube-apiserver.yaml",
      want: "kubeadm-v1.20/pki/ca.crt",
    },
    {
      name: "tie broken by the directory shared with from",
      ref: "/var/lib/kubelet/pki/kubelet-client-current.pem",
      from: "node-1/etc/kubernetes/kubelet.conf",
      want: "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
    },
    {
      name: "tie without from is lexicographic",
      ref: "/var/lib/kubelet/pki/kubelet-client-current.pem",
      want: "node-1/var/lib/kubelet/pki/kubelet-client-current.pem",
    },
    {
      name: "dropped pki folder: the file at the root beats the one in a subfolder",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["etcd/ca.crt", "ca.crt"],
      want: "ca.crt",
    },
    {
      name: "a missing file does not fall back to a same-name file in another folder of the tree",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["etc/kubernetes/pki/etcd/ca.crt", "etc/kubernetes/pki/apiserver.crt"],
      want: undefined,
    },
    {
      name: "nor to one whose tree is shifted (x/pki/etcd/ca.crt)",
      ref: "/etc/kubernetes/pki/ca.crt",
      paths: ["x/pki/etcd/ca.crt"],
      want: undefined,
    },
    {
      name: "a drop root of any name is fine",
      ref: "/var/lib/kubernetes/ca.crt",
      paths: ["cluster/controller/ca.crt", "cluster/worker-0/ca.crt"],
      from: "cluster/worker-0/kubelet.kubeconfig",
      want: "cluster/worker-0/ca.crt",
    },
    { name: "exact path", ref: "pki/ca.crt", paths: ["pki/ca.crt"], want: "pki/ca.crt" },
    { name: "empty ref", ref: "", want: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(resolvePath(c.ref, c.paths ?? sample, c.from)).toBe(c.want);
    });
  }

  it("PathIndex gives the same answers", () => {
    const index = new PathIndex(sample);
    expect(index.resolve("/etc/kubernetes/pki/ca.crt")).toBe("kubeadm-v1.20/pki/ca.crt");
    expect(index.resolve("/etc/kubernetes/pki/sa.key")).toBeUndefined();
  });

  it("normalises segments", () => {
    expect(pathSegments("/a/./b//c/../d")).toEqual(["a", "b", "d"]);
    expect(pathSegments("../../x")).toEqual(["x"]);
  });
});

/** A small deterministic generator (mulberry32), so every run checks the same trees. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The resolution rules read literally: score every dropped path against the reference. Slow, and
 * obviously the documented behaviour, so the indexed PathIndex is checked against it.
 */
function resolveByScan(
  ref: string,
  paths: readonly string[],
  from: string | undefined,
  rejectMisaligned = true,
): string | undefined {
  const relative = !ref.startsWith("/");
  const wanted = pathSegments(relative && from !== undefined ? `${dirname(from)}/${ref}` : ref);
  if (relative && paths.includes(wanted.join("/"))) return wanted.join("/");
  const fromDir = from === undefined ? [] : pathSegments(dirname(from));
  let best: { path: string; rank: number[] } | undefined;
  for (const path of paths) {
    const segments = pathSegments(path);
    if (wanted.length === 0 || segments.at(-1) !== wanted.at(-1)) continue;
    let matched = 0;
    while (
      matched < Math.min(wanted.length, segments.length) &&
      wanted.at(-1 - matched) === segments.at(-1 - matched)
    )
      matched++;
    const wantedRest = wanted.slice(0, wanted.length - matched);
    const rest = segments.slice(0, segments.length - matched);
    if (rejectMisaligned && rest.some((segment) => wantedRest.includes(segment))) continue;
    let shared = 0;
    while (shared < Math.min(fromDir.length, segments.length - 1) && fromDir[shared] === segments[shared])
      shared++;
    // Most trailing segments, then most shared with from, then fewest extra, then the smallest path.
    const rank = [matched, shared, -(segments.length - matched)];
    const order = best ? compareRanks(rank, best.rank) : 1;
    if (order > 0 || (order === 0 && best && path < best.path)) best = { path, rank };
  }
  return best?.path;
}

describe("PathIndex against the rules read literally", () => {
  const folders = ["etc", "kubernetes", "pki", "etcd", "var", "lib", "kubelet", "node-1", "node-2", "backup"];
  const names = ["ca.crt", "kubelet.conf", "kubelet-client-current.pem"];
  const pick = <T>(random: () => number, list: readonly T[]): T =>
    list[Math.floor(random() * list.length)] as T;
  const randomPath = (random: () => number, odd: boolean): string => {
    const depth = Math.floor(random() * 6);
    const parts = Array.from({ length: depth }, () => pick(random, folders));
    if (odd && random() < 0.3)
      parts.splice(Math.floor(random() * (depth + 1)), 0, pick(random, ["", ".", ".."]));
    return [...parts, pick(random, names)].join("/");
  };

  it("gives the same answer on many random trees and references", () => {
    const random = seededRandom(20261122);
    let checked = 0;
    let decidedByMisalignment = 0;
    let resolved = 0;
    const mismatches: object[] = [];
    for (let tree = 0; tree < 300; tree++) {
      const paths = Array.from({ length: 1 + Math.floor(random() * 40) }, () => randomPath(random, true));
      const index = new PathIndex(paths);
      for (let query = 0; query < 30; query++) {
        const relative = random() < 0.3;
        const ref = relative ? randomPath(random, true) : `/${randomPath(random, true)}`;
        const from =
          random() < 0.2 ? undefined : random() < 0.5 ? pick(random, paths) : randomPath(random, false);
        const want = resolveByScan(ref, paths, from);
        if (want !== resolveByScan(ref, paths, from, false)) decidedByMisalignment++;
        if (want !== undefined) resolved++;
        const got = index.resolve(ref, from);
        if (got !== want) mismatches.push({ ref, from, paths, got, want });
        checked++;
      }
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(checked).toBe(9000);
    // The trees must exercise both answers and the fallback for misaligned matches.
    expect(resolved).toBeGreaterThan(5000);
    expect(checked - resolved).toBeGreaterThan(500);
    expect(decidedByMisalignment).toBeGreaterThan(1000);
  });

  it("answers the same whatever the order of the dropped paths", () => {
    const random = seededRandom(7);
    for (let tree = 0; tree < 100; tree++) {
      const paths = Array.from({ length: 20 }, () => randomPath(random, false));
      const reversed = new PathIndex([...paths].reverse());
      const index = new PathIndex(paths);
      for (let query = 0; query < 20; query++) {
        const ref = `/${randomPath(random, false)}`;
        const from = pick(random, paths);
        expect(reversed.resolve(ref, from)).toBe(index.resolve(ref, from));
      }
    }
  });
});
