// The security headers scripts/serve.mjs sends (README "Hosting the static site" lists them for
// other servers). A page's Content-Security-Policy is its own <meta> policy, hashes included
// (scripts/csp-hashes.mjs), plus what only a header can carry. Everything else is served with a
// policy that allows nothing but same-origin scripts: that response's policy is the one a Worker
// started from it runs under (a document's <meta> does not reach a Worker), and the analysis Worker
// reads certificates and keys, so it may connect nowhere, not even to its own origin.

/** Only a header can forbid framing: a <meta> policy ignores frame-ancestors. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Features the page never uses; each is one Chromium recognises everywhere (an unknown one is a console error). */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "clipboard-read",
  "display-capture",
  "geolocation",
  "gyroscope",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "publickey-credentials-get",
  "window-management",
];

/** Sent with every response. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": DENIED_FEATURES.map((feature) => `${feature}=()`).join(", "),
};

/**
 * The policy of every response that is not a page: the Worker's script above all. Its scripts load
 * from its own origin (importScripts); no connection, nested worker, font, image or frame anywhere.
 * worker-src is spelled out because it falls back to script-src, not to default-src.
 */
export const WORKER_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  FRAME_ANCESTORS,
].join("; ");

/**
 * The header policy of a page: its <meta> policy and frame-ancestors. A page without a <meta> policy
 * is not one of ours, and runs nothing.
 */
export function pagePolicy(metaPolicy) {
  return `${metaPolicy ?? "default-src 'none'"}; ${FRAME_ANCESTORS}`;
}
