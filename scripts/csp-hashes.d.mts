/** The text of every inline script of `html`, in order. */
export function inlineScripts(html: string): string[];

/** The CSP source (`'sha256-…'`) that allows exactly this script text. */
export function scriptHash(text: string): string;

/** The page's own policy, from its <meta> tag; undefined for a page without one. */
export function metaPolicy(html: string): string | undefined;

/** `policy` with script-src allowing exactly `hashes` inline, besides its other sources. */
export function withHashes(policy: string, hashes: readonly string[]): string;

/** The name of the inert <meta> through which the layout hands its base policy to `hashPage`. */
export const BASE_POLICY_META: string;

/**
 * `html` with one CSP <meta> allowing exactly its inline scripts: the existing one rewritten, or
 * one made from the layout's inert base-policy <meta>, first in <head>; throws without either, or with two.
 */
export function hashPage(html: string): { html: string; policy: string; hashes: string[] };

/** Hashes every page under `outDir` into its policy; resolves with each page and its script count. */
export function addScriptHashes(outDir: string): Promise<{ file: string; scripts: number }[]>;
