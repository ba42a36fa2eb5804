/**
 * The demo loader against the committed public/demo (manifest and archive), served by a fake
 * same-origin fetch: it must hand over exactly the folder's files, so the report is the same as when
 * the page fetched them one by one. Then against manifests, archives and servers that go wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "@/lib/analyze";
import { REPO_ROOT, readTree } from "@/lib/test-support/fixtures";
import { packDemo, sha256Hex } from "../../scripts/demo/pack-demo";
import { loadDemo } from "./load-demo";

const PUBLIC = join(REPO_ROOT, "public");
const DEMO = join(PUBLIC, "demo");
const committed = JSON.parse(readFileSync(join(DEMO, "manifest.json"), "utf8")) as {
  label: string;
  judgeAt: string;
  archive: string;
  sha256: string;
  files: string[];
};
/** The demo as a plain folder, as `k8s-pki audit e2e/fixtures/demo` and the tests read it. */
const folder = readTree(join(PUBLIC, "..", "e2e", "fixtures", "demo")).filter((file) =>
  committed.files.includes(file.path),
);

/** Serves public/ like the static server does; records every URL asked for. */
function servePublic(overrides: Record<string, () => Response> = {}) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    const override = overrides[url];
    if (override) return override();
    try {
      return new Response(readFileSync(join(PUBLIC, decodeURIComponent(url))));
    } catch (error) {
      return new Response(`not found: ${String(error)}`, { status: 404 });
    }
  };
  return { asked, fetch };
}

function manifest(body: unknown) {
  return () => new Response(JSON.stringify(body));
}

/** The committed manifest, changed. */
function manifestWith(changes: Record<string, unknown>) {
  return manifest({ ...committed, ...changes });
}

/** The committed manifest with `bytes` as its archive, the SHA-256 agreeing. */
async function servedBytes(bytes: Uint8Array, listed = committed.files) {
  return {
    "/demo/manifest.json": manifestWith({ sha256: await sha256Hex(bytes), files: listed }),
    "/demo/demo.tar.gz": () => new Response(new Uint8Array(bytes)),
  };
}

/** The committed manifest listing `listed`, its archive packed from `files`. */
async function servedArchive(files: { path: string; bytes: Uint8Array }[], listed: string[]) {
  return servedBytes((await packDemo(files)).archive, listed);
}

/** Whatever the page is served, it ends up with a reason, never an exception. */
const failures: { name: string; overrides: Record<string, () => Response>; reason: string | RegExp }[] = [
  {
    name: "a missing manifest",
    overrides: { "/demo/manifest.json": () => new Response("", { status: 404 }) },
    reason: "the demo manifest could not be loaded (HTTP 404)",
  },
  {
    name: "a manifest without files",
    overrides: { "/demo/manifest.json": manifest({ label: "x", judgeAt: "2026-06-01T00:00:00Z" }) },
    reason: "the demo manifest lacks label, judgeAt or files",
  },
  {
    name: "a judge date that is not a date",
    overrides: { "/demo/manifest.json": manifestWith({ judgeAt: "soon" }) },
    reason: "the demo manifest's judgeAt is not a date: soon",
  },
  {
    name: "a manifest without the archive's name",
    overrides: { "/demo/manifest.json": manifestWith({ archive: undefined }) },
    reason: "the demo manifest lacks the archive's name or SHA-256",
  },
  {
    name: "a manifest without the archive's hash",
    overrides: { "/demo/manifest.json": manifestWith({ sha256: undefined }) },
    reason: "the demo manifest lacks the archive's name or SHA-256",
  },
  {
    name: "a manifest with a hash that is not hex SHA-256",
    overrides: { "/demo/manifest.json": manifestWith({ sha256: "sha256-abc" }) },
    reason: "the demo manifest lacks the archive's name or SHA-256",
  },
  {
    name: "a manifest that is not JSON",
    overrides: { "/demo/manifest.json": () => new Response("<html>") },
    reason: /^the demo could not be loaded: .*JSON/,
  },
  {
    name: "an archive missing from the site",
    overrides: { "/demo/demo.tar.gz": () => new Response("", { status: 404 }) },
    reason: "the demo archive could not be loaded (HTTP 404)",
  },
  {
    name: "an archive that is not the one the manifest names",
    overrides: { "/demo/manifest.json": manifestWith({ sha256: "0".repeat(64) }) },
    reason: "the demo archive does not match the manifest's SHA-256",
  },
  {
    name: "an archive that is not gzip",
    overrides: await servedBytes(new TextEncoder().encode("not an archive")),
    reason: /^the demo archive could not be unpacked: corrupt gzip data/,
  },
  {
    name: "an archive missing a listed file",
    overrides: await servedArchive(folder.slice(1), committed.files),
    reason: `the demo archive lacks ${committed.files[0]}`,
  },
  {
    name: "an archive with a file the manifest does not list",
    overrides: await servedArchive(folder, committed.files.slice(1)),
    reason: `the demo archive holds a file the manifest does not list: ${committed.files[0]}`,
  },
  {
    name: "an archive holding a file twice",
    overrides: await servedArchive([...folder, ...folder.slice(0, 1)], committed.files),
    reason: `the demo archive holds a file the manifest does not list: ${committed.files[0]}`,
  },
];

describe("loadDemo", () => {
  it("loads the committed demo in two requests: label, judge date and the folder's files, byte for byte", async () => {
    const { asked, fetch } = servePublic();
    const progress: number[][] = [];
    const result = await loadDemo({ fetch, onProgress: (d, t) => progress.push([d, t]) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.demo.label).toBe("Demo cluster (sample data)");
    expect(result.demo.judgeAt).toBe("2026-06-01T00:00:00Z");
    expect(asked).toEqual(["/demo/manifest.json", "/demo/demo.tar.gz"]);
    expect(result.demo.files.map((f) => f.path)).toEqual(committed.files);
    expect(folder.map((f) => f.path)).toEqual(committed.files);
    // Byte for byte: Buffer.equals, as a deep toEqual over every byte of 41 files is slow.
    result.demo.files.forEach((file, i) => {
      expect(Buffer.from(file.bytes).equals(folder[i]?.bytes ?? new Uint8Array()), file.path).toBe(true);
    });
    expect(progress).toEqual([
      [0, committed.files.length],
      [committed.files.length, committed.files.length],
    ]);
  });

  it("gives the same report as the folder's files", async () => {
    const result = await loadDemo({ fetch: servePublic().fetch });
    if (!result.ok) throw new Error(result.reason);
    const fromArchive = result.demo.files.map((f) => ({ path: f.path, bytes: new Uint8Array(f.bytes) }));
    const now = committed.judgeAt;
    expect(JSON.stringify(await analyze(fromArchive, { now }))).toBe(
      JSON.stringify(await analyze(folder, { now })),
    );
  });

  it.each([
    { name: "an absolute path", change: { files: ["/etc/passwd"] }, bad: "/etc/passwd" },
    { name: "a parent folder", change: { files: ["control-1/../../secret"] }, bad: "control-1/../../secret" },
    {
      name: "another origin",
      change: { files: ["https://example.com/x.crt"] },
      bad: "https://example.com/x.crt",
    },
    {
      name: "a protocol-relative URL",
      change: { files: ["//example.com/x.crt"] },
      bad: "//example.com/x.crt",
    },
    { name: "a non-string", change: { files: [42] }, bad: "42" },
    {
      name: "an archive on another origin",
      change: { archive: "https://example.com/demo.tar.gz" },
      bad: "https://example.com/demo.tar.gz",
    },
    { name: "an archive in a parent folder", change: { archive: "../demo.tar.gz" }, bad: "../demo.tar.gz" },
  ])("refuses a manifest naming $name, and fetches nothing else", async ({ change, bad }) => {
    const { asked, fetch } = servePublic({ "/demo/manifest.json": manifestWith(change) });
    const result = await loadDemo({ fetch });
    expect(result).toEqual({ ok: false, reason: `the demo manifest names a path outside the demo: ${bad}` });
    expect(asked).toEqual(["/demo/manifest.json"]);
  });

  it("loads once per page: a second load takes the same files without a request, its progress ended", async () => {
    const { asked, fetch } = servePublic();
    const first = await loadDemo({ fetch });
    const progress: number[][] = [];
    const second = await loadDemo({ fetch, onProgress: (d, t) => progress.push([d, t]) });
    expect(asked).toEqual(["/demo/manifest.json", "/demo/demo.tar.gz"]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.demo).toBe(first.demo);
    expect(progress.at(-1)).toEqual([committed.files.length, committed.files.length]);
    // Another base is another demo.
    await loadDemo({ fetch, base: "/demo/" });
    expect(asked).toHaveLength(2);
    await loadDemo({ fetch, base: "/other/" });
    expect(asked.slice(2)).toEqual(["/other/manifest.json"]);
  });

  it("keeps no failure: after a failed load the next one fetches again", async () => {
    let down = true;
    const { asked, fetch } = servePublic({
      "/demo/demo.tar.gz": () =>
        down
          ? new Response("busy", { status: 503 })
          : new Response(readFileSync(join(DEMO, committed.archive))),
    });
    const failed = await loadDemo({ fetch });
    expect(failed).toEqual({ ok: false, reason: "the demo archive could not be loaded (HTTP 503)" });
    down = false;
    const loaded = await loadDemo({ fetch });
    expect(loaded.ok).toBe(true);
    expect(asked).toEqual([
      "/demo/manifest.json",
      "/demo/demo.tar.gz",
      "/demo/manifest.json",
      "/demo/demo.tar.gz",
    ]);
  });

  it.each(failures)("says why for $name, and ends its progress", async ({ overrides, reason }) => {
    const progress: number[][] = [];
    const result = await loadDemo({
      fetch: servePublic(overrides).fetch,
      onProgress: (d, t) => progress.push([d, t]),
    });
    const last = progress.at(-1);
    if (last) expect(last[0]).toBe(last[1]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    if (typeof reason === "string") expect(result.reason).toBe(reason);
    else expect(result.reason).toMatch(reason);
  });
});
