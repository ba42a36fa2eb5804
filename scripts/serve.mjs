#!/usr/bin/env node
// Serves the static export in out/ at "/": its pages use absolute /_next/... URLs, so file:// cannot work.
// Every response carries the security headers of scripts/csp-headers.mjs: a page its own
// Content-Security-Policy, every other file (the analysis Worker's script among them) one that allows
// no connection.
// Usage: node scripts/serve.mjs [--port N] [--host H] [--root DIR] [--open]   (PORT sets the default port)
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { metaPolicy } from "./csp-hashes.mjs";
import { pagePolicy, SECURITY_HEADERS, WORKER_POLICY } from "./csp-headers.mjs";

const options = {
  port: { type: "string" },
  host: { type: "string", default: "127.0.0.1" },
  root: { type: "string" },
  open: { type: "boolean" },
};
const { values: args } = parseArgs({ options });
const root = resolve(args.root ?? join(import.meta.dirname, "..", "out"));
const port = Number(args.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${args.port ?? process.env.PORT}`);
  process.exit(2);
}

// Extensions by type. PKI material (the bundled demo cluster) is served as bytes or plain text, never
// rendered; the node collector (k8s-pki-collect.sh) as text, to read before running it.
const byType = {
  "text/html; charset=utf-8": ".html",
  "text/javascript; charset=utf-8": ".js .mjs",
  "text/css; charset=utf-8": ".css",
  "text/plain; charset=utf-8": ".txt .conf .yaml .yml .sh",
  "application/json": ".json .map",
  "image/svg+xml": ".svg",
  "image/png": ".png",
  "image/x-icon": ".ico",
  "font/woff2": ".woff2",
  "application/wasm": ".wasm",
};
const types = Object.fromEntries(
  Object.entries(byType).flatMap(([type, exts]) => exts.split(" ").map((ext) => [ext, type])),
);

/** The file a URL path names (`/a`, `/a.html` or `/a/index.html`); never outside out/, never a directory. */
async function findFile(urlPath) {
  const path = resolve(root, "." + urlPath);
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  const candidates =
    path === root ? [join(root, "index.html")] : [path, `${path}.html`, join(path, "index.html")];
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => undefined); // absent or unreadable: try the next form
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/** The headers of a short plain-text answer the server writes itself. */
const plainHeaders = {
  ...SECURITY_HEADERS,
  "Content-Type": "text/plain; charset=utf-8",
  "Content-Security-Policy": WORKER_POLICY,
};

async function send(res, status, file) {
  const headers = { ...SECURITY_HEADERS, "Content-Type": types[extname(file)] ?? "application/octet-stream" };
  if (extname(file) === ".html") {
    // A page is read whole: its header policy is the one its <meta> tag carries.
    const html = await readFile(file).catch((error) => void res.destroy(error)); // as a failed stream
    if (!html) return;
    const policy = pagePolicy(metaPolicy(html.toString("utf8")));
    return void res.writeHead(status, { ...headers, "Content-Security-Policy": policy }).end(html);
  }
  res.writeHead(status, { ...headers, "Content-Security-Policy": WORKER_POLICY });
  createReadStream(file)
    .on("error", (error) => res.destroy(error))
    .pipe(res);
}

const server = createServer(async (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD")
    return void res.writeHead(405, { ...plainHeaders, Allow: "GET, HEAD" }).end();
  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch (error) {
    return void res.writeHead(400, plainHeaders).end(`Bad request: ${error.message}`);
  }
  const file = await findFile(urlPath);
  if (file) return send(res, 200, file);
  const notFoundPage = await findFile("/404.html");
  if (notFoundPage) return send(res, 404, notFoundPage);
  res.writeHead(404, plainHeaders).end("Not found (has `next build` run?)");
});

server.on("error", (error) => {
  console.error(`Cannot serve on ${args.host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, args.host, () => {
  const host = args.host.includes(":") ? `[${args.host}]` : args.host;
  const url = `http://${host}:${server.address().port}/`;
  console.log(`Serving ${root} at ${url}`);
  if (args.open) openBrowser(url);
});

/** Best effort: a machine without a desktop just gets no browser; the URL is printed either way. */
function openBrowser(url) {
  const opener = { darwin: ["open"], win32: ["cmd", "/c", "start", ""] }[process.platform];
  const [command, ...rest] = opener ?? ["xdg-open"];
  const child = spawn(command, [...rest, url], { stdio: "ignore", detached: true });
  child.on("error", () => console.log(`Open ${url} in your browser.`));
  child.unref();
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
