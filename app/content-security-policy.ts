/**
 * The page's Content-Security-Policy, as a <meta> tag so that it holds wherever the static export is
 * hosted, even where no header can be set. scripts/serve.mjs (`npm start`) also sends it as a header,
 * with what only a header can carry (`frame-ancestors`), and gives the analysis Worker's script a
 * policy of its own: a document's policy does not reach a Worker (README "Hosting the static site").
 * Everything is same-origin: certificates and keys are parsed in this tab, so `connect-src 'self'` is
 * what makes "nothing leaves this tab" enforceable, not just a promise.
 *
 * Scripts: production allows same-origin script files and, inline, exactly the scripts the build
 * wrote into each page. Their hashes (Next's bootstrap and flight data, the theme script) are only
 * known once the HTML exists, so `npm run build` adds them after `next build` (scripts/csp-hashes.mjs);
 * a page built without that step runs no inline script and so does not start. `next dev` alone
 * keeps `'unsafe-inline'` and `'unsafe-eval'`, which its inline scripts, React's development build
 * and hot reloading need.
 *
 * Styles keep `'unsafe-inline'`: the export writes `style="…"` attributes (React's style prop), the
 * page sets some with setAttribute, and Next's 404 page inlines a <style>; hashes cover no attribute.
 * A style cannot run code, and with images, fonts and connections held to 'self' it cannot reach
 * another origin either.
 *
 * Next places its own same-origin <script src> tags above this <meta>; the policy governs everything
 * fetched and run after it, which covers every inline script and every connection the page can make.
 */
const development = process.env.NODE_ENV === "development";

const directives: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'", ...(development ? ["'unsafe-inline'", "'unsafe-eval'"] : [])],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "frame-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'none'"],
};

export const contentSecurityPolicy = Object.entries(directives)
  .map(([name, sources]) => `${name} ${sources.join(" ")}`)
  .join("; ");
