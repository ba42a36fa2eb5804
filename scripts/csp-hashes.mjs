#!/usr/bin/env node
// After `next build`: lists each page's inline scripts by their SHA-256 in its <meta> policy.
// Usage: node scripts/csp-hashes.mjs [out-dir]   (default out/; `npm run build` runs it)
//
// The static export inlines scripts into every page: Next's bootstrap and flight data
// (`self.__next_f.push(...)`, `TURBOPACK.push(...)`) and the pre-paint theme script. They differ per
// page and per build, so they can only be hashed once the HTML exists. The layout's production policy
// allows `'self'` scripts alone; this adds one `'sha256-…'` source per inline script of the page, so
// those scripts run and no other inline script can. scripts/serve.mjs sends the same policy as a
// header. Running it twice gives the same pages.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// A script element as React writes it: no `>` inside attribute values, and script text that never
// holds `</script` (React escapes `<` in the data it inlines).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const META = /<meta\b[^>]*>/gi;

/** The text of every inline script of `html`, in order (scripts with a `src` run from 'self'). */
export function inlineScripts(html) {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes]) => !/(^|\s)src\s*=/i.test(attributes))
    .map(([, , text]) => text);
}

/** The CSP source that allows exactly this script text: the browser hashes its UTF-8 after the parser turned CR LF into LF. */
export function scriptHash(text) {
  const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
  return `'sha256-${digest}'`;
}

const attribute = (tag, name) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
const decode = (value) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const encode = (value) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The <meta http-equiv="Content-Security-Policy"> tags of `html` (not text inside a script): where each is and its policy. */
function policyMetas(html) {
  const scripts = [...html.matchAll(SCRIPT)].map((match) => [match.index, match.index + match[0].length]);
  const inScript = (index) => scripts.some(([start, end]) => index > start && index < end);
  return [...html.matchAll(META)]
    .filter((match) => !inScript(match.index))
    .filter(([tag]) => attribute(tag, "http-equiv")?.toLowerCase() === "content-security-policy")
    .map((match) => ({
      tag: match[0],
      index: match.index,
      policy: decode(attribute(match[0], "content") ?? ""),
    }));
}

/** The page's own policy, from its <meta> tag; undefined for a page without one. */
export function metaPolicy(html) {
  return policyMetas(html)[0]?.policy;
}

/** `policy` with script-src allowing 'self'-hosted scripts and exactly `hashes` inline (earlier hashes dropped). */
export function withHashes(policy, hashes) {
  const directives = policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => directive.split(/\s+/));
  const scriptSrc = directives.find(([name]) => name?.toLowerCase() === "script-src");
  if (!scriptSrc) throw new Error(`the policy has no script-src to add hashes to: ${policy}`);
  const kept = scriptSrc.filter((source) => !/^'sha256-/.test(source));
  scriptSrc.splice(0, scriptSrc.length, ...kept, ...new Set(hashes));
  return directives.map((sources) => sources.join(" ")).join("; ");
}

/** The name of the inert <meta> that carries the policy from the layout to this step in a production build. */
export const BASE_POLICY_META = "k8s-pki-content-security-policy";

/** The base policy the layout wrote into its inert <meta name=…>, or undefined. */
function basePolicy(html) {
  const meta = [...html.matchAll(META)].find(([tag]) => attribute(tag, "name") === BASE_POLICY_META);
  return meta ? decode(attribute(meta[0], "content") ?? "") : undefined;
}

/** Where the policy <meta> goes: first in <head> (after a leading charset <meta>), above every script. */
function headStart(html) {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) throw new Error("the page has no <head>");
  const after = head.index + head[0].length;
  const charset = /^\s*<meta\s+charset\s*=[^>]*>/i.exec(html.slice(after));
  return after + (charset ? charset[0].length : 0);
}

/**
 * `html` with one CSP <meta>, first in its head, allowing exactly its inline scripts. The layout
 * renders only an inert <meta name="k8s-pki-content-security-policy"> with the base policy in a
 * production build: a policy <meta> rendered by React would be rendered again, unhashed, when the
 * page hydrates (its flight data holds the props, whose hash would depend on itself). A second run
 * rewrites the tag the first inserted. A page without any policy, or with two, throws.
 */
export function hashPage(html) {
  const metas = policyMetas(html);
  if (metas.length > 1) throw new Error(`expected one Content-Security-Policy <meta>, found ${metas.length}`);
  const hashes = inlineScripts(html).map(scriptHash);
  if (metas.length === 1) {
    const [{ tag, index, policy }] = metas;
    const hashed = withHashes(policy, hashes);
    const newTag = tag.replace(/(\scontent\s*=\s*)(?:"[^"]*"|'[^']*')/i, `$1"${encode(hashed)}"`);
    return { html: html.slice(0, index) + newTag + html.slice(index + tag.length), policy: hashed, hashes };
  }
  const base = basePolicy(html);
  if (base === undefined) throw new Error("expected a Content-Security-Policy <meta>, found none");
  const hashed = withHashes(base, hashes);
  const at = headStart(html);
  const tag = `<meta http-equiv="Content-Security-Policy" content="${encode(hashed)}"/>`;
  return { html: html.slice(0, at) + tag + html.slice(at), policy: hashed, hashes };
}

async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

/** Hashes the inline scripts of every page under `outDir` into that page's policy; resolves with what it did. */
export async function addScriptHashes(outDir) {
  const pages = [];
  for await (const file of htmlFiles(outDir)) {
    const before = await readFile(file, "utf8");
    let page;
    try {
      page = hashPage(before);
    } catch (error) {
      throw new Error(`${relative(outDir, file)}: ${error.message}`, { cause: error });
    }
    if (page.html !== before) await writeFile(file, page.html);
    pages.push({ file: relative(outDir, file), scripts: page.hashes.length });
  }
  if (pages.length === 0) throw new Error(`no pages in ${outDir} (has \`next build\` run?)`);
  return pages;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "out"));
  try {
    const pages = await addScriptHashes(outDir);
    const scripts = pages.reduce((sum, page) => sum + page.scripts, 0);
    console.log(`Content-Security-Policy: ${scripts} inline scripts of ${pages.length} pages hashed`);
  } catch (error) {
    console.error(`csp-hashes: ${error.message}`);
    process.exit(1);
  }
}
