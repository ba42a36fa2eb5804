import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

/** A raw GET, so the path reaches the server exactly as written (no URL normalisation on the way). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; type: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]) });
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("scripts/serve.mjs", () => {
  test.beforeEach(({ baseURL }) => {
    expect(baseURL, "playwright.config.ts must set use.baseURL").toBeTruthy();
  });

  const cases = [
    { name: "the root page", path: "/", status: 200, type: "text/html" },
    { name: "a page by its .html name", path: "/index.html", status: 200, type: "text/html" },
    { name: "an unknown route gets the 404 page", path: "/no-such-page", status: 404, type: "text/html" },
    { name: "a directory is never listed", path: "/_next/", status: 404, type: "text/html" },
    { name: "a literal ../ cannot leave out/", path: "/../package.json", status: 404, type: "text/html" },
    {
      name: "an encoded ../ cannot leave out/",
      path: "/..%2f..%2fpackage.json",
      status: 404,
      type: "text/html",
    },
    { name: "a malformed escape is a bad request", path: "/%ff", status: 400, type: "text/plain" },
  ];
  for (const { name, path, status, type } of cases) {
    test(name, async ({ baseURL }) => {
      const res = await rawGet(baseURL ?? "", path);
      expect(res.status).toBe(status);
      expect(res.type).toContain(type);
    });
  }

  test("scripts are served with a JavaScript type", async ({ page }) => {
    const types: string[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith(".js")) types.push(res.headers()["content-type"] ?? "");
    });
    await page.goto("/");
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).toContain("text/javascript");
  });
});
