import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { readTar } from "../lib/ingest/read-tar";
import { siteArchive, siteName } from "./release";

const made: string[] = [];

/** A small stand-in for `out/`: the shape of a static export, with a hashed policy already in place. */
function fakeExport(indexHtml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "k8s-pki-release-"));
  made.push(dir);
  mkdirSync(join(dir, "_next", "static", "chunks"), { recursive: true });
  writeFileSync(join(dir, "index.html"), indexHtml);
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>404</title>");
  writeFileSync(join(dir, "_next", "static", "chunks", "main.js"), "console.log(1)\n");
  writeFileSync(join(dir, "k8s-pki-collect.sh"), "#!/bin/sh\necho collect\n");
  return dir;
}

const HASHED = `<!doctype html><meta http-equiv="Content-Security-Policy" content="script-src 'sha256-x'">`;

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("siteArchive", () => {
  test("packs every file of the export under one top folder, in a stable order", () => {
    const archive = siteArchive(fakeExport(HASHED), "1.2.3");
    const { entries, problems } = readTar(new Uint8Array(gunzipSync(archive)));
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.path)).toEqual([
      "k8s-pki-explorer-site-1.2.3/404.html",
      "k8s-pki-explorer-site-1.2.3/_next/static/chunks/main.js",
      "k8s-pki-explorer-site-1.2.3/index.html",
      "k8s-pki-explorer-site-1.2.3/k8s-pki-collect.sh",
    ]);
    expect(new TextDecoder().decode(entries[2]?.bytes)).toBe(HASHED);
  });

  test("gives the same bytes for the same export (no dates or owners of the machine)", () => {
    const dir = fakeExport(HASHED);
    const first = siteArchive(dir, "1.2.3");
    writeFileSync(join(dir, "index.html"), HASHED); // a newer modification time, same content
    expect(Buffer.from(siteArchive(dir, "1.2.3")).equals(Buffer.from(first))).toBe(true);
  });

  test("is read by the system's tar", () => {
    const dir = fakeExport(HASHED);
    const file = join(dir, "..", `${siteName("1.2.3")}-${process.pid}.tar.gz`);
    writeFileSync(file, siteArchive(dir, "1.2.3"));
    made.push(file);
    const listing = execFileSync("tar", ["tzf", file], { encoding: "utf8" }).trim().split("\n");
    expect(listing).toContain("k8s-pki-explorer-site-1.2.3/index.html");
    const target = mkdtempSync(join(tmpdir(), "k8s-pki-release-x-"));
    made.push(target);
    execFileSync("tar", ["xzf", file, "-C", target]);
    expect(readFileSync(join(target, "k8s-pki-explorer-site-1.2.3", "k8s-pki-collect.sh"), "utf8")).toContain(
      "collect",
    );
  });

  test("refuses a folder that is not a finished export", () => {
    const missing = mkdtempSync(join(tmpdir(), "k8s-pki-release-"));
    made.push(missing);
    expect(() => siteArchive(missing, "1.2.3")).toThrow(/no index\.html/);
    const unhashed = fakeExport('<meta name="k8s-pki-content-security-policy" content="x">');
    expect(() => siteArchive(unhashed, "1.2.3")).toThrow(/no Content-Security-Policy/);
  });
});
