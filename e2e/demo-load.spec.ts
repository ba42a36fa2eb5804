import { expect, test } from "./pages/explorer-page";
import { reportForDemo, statusesById } from "./support/expected-report";

/** Paths of the requests the page made under /demo/, in order. */
function recordDemoRequests(page: import("@playwright/test").Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/demo/")) paths.push(pathname);
  });
  return paths;
}

test.describe("the demo cluster on a first visit", () => {
  test("comes as one archive beside its manifest, and is judged exactly as its folder is", async ({
    explorer,
    page,
  }) => {
    const demoRequests = recordDemoRequests(page);
    await explorer.goto("/");
    await expect(page.getByText("Demo cluster (sample data)").first()).toBeVisible();
    await expect(explorer.main).toHaveAttribute("data-analysis-run", "1");
    // The head preloads both and the loader's fetches take the preloads over: one request each.
    expect(demoRequests.sort()).toEqual(["/demo/demo.tar.gz", "/demo/manifest.json"]);

    const expected = await reportForDemo();
    await expect.poll(() => explorer.edgeStatuses()).toEqual(statusesById(expected));
    const json = await explorer.exportFile("report-json");
    expect(JSON.parse(json.bytes.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(explorer.consoleErrors).toEqual([]);
    expect(explorer.foreignRequests).toEqual([]);
  });

  test("loading it again after clearing judges the same demo, from the copy the page kept", async ({
    explorer,
    page,
  }) => {
    await explorer.goto("/");
    const first = await explorer.edgeStatuses();
    await page.getByRole("button", { name: /clear/i }).first().click();
    const cleared = await explorer.run();
    const demoRequests = recordDemoRequests(page);
    await page
      .getByRole("button", { name: /load demo/i })
      .first()
      .click();
    await explorer.waitForRunAfter(cleared);
    // The page keeps the demo it loaded first (components/input/load-demo.ts): no second download.
    expect(demoRequests).toEqual([]);
    await expect.poll(() => explorer.edgeStatuses()).toEqual(first);
    expect(explorer.consoleErrors).toEqual([]);
  });

  test("an archive missing from the site is a notice, not a broken page", async ({ explorer, page }) => {
    await page.route("**/demo/demo.tar.gz", (route) => route.fulfill({ status: 404, body: "not found" }));
    await page.goto("/");
    await expect(explorer.main.getByRole("alert")).toContainText(
      "The demo cluster could not be loaded: the demo archive could not be loaded (HTTP 404)",
    );
    // Nothing is left running: the page settles with no report, ready for a drop.
    await expect(explorer.main).toHaveAttribute("data-analysis", "done");
    await expect(explorer.main).toHaveAttribute("data-analysis-run", "0");
    expect(explorer.consoleErrors.filter((error) => !/404/.test(error))).toEqual([]);
  });
});
