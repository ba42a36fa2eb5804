/**
 * The page's Content-Security-Policy, delivered as a <meta> tag because a static export has no
 * server to send headers. Everything is same-origin: certificates and keys are parsed in this tab,
 * so `connect-src 'self'` is what makes "nothing leaves this tab" enforceable, not just a promise.
 * `'unsafe-inline'` for scripts is needed by the static export's inlined bootstrap and flight-data
 * scripts (and the pre-paint theme script); no remote origin is allowed anywhere.
 * `next dev` alone also gets `'unsafe-eval'`, which React's development build and hot reloading need.
 * Next places its own same-origin <script src> tags above this <meta>; the policy governs everything
 * fetched and run after it, which covers every connection the page can make.
 * `frame-ancestors` cannot be set from a <meta> tag and is left to the host.
 */
const development = process.env.NODE_ENV === "development";

const directives: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'", "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : [])],
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
