/**
 * The static site as a release artefact: `out/` packed by scripts/release.ts, unpacked with the
 * system's tar and served by the barest static server there is (files by path, a type by
 * extension, no headers of ours), offline. The explorer must load its demo and analyse it there
 * exactly as from `npm start`, without one request leaving that origin.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { siteArchive, siteName } from "../scripts/release";
import { ExplorerPage, expect, test } from "./pages/explorer-page";
import { reportForDemo, statusesById } from "./support/expected-report";

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".txt": "text/plain",
  ".sh": "text/plain",
  ".gz": "application/gzip",
};

let scratch = "";
let root = "";
let server: Server | undefined;
let origin = "";

test.beforeAll(async () => {
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  scratch = mkdtempSync(join(tmpdir(), "k8s-pki-site-"));
  const archive = join(scratch, `${siteName(version)}.tar.gz`);
  writeFileSync(archive, siteArchive("out", version));
  execFileSync("tar", ["xzf", archive, "-C", scratch]);
  root = join(scratch, siteName(version));
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    try {
      if (!file.startsWith(root)) throw new Error("outside");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the site tarball, served by a bare static server, analyses its demo offline", async ({ page }) => {
  const explorer = new ExplorerPage(page, origin);
  await explorer.goto(`${origin}/`, { timeout: 60_000 });
  await expect(page.getByText("Demo cluster (sample data)").first()).toBeVisible();
  const expected = await reportForDemo();
  await expect.poll(() => explorer.edgeStatuses()).toEqual(statusesById(expected));
  expect(explorer.foreignRequests).toEqual([]);
  expect(explorer.consoleErrors).toEqual([]);
});
