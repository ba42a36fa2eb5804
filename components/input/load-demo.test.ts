/**
 * The demo loader against the committed public/demo files, served by a fake same-origin fetch, and
 * against manifests and servers that go wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/test-support/fixtures";
import { loadDemo } from "./load-demo";

const PUBLIC = join(REPO_ROOT, "public");

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

describe("loadDemo", () => {
  it("loads the committed demo: label, judge date and every listed file's bytes", async () => {
    const { asked, fetch } = servePublic();
    const progress: number[][] = [];
    const result = await loadDemo({ fetch, onProgress: (d, t) => progress.push([d, t]) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const listed = JSON.parse(readFileSync(join(PUBLIC, "demo", "manifest.json"), "utf8")) as {
      files: string[];
    };
    expect(result.demo.label).toBe("Demo cluster (sample data)");
    expect(result.demo.judgeAt).toBe("2026-06-01T00:00:00Z");
    expect(result.demo.files.map((f) => f.path)).toEqual(listed.files);
    const ca = result.demo.files.find((f) => f.path === "control-1/etc/kubernetes/pki/ca.crt");
    expect(new TextDecoder().decode(ca?.bytes)).toContain("-----BEGIN CERTIFICATE-----");
    expect(asked.every((url) => url.startsWith("/demo/"))).toBe(true);
    expect(asked).toHaveLength(listed.files.length + 1);
    expect(progress[0]).toEqual([0, listed.files.length]);
    expect(progress.at(-1)).toEqual([listed.files.length, listed.files.length]);
  });

  it.each([
    { name: "an absolute path", files: ["/etc/passwd"] },
    { name: "a parent folder", files: ["control-1/../../secret"] },
    { name: "another origin", files: ["https://example.com/x.crt"] },
    { name: "a protocol-relative URL", files: ["//example.com/x.crt"] },
    { name: "a non-string", files: [42] },
  ])("refuses a manifest naming $name, and fetches nothing else", async ({ files }) => {
    const { asked, fetch } = servePublic({
      "/demo/manifest.json": manifest({ label: "x", judgeAt: "2026-06-01T00:00:00Z", files }),
    });
    const result = await loadDemo({ fetch });
    expect(result).toEqual({
      ok: false,
      reason: `the demo manifest names a path outside the demo: ${String(files[0])}`,
    });
    expect(asked).toEqual(["/demo/manifest.json"]);
  });

  it.each([
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
      overrides: { "/demo/manifest.json": manifest({ label: "x", judgeAt: "soon", files: [] }) },
      reason: "the demo manifest's judgeAt is not a date: soon",
    },
    {
      name: "a manifest that is not JSON",
      overrides: { "/demo/manifest.json": () => new Response("<html>") },
      reason: /^the demo could not be loaded: .*JSON/,
    },
    {
      name: "a listed file missing from the site",
      overrides: {
        "/demo/manifest.json": manifest({
          label: "x",
          judgeAt: "2026-06-01T00:00:00Z",
          files: ["gone/ca.crt"],
        }),
      },
      reason: "the demo could not be loaded: gone/ca.crt: HTTP 404",
    },
  ])("says why for $name", async ({ overrides, reason }) => {
    const result = await loadDemo({ fetch: servePublic(overrides).fetch });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    if (typeof reason === "string") expect(result.reason).toBe(reason);
    else expect(result.reason).toMatch(reason);
  });
});
