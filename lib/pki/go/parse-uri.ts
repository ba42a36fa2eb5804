/**
 * The part of Go's `url.Parse` that a URI SAN or a URI name constraint depends on: the errors it
 * gives for a URI no parser should accept (a control character, a colon first, a bad port, a bad
 * escape) and the host it finds. A simplification of net/url, exact for the URIs certificates hold
 * (`spiffe://cluster.local/ns/…`, `https://host:port/path`).
 */
export type ParsedUri = { ok: true; host: string } | { ok: false; error: string };

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;

function urlError(uri: string, message: string): ParsedUri {
  return { ok: false, error: `parse ${JSON.stringify(uri)}: ${message}` };
}

/** Go's `url.Parse(text)`: the host (empty when none) or the error text of *url.Error. */
export function parseUri(text: string): ParsedUri {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return urlError(text, "net/url: invalid control character in URL");
  }
  const hash = text.indexOf("#");
  const withoutFragment = hash === -1 ? text : text.slice(0, hash);
  const colon = withoutFragment.indexOf(":");
  let rest = withoutFragment;
  if (colon === 0) return urlError(text, "missing protocol scheme");
  if (colon > 0 && SCHEME.test(withoutFragment.slice(0, colon))) rest = withoutFragment.slice(colon + 1);
  const question = rest.indexOf("?");
  if (question !== -1) rest = rest.slice(0, question);
  if (!rest.startsWith("//")) return { ok: true, host: "" };
  const slash = rest.indexOf("/", 2);
  const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
  const at = authority.lastIndexOf("@");
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  let host = hostPort;
  let port = "";
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close === -1) return urlError(text, `missing ']' in host`);
    port = hostPort.slice(close + 1);
    host = hostPort.slice(0, close + 1);
    if (port !== "" && !/^:\d*$/.test(port))
      return urlError(text, `invalid port ${JSON.stringify(port)} after host`);
  } else {
    const portColon = hostPort.lastIndexOf(":");
    if (portColon !== -1) {
      port = hostPort.slice(portColon);
      if (!/^:\d*$/.test(port)) return urlError(text, `invalid port ${JSON.stringify(port)} after host`);
    }
  }
  const bad = /%(?![0-9a-fA-F]{2})/.exec(hostPort);
  if (bad)
    return urlError(text, `invalid URL escape ${JSON.stringify(hostPort.slice(bad.index, bad.index + 3))}`);
  try {
    return { ok: true, host: decodeURIComponent(hostPort) };
  } catch {
    return { ok: true, host };
  }
}
