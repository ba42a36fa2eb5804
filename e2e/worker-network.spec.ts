import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Page, Worker as PageWorker } from "@playwright/test";
import { lockedMessage } from "../lib/bridge/lock-network";
import { SECURITY_HEADERS, WORKER_POLICY } from "../scripts/csp-headers.mjs";
import { expect, test } from "./pages/explorer-page";

/**
 * "Nothing leaves this tab" held by the browser, not only by the app's code: the analysis Worker has
 * no network API left, a Worker started from its script is refused every connection by that
 * response's own policy, and the server sends every page its policy (inline scripts allowed by hash
 * alone) as a header.
 */

/** Another origin that answers everything, WebSocket upgrades included, and records what reached it. */
async function startOtherOrigin() {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url?.endsWith(".js"))
      return void res.writeHead(200, { "Content-Type": "text/javascript" }).end("");
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Access-Control-Allow-Origin": "*" })
      .end("<!DOCTYPE html><title>another origin</title>");
  });
  server.on("upgrade", (req, socket: Socket) => {
    hits.push(`upgrade ${req.url ?? ""}`);
    const accept = createHash("sha1")
      .update(`${String(req.headers["sec-websocket-key"])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    sockets.add(socket);
    // A browser dropping the socket without a closing handshake ends it as well as a clean close.
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hits,
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Targets {
  /** The served site's own root, as the Worker would name it. */
  sameOrigin: string;
  /** Another origin, with a folder per phase of the test so its hits say who reached it. */
  other: string;
  otherWs: string;
}

/**
 * Runs inside a Worker (and once on a page without a policy, to prove the other origin answers):
 * each way code can connect, and what became of it, "connected…" or "refused: why". Self-contained,
 * as Playwright sends it to the Worker as source.
 */
async function tryToConnect({ sameOrigin, other, otherWs }: Targets): Promise<Record<string, string>> {
  const outcome = async (attempt: () => Promise<string>): Promise<string> => {
    try {
      return await attempt();
    } catch (error) {
      return `refused: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const settles = (start: (done: (result: string) => void, fail: (why: string) => void) => void) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer in 10 s")), 10_000);
      start(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (why) => {
          clearTimeout(timer);
          reject(new Error(why));
        },
      );
    });
  return {
    "fetch, same origin": await outcome(async () => `connected: ${(await fetch(sameOrigin)).status}`),
    "fetch, another origin": await outcome(
      async () => `connected: ${(await fetch(`${other}fetch`, { mode: "no-cors" })).type}`,
    ),
    WebSocket: await outcome(() =>
      settles((done, fail) => {
        const socket = new WebSocket(`${otherWs}socket`);
        socket.onopen = () => {
          socket.close();
          done("connected");
        };
        socket.onerror = () => fail("the connection failed");
      }),
    ),
    XMLHttpRequest: await outcome(() =>
      settles((done, fail) => {
        const request = new XMLHttpRequest();
        request.onload = () => done(`connected: ${request.status}`);
        request.onerror = () => fail("the request failed");
        request.open("GET", `${other}xhr`);
        request.send();
      }),
    ),
    EventSource: await outcome(() =>
      settles((done, fail) => {
        const source = new EventSource(`${other}events`);
        source.onopen = () => {
          source.close();
          done("connected");
        };
        source.onerror = () => {
          source.close();
          fail("the stream failed");
        };
      }),
    ),
    importScripts: await outcome(async () => {
      importScripts(`${other}script.js`);
      return "connected";
    }),
  };
}

/** Which API each attempt of tryToConnect uses. */
const attemptApis = {
  "fetch, same origin": "fetch",
  "fetch, another origin": "fetch",
  WebSocket: "WebSocket",
  XMLHttpRequest: "XMLHttpRequest",
  EventSource: "EventSource",
  importScripts: "importScripts",
} as const;

/** The live analysis Worker: started by the page from the bundle's worker script. */
function analysisWorker(page: Page): PageWorker {
  const workers = page
    .workers()
    .filter((worker) => new URL(worker.url()).pathname.startsWith("/_next/static/"));
  expect(
    workers,
    "exactly one analysis Worker is alive (none means it failed and the page fell back)",
  ).toHaveLength(1);
  return workers[0] as PageWorker;
}

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

test.describe("the analysis Worker and the policies", () => {
  test("code in the analysis Worker can open no connection, and its script's own policy refuses any", async ({
    explorer,
    page,
    context,
  }) => {
    const otherOrigin = await startOtherOrigin();
    try {
      // The other origin does answer a page that has no policy: over HTTP and over a WebSocket.
      const control = await context.newPage();
      await control.goto(`${otherOrigin.http}/control/`);
      const reachable = await control.evaluate(tryToConnect, {
        sameOrigin: "/control/",
        other: `${otherOrigin.http}/control/`,
        otherWs: `${otherOrigin.ws}/control/`,
      });
      expect(reachable["fetch, another origin"]).toMatch(/^connected/);
      expect(reachable.WebSocket).toBe("connected");
      await control.close();

      await explorer.goto();
      const worker = analysisWorker(page);
      // Its message handler is set, so its module ran to the end, the lockdown first.
      expect(await worker.evaluate(() => typeof self.onmessage)).toBe("function");
      const locked = await worker.evaluate(tryToConnect, {
        sameOrigin: "/",
        other: `${otherOrigin.http}/locked/`,
        otherWs: `${otherOrigin.ws}/locked/`,
      });
      expect(locked).toEqual(
        Object.fromEntries(
          Object.entries(attemptApis).map(([attempt, api]) => [attempt, `refused: ${lockedMessage(api)}`]),
        ),
      );

      // The same script started bare (no chunks to load, so nothing is removed): only the policy its
      // response carried stands between it and the network. The page's own policy would allow "/".
      const scriptPath = new URL(worker.url()).pathname;
      const bareStarted = page.waitForEvent("worker", (started) => started.url().includes("?bare"));
      await page.evaluate((path) => {
        const bare = new Worker(`${path}?bare#params=${encodeURIComponent("[[]]")}`);
        bare.onerror = (event) => event.preventDefault();
        (window as unknown as { bareWorker: Worker }).bareWorker = bare;
      }, scriptPath);
      const bare = await bareStarted;
      expect(await bare.evaluate(() => typeof fetch)).toBe("function");
      const refused = await bare.evaluate(tryToConnect, {
        sameOrigin: "/",
        other: `${otherOrigin.http}/bare/`,
        otherWs: `${otherOrigin.ws}/bare/`,
      });
      for (const [attempt, result] of Object.entries(refused)) expect(result, attempt).toMatch(/^refused: /);
      expect(await page.evaluate(() => fetch("/").then((res) => res.status))).toBe(200);

      // The control page's own requests (its path, and the favicon the browser asks for) are the only hits.
      const fromControl = (hit: string) => hit.includes("/control/") || hit.endsWith("/favicon.ico");
      expect(otherOrigin.hits.filter((hit) => !fromControl(hit))).toEqual([]);
    } finally {
      await otherOrigin.close();
    }
  });

  test("npm start's server sends each page its policy, hashes included, and the Worker's script its own", async ({
    explorer,
    page,
    request,
  }) => {
    await explorer.goto();
    const workerScript = new URL(analysisWorker(page).url()).pathname;

    const home = await request.get("/");
    expect(home.status()).toBe(200);
    const html = await home.text();
    const policy = home.headers()["content-security-policy"] ?? "";
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(policy).toBe(`${meta.replaceAll("&#x27;", "'").replaceAll("&amp;", "&")}; frame-ancestors 'none'`);
    expect(directive(policy, "connect-src")).toEqual(["'self'"]);

    // Exactly the page's inline scripts are allowed, each by its hash, worked out here afresh.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
      .map(
        ([, , text]) =>
          `'sha256-${createHash("sha256")
            .update(text ?? "")
            .digest("base64")}'`,
      );
    expect(inline.length).toBeGreaterThan(0);
    expect(directive(policy, "script-src")).toEqual(["'self'", ...new Set(inline)]);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(home.headers()[name.toLowerCase()]).toBe(value);

    const script = await request.get(workerScript);
    expect(script.status()).toBe(200);
    expect(script.headers()["content-security-policy"]).toBe(WORKER_POLICY);
    expect(directive(WORKER_POLICY, "connect-src")).toEqual(["'none'"]);
  });

  test("the page and the 404 page run all their scripts with no policy violation", async ({
    explorer,
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`),
      );
    });
    const violations = async () => {
      // A violation is reported in a task of its own: let any pending one run first.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      return page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    };

    await explorer.goto();
    // Hydration ran: a click handler works only if Next's inline scripts executed.
    await explorer.themeToggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", /^(light|dark)$/);
    expect(await violations()).toEqual([]);
    expect(explorer.consoleErrors).toEqual([]);

    const notFound = await page.goto("/no-such-page");
    expect(notFound?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
