import { describe, expect, it } from "vitest";
import { fitColumns, padEnd, textWidth, truncate, truncatePath, wrap } from "./text-layout";

describe("textWidth and padEnd", () => {
  it("counts symbols as one column", () => {
    expect(textWidth("✓ ok → x")).toBe(8);
    expect(padEnd("✗", 3)).toBe("✗  ");
    expect(padEnd("longer", 3)).toBe("longer");
  });
});

describe("truncate", () => {
  const cases: { name: string; text: string; width: number; middle?: boolean; want: string }[] = [
    { name: "fits", text: "pki/ca.crt", width: 10, want: "pki/ca.crt" },
    { name: "end cut, at a separator", text: "kube-apiserver-etcd-client", width: 10, want: "kube-…" },
    {
      name: "middle cut, at separators on both sides",
      text: "pki/etcd/healthcheck-client.crt",
      width: 15,
      middle: true,
      want: "pki/etcd/….crt",
    },
    {
      name: "a relationship key keeps its relationship and its node",
      text: "apiserver-kubelet-client:worker-2",
      width: 28,
      middle: true,
      want: "apiserver-…-client:worker-2",
    },
    {
      name: "a long instance key keeps its relationship and its file",
      text: "etcd-peer:node-b/etc/kubernetes/pki/etcd/peer-with-a-long-name.crt",
      width: 22,
      middle: true,
      want: "etcd-peer:…-name.crt",
    },
    {
      name: "a node label is cut between words",
      text: "kubelet (ip-10-0-12-34.eu-west-1.compute.internal)",
      width: 30,
      want: "kubelet (ip-10-0-12-34.eu-…",
    },
    { name: "never half an escape", text: "evil\\x1B[2J", width: 6, want: "evil…" },
    { name: "a whole escape fits", text: "evil\\x1B[2J", width: 9, want: "evil\\x1B…" },
    {
      name: "middle cut keeps escapes whole",
      text: "a\\u202Egnp.exe\\r\\n.crt",
      width: 16,
      middle: true,
      want: "a\\u202E…\\r\\n.crt",
    },
  ];
  it.each(cases)("$name", ({ text, width, middle, want }) => {
    const got = truncate(text, width, middle);
    expect(got).toBe(want);
    expect(textWidth(got)).toBeLessThanOrEqual(width);
  });

  // Regression: "apiserver-kubele…client:worker-2" named neither the relationship nor the node.
  it.each([
    ["apiserver-kubelet-client:worker-2", true],
    ["etcd-peer:node-b/etc/kubernetes/pki/etcd/peer-with-a-long-name.crt", true],
    ["kube-apiserver-etcd-client", false],
    ["controller-manager.conf#users/system:kube-controller-manager", false],
  ] as const)("never cuts %s inside a word, at any width that holds its first word", (text, middle) => {
    const words = new Set(text.split(/[-:/. (),#=]/u));
    // From the width that holds the first word, its separator and "…" on, a cut is always between words.
    const first = text.search(/[-:/. (),#=]/u) + 2;
    for (let width = first; width < text.length; width++) {
      const got = truncate(text, width, middle);
      if (got === text) continue;
      expect(textWidth(got), got).toBeLessThanOrEqual(width);
      for (const part of got.split("…"))
        for (const word of part.split(/[-:/. (),#=]/u))
          expect(words.has(word) || word === "", `${got} at ${width}`).toBe(true);
    }
  });

  it.each([
    {
      name: "a word with no separator at all is cut where it must",
      text: "healthcheckclientcrt",
      width: 8,
      want: "healthc…",
    },
    {
      name: "so is a first word longer than the room",
      text: "kube-apiserver-etcd-client",
      width: 4,
      want: "kub…",
    },
    { name: "width one", text: "abc", width: 1, want: "a" },
  ])("$name", ({ text, width, want }) => {
    expect(truncate(text, width)).toBe(want);
    expect(truncate(text, width, true)).toBe(want);
  });
});

describe("truncatePath", () => {
  const entry = "controller-manager.conf#users/system:kube-controller-manager";
  const cases = [
    { name: "fits", path: "pki/ca.crt", width: 10, want: "pki/ca.crt" },
    {
      name: "a kubeconfig entry keeps its file",
      path: entry,
      width: 34,
      want: "controller-manager.conf#users/…",
    },
    { name: "its file and the hash at least", path: entry, width: 25, want: "controller-manager.conf#…" },
    {
      name: "a file too long for that is cut in the middle",
      path: entry,
      width: 20,
      want: "…-controller-manager",
    },
    {
      name: "other paths keep their end first",
      path: "pki/etcd/healthcheck-client.crt",
      width: 15,
      want: "…-client.crt",
    },
  ];
  it.each(cases)("$name", ({ path, width, want }) => {
    const got = truncatePath(path, width);
    expect(got).toBe(want);
    expect(textWidth(got)).toBeLessThanOrEqual(width);
  });
});

describe("wrap", () => {
  const cases: {
    name: string;
    text: string;
    width: number;
    indent?: string;
    next?: string;
    want: string[];
  }[] = [
    { name: "one line", text: "a b c", width: 10, want: ["a b c"] },
    {
      name: "breaks at spaces",
      text: "alpha beta gamma delta",
      width: 11,
      want: ["alpha beta", "gamma delta"],
    },
    {
      name: "indent counts",
      text: "alpha beta gamma",
      width: 12,
      indent: "    ",
      want: ["    alpha", "    beta", "    gamma"],
    },
    {
      name: "long word stays whole",
      text: "see /etc/kubernetes/pki/apiserver.crt now",
      width: 10,
      want: ["see", "/etc/kubernetes/pki/apiserver.crt", "now"],
    },
    { name: "empty", text: "   ", width: 10, want: [] },
    {
      name: "hanging indent",
      text: "! warning CODE a title that wraps",
      width: 20,
      indent: "  ",
      next: "    ",
      want: ["  ! warning CODE a", "    title that wraps"],
    },
  ];
  it.each(cases)("$name", ({ text, width, indent, next, want }) => {
    expect(wrap(text, width, indent, next)).toEqual(want);
  });
});

describe("fitColumns", () => {
  const rows = [
    ["a", "a-rather-long-path/with/parts.crt", "short", "another-long-column-value"],
    ["bb", "x", "y", "z"],
  ];
  it("uses natural widths when they fit", () => {
    expect(fitColumns(rows, 200, [1, 3])).toEqual([2, 33, 5, 25]);
  });
  it("shrinks the widest shrinkable columns to fit", () => {
    const widths = fitColumns(rows, 50, [1, 3]);
    expect(widths[0]).toBe(2);
    expect(widths[2]).toBe(5);
    expect(widths.reduce((sum, value) => sum + value, 0) + 2 * 3).toBe(50);
    expect(Math.abs((widths[1] ?? 0) - (widths[3] ?? 0))).toBeLessThanOrEqual(1);
  });
  it("stops at the minimum when the width cannot be met", () => {
    expect(fitColumns(rows, 10, [1, 3], 2, 8)).toEqual([2, 8, 5, 8]);
  });
});
