import type { Metafile } from "esbuild";

/** Where the bundle goes; the `bin` of package.json is `<this>/k8s-pki.mjs`. */
export const CLI_DIST: string;

/** Bundles cli/k8s-pki.ts into `outdir` (default cli/dist); resolves with esbuild's metafile. */
export function buildCli(outdir?: string): Promise<Metafile>;
