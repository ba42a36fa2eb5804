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
 * known once the HTML exists, so in a production build the layout writes only an inert <meta> with
 * this policy and `npm run build` turns it into the policy, hashes added, first in <head>
 * (scripts/csp-hashes.mjs; a bare `next build` leaves pages without a policy, which is why every
 * build path of the repo runs that step). `next dev` alone
 * keeps `'unsafe-inline'` and `'unsafe-eval'`, which its inline scripts, React's development build
 * and hot reloading need.
 *
 * Styles keep `'unsafe-inline'`: the export writes `style="…"` attributes (React's style prop), the
 * page sets some with setAttribute, and Next's 404 page inlines a <style>; hashes cover no attribute.
 * A style cannot run code, and with images, fonts and connections held to 'self' it cannot reach
 * another origin either.
 *
 * The built policy <meta> is the first element of <head> after the charset, so it governs every
 * script of the page, inline or not, and every connection the page can make. (Rendered by React,
 * it would be rendered a second time, unhashed, when the page hydrates.)
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
