/**
 * public/demo/manifest.json: what the page fetches first to load the demo — its label, its fixed
 * judge date, the one archive holding every file (with its SHA-256) and the files that archive must
 * hold, so the loader accepts exactly these and nothing else. The same files are kept as a plain
 * folder in e2e/fixtures/demo for the tests and for `k8s-pki audit`; the site serves only the archive.
 */
export interface DemoManifest {
  label: string;
  judgeAt: string;
  /** File name of the .tar.gz next to the manifest. */
  archive: string;
  /** Lower-case hex SHA-256 of the archive. */
  sha256: string;
  files: string[];
}

/** The manifest for the rendered demo files, files in path order. */
export function demoManifest(
  label: string,
  judgeAt: string,
  archive: { name: string; sha256: string },
  paths: Iterable<string>,
): DemoManifest {
  return { label, judgeAt, archive: archive.name, sha256: archive.sha256, files: [...paths].sort() };
}
