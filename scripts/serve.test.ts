/**
 * scripts/serve.mjs started on a free port over a folder shaped like out/: every answer carries the
 * security headers, a page its own <meta> policy as its header policy, every other file the policy
 * that lets a Worker started from it connect nowhere.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAME_ANCESTORS, SECURITY_HEADERS, WORKER_POLICY } from "./csp-headers.mjs";

const PAGE_POLICY =
  "default-src 'self'; script-src 'self' 'sha256-OBTN3RiyCV4Bq7dFqZ5a2pAXjnCcCYeTJMO2I/LYKeo='";
const NOT_FOUND_POLICY = "default-src 'self'; script-src 'self'";
const page = (policy: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="${policy.replaceAll("'", "&#x27;")}"/></head>` +
  "<body><script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>";

let root = "";
let server: ChildProcess | undefined;
let base = "";

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "serve-"));
  mkdirSync(join(root, "_next", "static", "chunks"), { recursive: true });
  writeFileSync(join(root, "index.html"), page(PAGE_POLICY));
  writeFileSync(join(root, "404.html"), page(NOT_FOUND_POLICY));
  writeFileSync(join(root, "_next", "static", "chunks", "turbopack-worker-x.js"), "importScripts();");
  writeFileSync(join(root, "icon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(root, "k8s-pki-collect.sh"), "#!/bin/sh\n");
  server = spawn(process.execPath, [join(import.meta.dirname, "serve.mjs"), "--port", "0", "--root", root], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  base = await new Promise<string>((resolve, reject) => {
    let printed = "";
    server?.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const url = / at (http:\/\/\S+)/.exec(printed)?.[1];
      if (url) resolve(url.replace(/\/$/, ""));
    });
    server?.on("exit", (code) =>
      reject(new Error(`serve.mjs exited (${code}) before listening: ${printed}`)),
    );
  });
});

afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(root, { recursive: true, force: true });
});

describe("scripts/serve.mjs headers", () => {
  it.each([
    { name: "the root page", path: "/", status: 200, policy: `${PAGE_POLICY}; ${FRAME_ANCESTORS}` },
    {
      name: "a page by its file name",
      path: "/index.html",
      status: 200,
      policy: `${PAGE_POLICY}; ${FRAME_ANCESTORS}`,
    },
    {
      name: "the 404 page, with its own policy",
      path: "/no-such-page",
      status: 404,
      policy: `${NOT_FOUND_POLICY}; ${FRAME_ANCESTORS}`,
    },
    {
      name: "the Worker's script",
      path: "/_next/static/chunks/turbopack-worker-x.js",
      status: 200,
      policy: WORKER_POLICY,
    },
    { name: "an image", path: "/icon.svg", status: 200, policy: WORKER_POLICY },
    { name: "a bad request", path: "/%ff", status: 400, policy: WORKER_POLICY },
  ])("$name", async ({ path, status, policy }) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-security-policy")).toBe(policy);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
  });

  it("lets the Worker's script connect nowhere, nor start a worker", () => {
    const directives = new Map(
      WORKER_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    expect(directives.get("connect-src")).toEqual(["'none'"]);
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("worker-src")).toEqual(["'none'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
  });

  it("serves the node collector as plain text, to read before running it", async () => {
    const res = await fetch(`${base}/k8s-pki-collect.sh`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("#!/bin/sh\n");
  });

  it("refuses other methods, still with the headers", async () => {
    const res = await fetch(`${base}/`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("content-security-policy")).toBe(WORKER_POLICY);
  });
});
