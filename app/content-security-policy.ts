/**
 * The page's Content-Security-Policy, delivered as a <meta> tag because a static export has no
 * server to send headers. Everything is same-origin: certificates and keys are parsed in this tab,
 * so `connect-src 'self'` is what makes "nothing leaves this tab" enforceable, not just a promise.
 * `'unsafe-inline'` for scripts is needed by the static export's inlined bootstrap and flight-data
 * scripts (and the pre-paint theme script); no remote origin is allowed anywhere.
 * `frame-ancestors` cannot be set from a <meta> tag and is left to the host.
 */
const directives: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'", "'unsafe-inline'"],
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
