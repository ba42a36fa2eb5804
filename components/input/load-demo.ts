/**
 * Loads the bundled demo cluster from this site: /demo/manifest.json, then the one archive it names
 * (every demo file in a .tar.gz, one request instead of one per file). Only same-origin, relative
 * demo paths are fetched — a manifest naming anything else is refused — the archive must match the
 * manifest's SHA-256 and hold exactly the files it lists, and a failure comes back as a reason the
 * page can show, never as an exception.
 */
import type { AnalysisFile } from "@/lib/bridge/protocol";
import { gunzipLimited } from "@/lib/ingest/gunzip-limited";
import { readTar } from "@/lib/ingest/read-tar";
import { errorMessage } from "@/lib/shared/result";
import { DEMO_BASE } from "./demo-urls";

export interface DemoData {
  label: string;
  /** The fixed instant the demo is meant to be judged at. */
  judgeAt: string;
  files: AnalysisFile[];
}

export type DemoResult = { ok: true; demo: DemoData } | { ok: false; reason: string };

export interface LoadDemoOptions {
  /** Where the demo lives (default `/demo/`, on this origin). */
  base?: string;
  /** Injected for tests; the browser's fetch by default. */
  fetch?: (url: string) => Promise<Response>;
  onProgress?: (done: number, total: number) => void;
}

/** The demo is ~200 KB unpacked; anything far larger is not the demo and is not inflated. */
const MAX_UNPACKED_BYTES = 16 * 1024 * 1024;

interface Manifest {
  label: string;
  judgeAt: string;
  archive: string;
  sha256: string;
  files: string[];
}

/** A manifest path is a plain relative path below the demo folder: no scheme, no `..`, no leading `/`. */
function safePath(path: unknown): path is string {
  return (
    typeof path === "string" &&
    path.length > 0 &&
    !path.startsWith("/") &&
    !path.includes("\\") &&
    !/^[a-z][a-z0-9+.-]*:/i.test(path) &&
    path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}

function readManifest(json: unknown): Manifest | string {
  if (typeof json !== "object" || json === null) return "the demo manifest is not a JSON object";
  const { label, judgeAt, archive, sha256, files } = json as Record<string, unknown>;
  if (typeof label !== "string" || typeof judgeAt !== "string" || !Array.isArray(files))
    return "the demo manifest lacks label, judgeAt or files";
  if (Number.isNaN(Date.parse(judgeAt))) return `the demo manifest's judgeAt is not a date: ${judgeAt}`;
  if (typeof archive !== "string" || typeof sha256 !== "string" || !/^[0-9a-f]{64}$/.test(sha256))
    return "the demo manifest lacks the archive's name or SHA-256";
  const bad = [archive, ...files].find((path) => !safePath(path));
  if (bad !== undefined) return `the demo manifest names a path outside the demo: ${String(bad)}`;
  return { label, judgeAt, archive, sha256, files: files as string[] };
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The archive's files, each in its own buffer, in the manifest's order — or why not: a damaged
 * archive, or one whose entries are not exactly the manifest's files.
 */
function unpack(archive: Uint8Array, manifest: Manifest): AnalysisFile[] | string {
  const tar = gunzipLimited(archive, MAX_UNPACKED_BYTES);
  if (!tar.ok) return `the demo archive could not be unpacked: ${tar.limited ? "too large" : tar.reason}`;
  const { entries, problems } = readTar(tar.value);
  if (problems.length > 0) return `the demo archive could not be unpacked: ${problems.join("; ")}`;
  const listed = new Set(manifest.files);
  const unpacked = new Map<string, ArrayBuffer>();
  for (const entry of entries) {
    if (entry.type !== "file") return `the demo archive holds something other than a file: ${entry.path}`;
    if (!listed.has(entry.path) || unpacked.has(entry.path))
      return `the demo archive holds a file the manifest does not list: ${entry.path}`;
    unpacked.set(entry.path, entry.bytes.slice().buffer);
  }
  const files: AnalysisFile[] = [];
  for (const path of manifest.files) {
    const bytes = unpacked.get(path);
    if (!bytes) return `the demo archive lacks ${path}`;
    files.push({ path, bytes });
  }
  return files;
}

/** The manifest, then the archive, checked and unpacked; `onStart` hears how many files are coming. */
async function fetchDemo(
  base: string,
  get: (url: string) => Promise<Response>,
  onStart: (total: number) => void,
): Promise<DemoResult> {
  try {
    const response = await get(`${base}manifest.json`);
    if (!response.ok)
      return { ok: false, reason: `the demo manifest could not be loaded (HTTP ${response.status})` };
    const manifest = readManifest(await response.json());
    if (typeof manifest === "string") return { ok: false, reason: manifest };
    onStart(manifest.files.length);
    const archive = await get(`${base}${manifest.archive.split("/").map(encodeURIComponent).join("/")}`);
    if (!archive.ok)
      return { ok: false, reason: `the demo archive could not be loaded (HTTP ${archive.status})` };
    const bytes = new Uint8Array(await archive.arrayBuffer());
    if ((await sha256Hex(bytes)) !== manifest.sha256)
      return { ok: false, reason: "the demo archive does not match the manifest's SHA-256" };
    const files = unpack(bytes, manifest);
    if (typeof files === "string") return { ok: false, reason: files };
    return { ok: true, demo: { label: manifest.label, judgeAt: manifest.judgeAt, files } };
  } catch (error) {
    // Network failure or a manifest that is not JSON.
    return { ok: false, reason: `the demo could not be loaded: ${errorMessage(error)}` };
  }
}

/** The browser's fetch, one function for the whole page, so the demo it loads is kept (below). */
const browserFetch = (url: string) => fetch(url, { credentials: "same-origin" });

/**
 * Demos loaded, by fetch function and base: the page loads the demo once and every later load (a
 * break-it scenario is generated on the demo's files, "Load the demo" again) takes the same files
 * without fetching, checking or inflating the archive again. Only successes are kept: a failed load
 * is tried afresh next time. The demo is ~200 KB unpacked, and a page has one base.
 */
const loaded = new WeakMap<(url: string) => Promise<Response>, Map<string, Promise<DemoResult>>>();

/**
 * Fetch the demo's manifest and its archive, check the archive and unpack it — once per page (see
 * `loaded`). Progress goes from 0 to all of the manifest's files, and reaches the end on a failure
 * too, so the page never stays "loading". The files are shared by every caller: read them, never
 * transfer or change their buffers.
 */
export async function loadDemo(options: LoadDemoOptions = {}): Promise<DemoResult> {
  const get = options.fetch ?? browserFetch;
  const base = options.base ?? DEMO_BASE;
  let bases = loaded.get(get);
  if (!bases) loaded.set(get, (bases = new Map()));
  const kept = bases.get(base);
  if (kept) {
    const result = await kept;
    if (result.ok) {
      const total = result.demo.files.length;
      options.onProgress?.(0, total);
      options.onProgress?.(total, total);
      return result;
    }
  }
  let total: number | undefined;
  const loading = fetchDemo(base, get, (files) => {
    total = files;
    options.onProgress?.(0, files);
  });
  bases.set(base, loading);
  const result = await loading;
  if (!result.ok && bases.get(base) === loading) bases.delete(base);
  if (total !== undefined) options.onProgress?.(total, total);
  return result;
}
