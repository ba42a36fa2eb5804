/**
 * Where the bundled demo lives on this site. The page's head preloads the manifest and the archive
 * (app/layout.tsx) so both downloads overlap the scripts' start, and the loader then reads them
 * from the preload instead of asking again: the URLs must be the same strings in both places.
 */
export const DEMO_BASE = "/demo/";
export const DEMO_MANIFEST_URL = `${DEMO_BASE}manifest.json`;
/** The archive the committed manifest names (the manifest has the last word; this is only a head start). */
export const DEMO_ARCHIVE_URL = `${DEMO_BASE}demo.tar.gz`;
