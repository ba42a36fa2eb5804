/**
 * public/demo/manifest.json: what the page fetches to load the demo — its label, its fixed judge
 * date and every file (paths relative to /demo/), so the loader fetches exactly these and nothing else.
 */
export interface DemoManifest {
  label: string;
  judgeAt: string;
  files: string[];
}

/** The manifest for the rendered demo files, files in path order. */
export function demoManifest(label: string, judgeAt: string, paths: Iterable<string>): DemoManifest {
  return { label, judgeAt, files: [...paths].sort() };
}
