/**
 * Loads the bundled demo cluster from this site: /demo/manifest.json, then every file it lists.
 * Only same-origin, relative demo paths are fetched — a manifest naming anything else is refused —
 * and a failure comes back as a reason the page can show, never as an exception.
 */
import type { AnalysisFile } from "../../lib/bridge/protocol";
import { errorMessage } from "../../lib/pki/result";

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

function readManifest(json: unknown): { label: string; judgeAt: string; files: string[] } | string {
  if (typeof json !== "object" || json === null) return "the demo manifest is not a JSON object";
  const { label, judgeAt, files } = json as Record<string, unknown>;
  if (typeof label !== "string" || typeof judgeAt !== "string" || !Array.isArray(files))
    return "the demo manifest lacks label, judgeAt or files";
  if (Number.isNaN(Date.parse(judgeAt))) return `the demo manifest's judgeAt is not a date: ${judgeAt}`;
  const bad = files.find((path) => !safePath(path));
  if (bad !== undefined) return `the demo manifest names a path outside the demo: ${String(bad)}`;
  return { label, judgeAt, files: files as string[] };
}

/** Fetch the demo's manifest and files; files are fetched eight at a time. */
export async function loadDemo(options: LoadDemoOptions = {}): Promise<DemoResult> {
  const base = options.base ?? "/demo/";
  const get = options.fetch ?? ((url: string) => fetch(url, { credentials: "same-origin" }));
  try {
    const response = await get(`${base}manifest.json`);
    if (!response.ok)
      return { ok: false, reason: `the demo manifest could not be loaded (HTTP ${response.status})` };
    const manifest = readManifest(await response.json());
    if (typeof manifest === "string") return { ok: false, reason: manifest };
    const files: AnalysisFile[] = [];
    options.onProgress?.(0, manifest.files.length);
    for (let start = 0; start < manifest.files.length; start += 8) {
      const batch = manifest.files.slice(start, start + 8);
      const fetched = await Promise.all(
        batch.map(async (path) => {
          const file = await get(`${base}${path.split("/").map(encodeURIComponent).join("/")}`);
          if (!file.ok) throw new Error(`${path}: HTTP ${file.status}`);
          return { path, bytes: await file.arrayBuffer() };
        }),
      );
      files.push(...fetched);
      options.onProgress?.(files.length, manifest.files.length);
    }
    return { ok: true, demo: { label: manifest.label, judgeAt: manifest.judgeAt, files } };
  } catch (error) {
    // Network failure, a file missing from the deployment, or a manifest that is not JSON.
    return { ok: false, reason: `the demo could not be loaded: ${errorMessage(error)}` };
  }
}
