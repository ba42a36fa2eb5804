/**
 * The post-build step on a page shaped like the static export's: script tags with a `src` above the
 * <meta> policy (React writes its quotes as `&#x27;`), the theme script after it, Next's flight data
 * in the body. Expected hashes were computed with `printf '%s' SCRIPT | openssl dgst -sha256 -binary | base64`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  addScriptHashes,
  BASE_POLICY_META,
  hashPage,
  inlineScripts,
  metaPolicy,
  scriptHash,
  withHashes,
} from "./csp-hashes.mjs";

const BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
const BOOTSTRAP_HASH = "'sha256-OBTN3RiyCV4Bq7dFqZ5a2pAXjnCcCYeTJMO2I/LYKeo='";
const THEME = 'document.documentElement.dataset.theme="dark"';
const THEME_HASH = "'sha256-zTSXYZ/r74pY7Te+wyYtgDRsO/hpzo1oFZH8wmJQwSA='";

const LAYOUT_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'";
const quoted = (policy: string) => policy.replaceAll("'", "&#x27;");

function page(policy = LAYOUT_POLICY, body = `<script>${BOOTSTRAP}</script>`): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
    '<script src="/_next/static/chunks/a.js" async=""></script>' +
    `<meta http-equiv="Content-Security-Policy" content="${quoted(policy)}"/>` +
    `<script>${THEME}</script><script src="/_next/static/chunks/b.js" noModule=""></script></head>` +
    `<body><main>text</main>${body}</body></html>`
  );
}

describe("scriptHash", () => {
  it.each([
    { name: "Next's flight-data bootstrap", text: BOOTSTRAP, want: BOOTSTRAP_HASH },
    { name: "a theme script", text: THEME, want: THEME_HASH },
    // openssl over "a\nb": the parser has turned the page's CR LF into LF before the browser hashes.
    {
      name: "CR LF as the browser sees it",
      text: "a\r\nb",
      want: "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='",
    },
  ])("$name", ({ text, want }) => {
    expect(scriptHash(text)).toBe(want);
  });
});

describe("inlineScripts and metaPolicy", () => {
  it("takes no policy from a script's text", () => {
    const script = `var m='<meta http-equiv="Content-Security-Policy" content="script-src *">'`;
    const html = page(LAYOUT_POLICY, `<script>${script}</script>`);
    expect(metaPolicy(html)).toBe(LAYOUT_POLICY);
    expect(hashPage(html).hashes).toEqual([THEME_HASH, scriptHash(script)]);
  });

  it("finds the inline scripts in order, not those with a src, and the decoded <meta> policy", () => {
    const html = page(LAYOUT_POLICY, `<script id="_R_">${BOOTSTRAP}</script><script src="/c.js"></script>`);
    expect(inlineScripts(html)).toEqual([THEME, BOOTSTRAP]);
    expect(metaPolicy(html)).toBe(LAYOUT_POLICY);
    expect(metaPolicy("<html><head></head></html>")).toBeUndefined();
  });
});

describe("withHashes", () => {
  it.each([
    {
      name: "adds hashes after the script sources",
      policy: "default-src 'self'; script-src 'self'",
      hashes: [THEME_HASH, BOOTSTRAP_HASH],
      want: `default-src 'self'; script-src 'self' ${THEME_HASH} ${BOOTSTRAP_HASH}`,
    },
    {
      name: "replaces the hashes of an earlier run and lists a repeated script once",
      policy: `script-src 'self' ${THEME_HASH}; object-src 'none';`,
      hashes: [BOOTSTRAP_HASH, BOOTSTRAP_HASH],
      want: `script-src 'self' ${BOOTSTRAP_HASH}; object-src 'none'`,
    },
  ])("$name", ({ policy, hashes, want }) => {
    expect(withHashes(policy, hashes)).toBe(want);
  });

  it("refuses a policy without script-src", () => {
    expect(() => withHashes("default-src 'self'", [THEME_HASH])).toThrow("no script-src");
  });
});

describe("hashPage", () => {
  it("rewrites only the <meta> policy, and a second run changes nothing", () => {
    const before = page();
    const once = hashPage(before);
    expect(once.hashes).toEqual([THEME_HASH, BOOTSTRAP_HASH]);
    expect(metaPolicy(once.html)).toBe(
      `default-src 'self'; script-src 'self' ${THEME_HASH} ${BOOTSTRAP_HASH}; style-src 'self' 'unsafe-inline'; connect-src 'self'`,
    );
    expect(once.html.replace(/<meta http-equiv[^>]*>/, "")).toBe(
      before.replace(/<meta http-equiv[^>]*>/, ""),
    );
    expect(hashPage(once.html).html).toBe(once.html);
  });

  it("puts the policy of the layout's inert <meta> first in <head>, above every script, and a second run only rewrites it", () => {
    const before = page().replace(
      /<meta http-equiv="Content-Security-Policy"([^>]*)>/i,
      `<meta name="${BASE_POLICY_META}"$1>`,
    );
    expect(before).not.toContain("http-equiv");
    const html = before;
    const once = hashPage(html);
    expect(once.html).toMatch(
      /^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="/,
    );
    expect(metaPolicy(once.html)).toBe(
      `default-src 'self'; script-src 'self' ${THEME_HASH} ${BOOTSTRAP_HASH}; style-src 'self' 'unsafe-inline'; connect-src 'self'`,
    );
    expect(hashPage(once.html).html).toBe(once.html);
  });

  it.each([
    { name: "no policy", html: "<html><head><script>x()</script></head></html>", want: "found none" },
    {
      name: "two policies",
      html: page().replace(
        "<main>",
        `<meta http-equiv="content-security-policy" content="script-src 'self'"><main>`,
      ),
      want: "found 2",
    },
  ])("throws for a page with $name", ({ html, want }) => {
    expect(() => hashPage(html)).toThrow(want);
  });
});

describe("addScriptHashes", () => {
  const out = mkdtempSync(join(tmpdir(), "csp-hashes-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("hashes every page under the folder, each with its own scripts, and leaves other files alone", async () => {
    mkdirSync(join(out, "nested"));
    writeFileSync(join(out, "index.html"), page());
    writeFileSync(join(out, "nested", "index.html"), page(LAYOUT_POLICY, ""));
    writeFileSync(join(out, "data.txt"), "<script>not a page</script>");
    const pages = await addScriptHashes(out);
    expect(pages.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: "index.html", scripts: 2 },
      { file: join("nested", "index.html"), scripts: 1 },
    ]);
    expect(metaPolicy(readFileSync(join(out, "index.html"), "utf8"))).toContain(BOOTSTRAP_HASH);
    expect(metaPolicy(readFileSync(join(out, "nested", "index.html"), "utf8"))).not.toContain(BOOTSTRAP_HASH);
    expect(readFileSync(join(out, "data.txt"), "utf8")).toBe("<script>not a page</script>");
  });

  it("names the page that has no policy", async () => {
    writeFileSync(join(out, "stray.html"), "<html><body><script>x()</script></body></html>");
    await expect(addScriptHashes(out)).rejects.toThrow(
      "stray.html: expected a Content-Security-Policy <meta>, found none",
    );
  });
});
